/**
 * One agent's session with a pack: answers protocol requests, keeps the transcript, and counts the
 * agent's actions as accepted (the engine played them), refused (well formed, but the rules say no:
 * walking into a wall, the level is over) or malformed (not an action of this game, or not a request
 * at all). Nothing an agent sends can throw out of here.
 * @module
 */
import { type GameAction, type Pack, resolveAction, Session } from "@gridponder/engine";
import { type AssetCatalog, createViewContext, type ViewContext } from "@gridponder/view";
import { type Aliases, aliasValue, unaliasValue } from "./anonymise.js";
import { type ImageRenderer, type LevelStatus, type Observation, observe, statusOf } from "./observation.js";
import {
  type ErrorCode,
  type ObservationForm,
  parseRequest,
  type Request,
  type RequestId,
  type RequestType,
} from "./protocol.js";
import { rulesText } from "./rules.js";

/** How an act request ended. */
export type ActOutcome = "accepted" | "refused" | "malformed";

/** Fields every response has. */
export interface ResponseBase {
  readonly id?: RequestId;
  readonly type: RequestType | "error";
  readonly ok: boolean;
  /** The level being played. */
  readonly level: string;
  readonly status: LevelStatus;
  /**
   * Turns played in this attempt and not taken back: every accepted action counts, a tap that only
   * selects a piece too (the solver's optimum counts them the same way).
   */
  readonly moves: number;
  /** Present once the agent gave up this attempt (its status is then `lost`). */
  readonly gaveUp?: true;
  /** Present once the attempt used every move its limit allowed without winning (its status is then `lost`). */
  readonly outOfMoves?: true;
}

export interface LevelEntry {
  readonly id: string;
  readonly title: string;
  /** 1-based place in the pack's level order. */
  readonly number: number;
  /** The gold path's length: an upper bound on the fewest moves that win. */
  readonly goldLength: number;
}

export type Response = ResponseBase &
  (
    | { readonly type: "levels"; readonly levels: readonly LevelEntry[] }
    | { readonly type: "start"; readonly rules: string; readonly observation: Observation }
    | { readonly type: "observe"; readonly observation: Observation }
    | { readonly type: "legal_actions"; readonly actions: readonly unknown[] }
    | {
        readonly type: "act";
        readonly outcome: ActOutcome;
        /** Why the action was refused or is malformed. */
        readonly reason?: string;
        readonly observation: Observation;
      }
    | { readonly type: "undo"; readonly undone: boolean; readonly observation: Observation }
    | { readonly type: "reset"; readonly observation: Observation }
    | { readonly type: "give_up" }
    | { readonly type: "error"; readonly error: { readonly code: ErrorCode; readonly message: string } }
  );

export interface TranscriptEntry {
  /** The request's number in the session, from 1. */
  readonly n: number;
  /** Milliseconds since the session began; left out when the session keeps no times (`now: null`). */
  readonly t?: number;
  /** The request as understood, or the line as received when it was not one (cut to 200 characters). */
  readonly request: Request | { readonly line: string };
  readonly response: Response;
}

export interface ActionCounts {
  accepted: number;
  refused: number;
  malformed: number;
}

export interface AgentSessionOptions {
  /** The level to begin on; the pack's first level by default. */
  readonly level?: string;
  /** How observations are given unless a request asks otherwise; `text` by default. */
  readonly observation?: ObservationForm;
  /** Called with each transcript entry as it is made (to stream it to a file). */
  readonly onEntry?: (entry: TranscriptEntry) => void;
  /**
   * The clock, for the transcript's times; `null` keeps none, so that the same requests always make
   * the same transcript. `Date.now` by default.
   */
  readonly now?: (() => number) | null;
  /**
   * The most moves (see `Response.moves`) an attempt may stand at without winning: reaching it ends
   * the attempt, lost. Moves taken back by undo do not count. No limit by default.
   */
  readonly moveLimit?: number;
  /** Play only this level: `start` with another level is refused (the harness gives one level per attempt). */
  readonly onlyLevel?: boolean;
  /** Draws image observations (`pngRenderer` of `@gridponder/agent/node`); without it `image` is refused. */
  readonly image?: ImageRenderer;
  /** The files sprites may be drawn from (see `folderImages`); without it pieces are drawn by colour and form. */
  readonly assets?: AssetCatalog;
  /**
   * Aliases (`makeAliases`) that replace the pack's words in everything the agent reads, and are
   * translated back in what it sends; the pack's prose and its sprites are then left out.
   */
  readonly aliases?: Aliases;
}

