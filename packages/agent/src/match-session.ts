/**
 * An agent's session with a match pack: the same protocol as a puzzle session (levels, start, observe,
 * legal_actions, act, undo, reset, give_up), with the agent in one seat and bots in the others. After
 * each of its moves the bots play until it is the agent's turn again, and the response says what they
 * did. Everything the agent reads comes from its seat's observation: it never sees a hidden card.
 * Nothing an agent sends can throw out of here.
 * @module
 */
import {
  alphaBetaBot,
  type Bot,
  type CompiledGame,
  compileGame,
  type MatchAction,
  type MatchGame,
  type MatchLevel,
  type MatchManifest,
  type Observation as MatchObservation,
  MatchSession,
  type MatchTheme,
  mctsBot,
  parseActionKey,
  randomBot,
} from "@gridponder/match";
import { describeMatchMove, describeOutcome, type MatchLook, matchLook } from "@gridponder/view/match";
import { matchText } from "./match-text.js";
import {
  type ErrorCode,
  type ObservationForm,
  parseRequest,
  type Request,
  type RequestId,
  type RequestType,
} from "./protocol.js";

/** How the game stands for the agent. */
export type MatchStatus = "playing" | "won" | "lost" | "drawn";

/** The bots the other seats can be. */
export type Opponent = "random" | "alpha-beta" | "mcts";

export interface MatchPackData {
  readonly manifest: MatchManifest;
  readonly game: MatchGame;
  readonly theme?: MatchTheme;
  readonly levels?: Readonly<Record<string, MatchLevel>>;
}

export interface MatchAgentOptions {
  /** The position to begin with (`standard`, the game's own setup, by default). */
  readonly level?: string;
  /** The seat the agent plays, from 0; 0 by default. */
  readonly seat?: number;
  /** How many seats play; the position's or the game's fewest by default. */
  readonly seatCount?: number;
  /** The other seats' bot; alpha-beta for two seats with nothing hidden, else MCTS. */
  readonly opponent?: Opponent;
  /** The seed of the game's random numbers and of the bots; 1 by default. */
  readonly seed?: number;
  /** `text` (default) or `json` (the seat's observation as the match runtime gives it). */
  readonly observation?: ObservationForm;
  readonly onEntry?: (entry: MatchTranscriptEntry) => void;
  /** The clock for transcript times; `null` keeps none. `Date.now` by default. */
  readonly now?: (() => number) | null;
}

export type MatchAgentObservation =
  | { readonly form: "text"; readonly text: string }
  | { readonly form: "json"; readonly data: MatchObservation & { readonly recent: readonly string[] } };

export type MatchActOutcome = "accepted" | "refused" | "malformed";

export interface MatchResponseBase {
  readonly id?: RequestId;
  readonly type: RequestType | "error";
  readonly ok: boolean;
  readonly level: string;
  readonly status: MatchStatus;
  /** The agent's moves in this game, not taken back. */
  readonly moves: number;
  readonly gaveUp?: true;
}

export type MatchResponse = MatchResponseBase &
  (
    | { readonly type: "levels"; readonly levels: readonly { id: string; title: string; number: number }[] }
    | { readonly type: "start"; readonly rules: string; readonly observation: MatchAgentObservation }
    | { readonly type: "observe"; readonly observation: MatchAgentObservation }
    | { readonly type: "legal_actions"; readonly actions: readonly MatchAction[] }
    | {
        readonly type: "act";
        readonly outcome: MatchActOutcome;
        readonly reason?: string;
        readonly observation: MatchAgentObservation;
      }
    | { readonly type: "undo"; readonly undone: boolean; readonly observation: MatchAgentObservation }
    | { readonly type: "reset"; readonly observation: MatchAgentObservation }
    | { readonly type: "give_up" }
    | { readonly type: "error"; readonly error: { readonly code: ErrorCode; readonly message: string } }
  );

export interface MatchTranscriptEntry {
  readonly n: number;
  readonly t?: number;
  readonly request: Request | { readonly line: string };
  readonly response: MatchResponse;
}

/** The position id of the game's own setup. */
export const STANDARD_POSITION = "standard";

export class MatchAgentSession {
  readonly transcript: MatchTranscriptEntry[] = [];
  readonly counts = { accepted: 0, refused: 0, malformed: 0 };
  readonly seat: number;
  readonly #pack: MatchPackData;
  readonly #options: MatchAgentOptions;
  readonly #form: ObservationForm;
  readonly #now: (() => number) | null;
  readonly #began: number;
  #requests = 0;
  #level: string;
  #game!: CompiledGame;
  #look!: MatchLook;
  #session!: MatchSession;
  #bots: Bot[] = [];
  /** What the other seats did since the agent's last move, in words. */
  #recent: string[] = [];
  /** The log length after each of the agent's moves and the bots' replies, for undo. */
  #marks: number[] = [];
  #gaveUp = false;