export class AgentSession {
  readonly pack: Pack;
  readonly transcript: TranscriptEntry[] = [];
  readonly counts: ActionCounts = { accepted: 0, refused: 0, malformed: 0 };
  readonly #ctx: ViewContext;
  readonly #form: ObservationForm;
  readonly #options: AgentSessionOptions;
  readonly #now: (() => number) | null;
  readonly #began: number;
  #requests = 0;
  #session: Session;
  /** Why the attempt ended before the rules ended it, if it did. */
  #ended: "gave_up" | "out_of_moves" | null = null;

  constructor(pack: Pack, options: AgentSessionOptions = {}) {
    this.pack = pack;
    this.#options = options;
    // Sprites show what a thing is: an anonymised session draws colours and forms only.
    this.#ctx = createViewContext(pack, options.aliases ? undefined : options.assets);
    this.#form = options.observation ?? "text";
    if (this.#form === "image" && !options.image)
      throw new Error("image observations need an image renderer");
    this.#now = options.now === undefined ? Date.now : options.now;
    this.#began = this.#now?.() ?? 0;
    const first = options.level ?? pack.levelOrder[0];
    if (first === undefined || !Object.hasOwn(pack.levels, first))
      throw new Error(
        first === undefined ? "the pack has no levels" : `no level ${JSON.stringify(first)} in the pack`,
      );
    this.#session = new Session(pack, first);
  }

  /** The engine session of the current attempt. */
  get session(): Session {
    return this.#session;
  }

  get status(): LevelStatus {
    return this.#ended ? "lost" : statusOf(this.#session);
  }

  /** Why the attempt ended early: the agent gave up or ran out of moves; `null` otherwise. */
  get ended(): "gave_up" | "out_of_moves" | null {
    return this.#ended;
  }

  /** Answers one line of the protocol. */
  handleLine(line: string): Response {
    const parsed = parseRequest(line);
    if (parsed.ok) return this.handle(parsed.request);
    this.counts.malformed++;
    const response = this.#outward(this.#respond({ type: "error", error: parsed.error }, parsed.id));
    this.#record({ line: line.slice(0, 200) }, response);
    return response;
  }

  /** Answers one request (in the agent's words: aliased when the session anonymises). */
  handle(request: Request): Response {
    const aliases = this.#options.aliases;
    const response = this.#outward(this.#answer(aliases ? unaliasValue(request, aliases) : request));
    this.#record(request, response);
    return response;
  }

  /** A response as the agent reads it: in aliases when the session anonymises. */
  #outward(response: Response): Response {
    const aliases = this.#options.aliases;
    return aliases ? aliasValue(response, aliases) : response;
  }

  #answer(request: Request): Response {
    const id = request.id;
    switch (request.type) {
      case "levels":
        return this.#respond({ type: "levels", levels: this.#levels() }, id);
      case "start": {
        const level = request.level ?? this.#session.level.id;
        if (this.#options.onlyLevel && level !== this.#session.level.id)
          return this.#respond(
            {
              type: "error",
              error: {
                code: "unknown_level",
                message: `this session plays only ${JSON.stringify(this.#session.level.id)}`,
              },
            },
            id,
          );
        if (!Object.hasOwn(this.pack.levels, level))
          return this.#respond(
            {
              type: "error",
              error: {
                code: "unknown_level",
                message: `no level ${JSON.stringify(level)}; ask for "levels" to list them`,
              },
            },
            id,
          );
        this.#session = new Session(this.pack, level);
        this.#ended = null;
        return this.#respond(
          {
            type: "start",
            rules: rulesText(this.#ctx, this.#session.level, { plain: this.#options.aliases !== undefined }),
            observation: this.#observe(),
          },
          id,
        );
      }
      case "observe":
        if (request.form === "image" && !this.#options.image)
          return this.#respond(
            { type: "error", error: { code: "invalid_request", message: "this session draws no images" } },
            id,
          );
        return this.#respond({ type: "observe", observation: this.#observe(request.form) }, id);
      case "legal_actions":
        return this.#respond(
          { type: "legal_actions", actions: this.#ended ? [] : this.#session.legalActions() },
          id,
        );
      case "act":
        return this.#act(request.action, id);
      case "undo": {
        const undone = !this.#ended && this.#session.undo();
        return this.#respond({ type: "undo", undone, observation: this.#observe() }, id);
      }
      case "reset":
        this.#session.reset();
        this.#ended = null;
        return this.#respond({ type: "reset", observation: this.#observe() }, id);
      case "give_up":
        this.#ended ??= "gave_up";
        return this.#respond({ type: "give_up" }, id);
    }
  }

  #act(action: unknown, id: RequestId | undefined): Response {
    const session = this.#session;
    let outcome: ActOutcome;
    let reason: string | undefined;
    if (this.#ended) {
      outcome = "refused";
      reason =
        this.#ended === "gave_up"
          ? "you gave up this level: start or reset it to play again"
          : "no moves are left in this attempt: start or reset it to play again";
    } else {
      const resolved = resolveAction(this.pack, session.level, action);
      if ("error" in resolved) {
        outcome = "malformed";
        reason = resolved.error;
      } else {
        // Resolved, so it is an action of this game.
        const result = session.act(action as GameAction);
        outcome = result.accepted ? "accepted" : "refused";
        reason = result.reason;
        const limit = this.#options.moveLimit;
        if (limit !== undefined && !session.won && !session.lost && session.actions.length >= limit)
          this.#ended = "out_of_moves";
      }
    }
    this.counts[outcome]++;
    return this.#respond(
      { type: "act", outcome, ...(reason === undefined ? {} : { reason }), observation: this.#observe() },
      id,
    );
  }

  #levels(): LevelEntry[] {
    return this.pack.levelOrder.map((levelId, i) => {
      const def = this.pack.levels[levelId];
      return {
        id: levelId,
        title: this.#options.aliases ? levelId : (def?.title ?? levelId),
        number: i + 1,
        goldLength: def?.solution.goldPath.length ?? 0,
      };
    });
  }

  #observe(form: ObservationForm = this.#form): Observation {
    return observe(
      this.#ctx,
      this.#session,
      form,
      this.status,
      this.#options.image,
      this.#options.aliases !== undefined,
    );
  }

  /** The response to a request: the common fields first (`type` leading, for people reading a log), then the body. */
  #respond<T extends { type: Response["type"] }>(body: T, id: RequestId | undefined): Response {
    const { type, ...rest } = body;
    return {
      ...(id === undefined ? {} : { id }),
      type,
      ok: type !== "error",
      level: this.#session.level.id,
      status: this.status,
      moves: this.#session.actions.length,
      ...(this.#ended === "gave_up" ? { gaveUp: true as const } : {}),
      ...(this.#ended === "out_of_moves" ? { outOfMoves: true as const } : {}),
      ...rest,
    } as unknown as Response;
  }

  #record(request: TranscriptEntry["request"], response: Response): void {
    this.#requests++;
    const entry: TranscriptEntry = {
      n: this.#requests,
      ...(this.#now ? { t: this.#now() - this.#began } : {}),
      request,
      response,
    };
    this.transcript.push(entry);
    this.#options.onEntry?.(entry);
  }
}