  constructor(pack: MatchPackData, options: MatchAgentOptions = {}) {
    this.#pack = pack;
    this.#options = options;
    this.#form = options.observation ?? "text";
    if (this.#form === "image") throw new Error("a match session gives text or json observations");
    this.#now = options.now === undefined ? Date.now : options.now;
    this.#began = this.#now?.() ?? 0;
    this.seat = options.seat ?? 0;
    this.#level = options.level ?? STANDARD_POSITION;
    if (!this.#positions().some((p) => p.id === this.#level))
      throw new Error(`no position ${JSON.stringify(this.#level)} in the pack`);
    this.#begin();
  }

  get session(): MatchSession {
    return this.#session;
  }

  get status(): MatchStatus {
    if (this.#gaveUp) return "lost";
    const outcome = this.#session.outcome;
    if (!outcome) return "playing";
    const r = outcome.results[this.seat];
    return r === "win" ? "won" : r === "loss" ? "lost" : "drawn";
  }

  #positions(): { id: string; title: string; level?: MatchLevel }[] {
    const levels = this.#pack.levels ?? {};
    return [
      { id: STANDARD_POSITION, title: "Standard game" },
      ...(this.#pack.manifest.levels ?? Object.keys(levels)).flatMap((id) => {
        const level = levels[id];
        return level ? [{ id, title: level.title, level }] : [];
      }),
    ];
  }

  /** A fresh game of the current position: the bots move first when the agent's seat is not first. */
  #begin(): void {
    const position = this.#positions().find((p) => p.id === this.#level);
    const game = this.#pack.game;
    const seats = this.#options.seatCount ?? position?.level?.seatCount ?? game.seats.min;
    const compiled = compileGame(game, seats, position?.level?.setup ?? game.setup);
    if (!compiled.ok) throw new Error(`the game does not compile: ${compiled.errors[0]?.message}`);
    if (this.seat < 0 || this.seat >= seats)
      throw new Error(`seat ${this.seat + 1} does not play with ${seats} seats`);
    this.#game = compiled.game;
    this.#look = matchLook(compiled.game, this.#pack.theme);
    const seed = this.#options.seed ?? 1;
    this.#session = new MatchSession(compiled.game, compiled.setup, { seed });
    const perfect = seats === 2 && !compiled.game.hidesInformation;
    const opponent = this.#options.opponent ?? (perfect ? "alpha-beta" : "mcts");
    this.#bots = Array.from({ length: seats }, (_, i) =>
      opponent === "random"
        ? randomBot({ seed: seed * 131 + i })
        : opponent === "alpha-beta" && perfect
          ? alphaBetaBot({ budget: 20_000 })
          : mctsBot({ iterations: 300, seed: seed * 131 + i }),
    );
    this.#recent = [];
    this.#marks = [];
    this.#gaveUp = false;
    this.#botsPlay();
  }

  /** The bots move until it is the agent's turn or the game is over. */
  #botsPlay(): void {
    const s = this.#session;
    for (let guard = 0; guard < 10_000 && !s.outcome && s.current !== this.seat; guard++) {
      const seat = s.current;
      const bot = this.#bots[seat] as Bot;
      const turn = s.playMove(bot.choose(s.position));
      if (!turn.accepted || !turn.action) break;
      this.#recent.push(describeMatchMove(this.#game, this.#look, seat, turn.action, s.observe(this.seat)));
    }
    if (s.outcome) this.#recent.push(describeOutcome(this.#game, s.outcome));
  }

  handleLine(line: string): MatchResponse {
    const parsed = parseRequest(line);
    if (parsed.ok) return this.handle(parsed.request);
    this.counts.malformed++;
    const response = this.#respond({ type: "error", error: parsed.error }, parsed.id);
    this.#record({ line: line.slice(0, 200) }, response);
    return response;
  }

  handle(request: Request): MatchResponse {
    const response = this.#answer(request);
    this.#record(request, response);
    return response;
  }

  #answer(request: Request): MatchResponse {
    const id = request.id;
    switch (request.type) {
      case "levels":
        return this.#respond(
          {
            type: "levels",
            levels: this.#positions().map((p, i) => ({ id: p.id, title: p.title, number: i + 1 })),
          },
          id,
        );
      case "start": {
        const level = request.level ?? this.#level;
        if (!this.#positions().some((p) => p.id === level))
          return this.#respond(
            {
              type: "error",
              error: {
                code: "unknown_level",
                message: `no position ${JSON.stringify(level)}; ask for "levels" to list them`,
              },
            },
            id,
          );
        this.#level = level;
        this.#begin();
        return this.#respond({ type: "start", rules: this.#rules(), observation: this.#observe() }, id);
      }
      case "observe":
        if (request.form === "image")
          return this.#respond(
            { type: "error", error: { code: "invalid_request", message: "a match session draws no images" } },
            id,
          );
        return this.#respond({ type: "observe", observation: this.#observe(request.form) }, id);
      case "legal_actions":
        return this.#respond(
          { type: "legal_actions", actions: this.#myTurn() ? this.#session.legalActions() : [] },
          id,
        );
      case "act":
        return this.#act(request.action, id);
      case "undo": {
        const undone = this.#undo();
        return this.#respond({ type: "undo", undone, observation: this.#observe() }, id);
      }
      case "reset":
        this.#begin();
        return this.#respond({ type: "reset", observation: this.#observe() }, id);
      case "give_up":
        this.#gaveUp = true;
        return this.#respond({ type: "give_up" }, id);
    }
  }

  #myTurn(): boolean {
    return !this.#gaveUp && !this.#session.outcome && this.#session.current === this.seat;
  }

  #act(action: unknown, id: RequestId | undefined): MatchResponse {
    let outcome: MatchActOutcome;
    let reason: string | undefined;
    const wanted = typeof action === "string" ? parseActionKey(action, this.#game) : action;
    if (wanted === null || typeof wanted !== "object" || typeof (wanted as MatchAction).move !== "string") {
      outcome = "malformed";
      reason = 'not an action: send an action object from legal_actions, or its key ("push@e2>e4")';
    } else if (!this.#myTurn()) {
      outcome = "refused";
      reason = this.#gaveUp
        ? "you gave up: start or reset to play again"
        : this.#session.outcome
          ? "the game is over"
          : "it is not your move";
    } else {
      const turn = this.#session.act(wanted as MatchAction);
      if (turn.accepted) {
        outcome = "accepted";
        this.#recent = [];
        this.#botsPlay();
        this.#marks.push(this.#session.log.length);
      } else {
        const known = this.#game.moveIndex.has((wanted as MatchAction).move);
        outcome = known ? "refused" : "malformed";
        reason = known ? turn.reason : `no move ${JSON.stringify((wanted as MatchAction).move)} in this game`;
      }
    }
    this.counts[outcome]++;
    return this.#respond(
      { type: "act", outcome, ...(reason === undefined ? {} : { reason }), observation: this.#observe() },
      id,
    );
  }

  /** Takes back the agent's last move and the replies after it, when the game allows. */
  #undo(): boolean {
    if (this.#gaveUp || this.#marks.length === 0) return false;
    const s = this.#session;
    this.#marks.pop();
    const target = this.#marks.at(-1) ?? this.#firstAgentPly();
    while (s.log.length > target) if (!s.undo()) break;
    // Undo stops at a move that cannot be taken back (a card drawn): replay the bots from there.
    this.#recent = [];
    if (s.log.length > target) {
      this.#marks.push(s.log.length);
      return false;
    }
    return true;
  }

  /** The log length when the agent first had the move (the bots may open the game). */
  #firstAgentPly(): number {
    const s = this.#session;
    const log = s.log;
    const replay = new MatchSession(this.#game, s.setup, { seed: s.seed });
    let n = 0;
    while (n < log.length && replay.current !== this.seat) replay.act(log[n++] as string);
    return n;
  }

  #rules(): string {
    const g = this.#game;
    const moves = g.moves.map((m) => `${m.id} (${m.label})`).join(", ");
    const ends = g.end.map((e) => e.reason).join("; ");
    return [
      `${this.#pack.manifest.title}: ${this.#pack.manifest.description ?? ""}`.trim(),
      `${g.seatCount} seats: ${g.seatNames.join(", ")}. You play ${g.seatNames[this.seat]}; the others are bots.`,
      `Moves of this game: ${moves}.`,
      `The game ends by: ${ends}.`,
      'Act with an action object from legal_actions, or its key: "move@from>to", "#id" for a card, "=option" for a choice, ";move>to" for each further step of a chain.',
    ].join("\n");
  }

  #observe(form: ObservationForm = this.#form): MatchAgentObservation {
    const observation = this.#session.observe(this.seat);
    if (form === "json") return { form: "json", data: { ...observation, recent: [...this.#recent] } };
    return { form: "text", text: matchText(this.#game, this.#look, observation, this.seat, this.#recent) };
  }

  #respond<T extends { type: MatchResponse["type"] }>(body: T, id: RequestId | undefined): MatchResponse {
    const { type, ...rest } = body;
    return {
      ...(id === undefined ? {} : { id }),
      type,
      ok: type !== "error",
      level: this.#level,
      status: this.status,
      moves: this.#marks.length,
      ...(this.#gaveUp ? { gaveUp: true as const } : {}),
      ...rest,
    } as unknown as MatchResponse;
  }

  #record(request: MatchTranscriptEntry["request"], response: MatchResponse): void {
    this.#requests++;
    const entry: MatchTranscriptEntry = {
      n: this.#requests,
      ...(this.#now ? { t: this.#now() - this.#began } : {}),
      request,
      response,
    };
    this.transcript.push(entry);
    this.#options.onEntry?.(entry);
  }
}
