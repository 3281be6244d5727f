/**
 * Turns, stages and phases. Each B.A.G.E.L. phase's turn becomes match phases: the stage a turn starts
 * in, with the stages it falls through to when it has no possible move (`SetActivePlayers` on
 * `NoPossibleMoves`) merged in at lower priorities (so the first stage's moves, when any is legal, are
 * the only ones: a forced capture) and a pass at the lowest when the last stage passes; a stage a move
 * sends the player on to is its own phase (the turn goes on: `again`); a stage whose moves continue
 * with the same piece (`_meta.previousPayloads`) is a chain; a stage without moves runs its rules when
 * the move (or chain) is complete, as the phase's end. `turn.initialMoves` run as the entry phase's
 * `onEnter`, which every turn re-enters, but for a last PassTurn on NoPossibleMoves (a turn without
 * stages), which is a pass at the lowest priority as for a stage; a phase's `initialMoves` run when it
 * begins. A turn's length is the engine's: one move when there is no `turn` at all or `maxMoves: 1`;
 * otherwise no limit, so a move whose rules do not end the turn (EndTurn, PassTurn) nor change its stage
 * keeps it (`again`), and where the engine's turn would go on in a way the translation cannot follow
 * exactly the import stops (see `settle.ts`).
 * @module
 */
import type { Effect, Expr, MoveDefinition, Phase } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../findings.js";
import type { Tr } from "./api.js";
import { BagelContext, MAX_DEPTH } from "./context.js";
import { and, not, when } from "./exprs.js";
import type { Env } from "./model.js";
import type { Flow, MoveScope } from "./moves/api.js";
import { isNoPossibleMoves, MOVE_TYPES, runList } from "./moves/effects.js";
import { moveConditions, PLAYER_MOVES } from "./moves/player.js";
import { replaceMarkers, settledMarker, settles } from "./settle.js";
import { moveTypeOf } from "./shorthand.js";

const get = BagelContext.get;

interface BagelPhase {
  name: string;
  pointer: string;
  node: Record<string, unknown>;
  turn: Record<string, unknown>;
  turnPointer: string;
  moves: unknown;
  movesPointer: string;
  next?: string;
  /**
   * Whether the engine fills in the turn (no `turn` in the phase nor at the top): then it is one move,
   * as `maxMoves: 1` makes it. A `turn` without `maxMoves` sets no limit.
   */
  defaultTurn: boolean;
}

export interface Flowed {
  phases: Record<string, Phase>;
  startPhase: string;
  moves: MoveDefinition[];
  setupDo: Effect[];
}

const PHASE_VAR = "bagelPhase";
const FLOW_VAR = "afterMove";
/** Set by a move's rules that end the turn or change its stage, where only some paths do. */
const SETTLED_VAR = "turnSettled";

export class TurnCompiler {
  private readonly out: Flowed = { phases: {}, startPhase: "", moves: [], setupDo: [] };
  private readonly bphases: BagelPhase[] = [];
  private flowCodes = new Map<string, number>();
  /** What each phase's turn length was read as, for the report. */
  private readonly turnReadings: string[] = [];
  private readonly cx: BagelContext;

  constructor(private readonly tr: Tr) {
    this.cx = tr.cx;
  }

  private env(where: Env["where"]): Env {
    return { where };
  }

  private readPhases(): boolean {
    const cx = this.cx;
    const root = cx.root;
    const phases = get(root, "phases");
    const rootTurn = get(root, "turn") ?? {};
    if (!isRecord(rootTurn)) {
      cx.error("/turn", "expected-turn", `expected a turn object, found ${describe(rootTurn)}`);
      return false;
    }
    if (phases === undefined) {
      this.bphases.push({
        name: "play",
        pointer: "",
        node: root,
        turn: rootTurn,
        turnPointer: "/turn",
        moves: get(root, "moves") ?? {},
        movesPointer: "/moves",
        defaultTurn: !Object.hasOwn(root, "turn"),
      });
      return true;
    }
    if (!isRecord(phases) || Object.keys(phases).length === 0 || Object.keys(phases).length > 32) {
      cx.error(
        "/phases",
        "expected-phases",
        `expected an object of 1 to 32 phases, found ${describe(phases)}`,
      );
      return false;
    }
    for (const [name, node] of Object.entries(phases)) {
      const p = at("/phases", name);
      if (cx.name(name, p, "phase") === undefined) return false;
      if (!isRecord(node)) {
        cx.error(p, "expected-phase", `expected a phase object, found ${describe(node)}`);
        return false;
      }
      const turn = Object.hasOwn(node, "turn") ? node.turn : rootTurn;
      if (!isRecord(turn)) {
        cx.error(at(p, "turn"), "expected-turn", `expected a turn object, found ${describe(turn)}`);
        return false;
      }
      const next = get(node, "next");
      if (next !== undefined && (typeof next !== "string" || !Object.hasOwn(phases, next))) {
        cx.error(
          at(p, "next"),
          "unknown-phase",
          `no phase named ${describe(next)}; expected one of ${Object.keys(phases).join(", ")}`,
        );
        return false;
      }
      this.bphases.push({
        name,
        pointer: p,
        node,
        turn,
        turnPointer: Object.hasOwn(node, "turn") ? at(p, "turn") : "/turn",
        moves: Object.hasOwn(node, "moves") ? node.moves : (get(root, "moves") ?? {}),
        movesPointer: Object.hasOwn(node, "moves") ? at(p, "moves") : "/moves",
        ...(typeof next === "string" ? { next } : {}),
        defaultTurn: !Object.hasOwn(node, "turn") && !Object.hasOwn(root, "turn"),
      });
    }
    const starts = this.bphases.filter((b) => get(b.node, "start") === true);
    if (starts.length > 1)
      cx.error(starts[1]?.pointer ?? "/phases", "two-starts", "more than one phase says `start: true`");
    return true;
  }

  /** Whether a phase has moves a player makes. */
  private interactive(b: BagelPhase): boolean {
    const stages = get(b.turn, "stages");
    if (isRecord(stages))
      return Object.values(stages).some(
        (s) => isRecord(get(s, "moves")) && Object.keys(get(s, "moves") as object).length > 0,
      );
    return isRecord(b.moves) && Object.keys(b.moves).length > 0;
  }

  compile(): Flowed | undefined {
    if (!this.readPhases()) return undefined;
    const cx = this.cx;
    const startB = this.bphases.find((b) => get(b.node, "start") === true) ?? (this.bphases[0] as BagelPhase);
    if (this.bphases.length > 1) {
      cx.variables[PHASE_VAR] = { type: "int", initial: this.bphases.indexOf(startB) };
      cx.reading(
        "/phases",
        "phases",
        "A phase's `initialMoves` run once when the phase begins (B.A.G.E.L.'s Eights deals its cards there); `turn.initialMoves` at the start of every turn. A phase without moves for a player runs its rules and goes on to its `next` at once.",
      );
    }
    const interactive = this.bphases.filter((b) => this.interactive(b));
    if (interactive.length === 0) {
      cx.error("/moves", "no-moves", "the game has no move a player can make");
      return undefined;
    }
    const root = cx.root;
    const setup: Effect[] = [];
    if (Object.hasOwn(root, "initialMoves")) {
      const e = runList(this.scope(this.env("effect"), this.noFlow()), root.initialMoves, "/initialMoves");
      if (e === undefined) return undefined;
      setup.push(...e);
    }
    const entry = this.enter(startB, at(startB.pointer, "start"), 0);
    if (entry === undefined) return undefined;
    setup.push(...entry.effects);
    this.out.setupDo = setup;
    for (const b of interactive) if (this.compilePhase(b) === undefined) return undefined;
    cx.reading(
      interactive[0]?.turnPointer ?? "/turn",
      "turn length",
      "Observed on board-game-engine 2.1.0 (the reference's “maxMoves defaults to 1” holds only when there is no `turn` at all): with no `turn` object, neither the phase's nor the game's, the engine fills in minMoves 1 and maxMoves 1, so a turn is one move. A `turn` object without `maxMoves` sets no limit: the player moves again, in the stage they are in, until a move's rules run EndTurn or PassTurn (SetActivePlayers only changes the stage the turn goes on in; a stage's NoPossibleMoves rules run only as the stage is entered). `maxMoves: 1` ends the turn after every move, even one that runs SetActivePlayers. `minMoves` N makes the engine ignore EndTurn before the turn's N-th move. " +
        `Here: ${this.turnReadings.join("; ")}.`,
    );
    this.out.startPhase = entry.phase;
    return this.out;
  }

  /** Entering a B.A.G.E.L. phase: its initialMoves, then on through phases without player moves. */
  private enter(
    b: BagelPhase,
    pointer: string,
    hops: number,
  ): { effects: Effect[]; phase: string; target: BagelPhase } | undefined {
    const cx = this.cx;
    if (hops > this.bphases.length) {
      cx.error(pointer, "phase-cycle", "phases without player moves lead into each other without end");
      return undefined;
    }
    const effects: Effect[] = [];
    if (this.bphases.length > 1) effects.push({ set: { var: PHASE_VAR, to: this.bphases.indexOf(b) } });
    const init = get(b.node, "initialMoves");
    if (b.node !== cx.root && init !== undefined) {
      const e = runList(this.scope(this.env("effect"), this.noFlow()), init, at(b.pointer, "initialMoves"));
      if (e === undefined) return undefined;
      effects.push(...e);
    }
    if (this.interactive(b)) return { effects, phase: b.name, target: b };
    if (endIfList(b) !== undefined) {
      cx.unsupported(
        at(b.pointer, "endIf"),
        "endIf in a phase without player moves",
        "such a phase runs its rules once and goes on",
      );
      return undefined;
    }
    const turnInit = get(b.turn, "initialMoves");
    if (turnInit !== undefined && b.turn !== cx.root.turn) {
      const e = runList(
        this.scope(this.env("effect"), this.noFlow()),
        turnInit,
        at(b.turnPointer, "initialMoves"),
      );
      if (e === undefined) return undefined;
      effects.push(...e);
    }
    const nextName = b.next;
    const next = this.bphases.find((x) => x.name === nextName);
    if (next === undefined) {
      cx.unsupported(
        b.pointer,
        "a phase without player moves and without `next`",
        "the game would have nothing left to do",
      );
      return undefined;
    }
    const rest = this.enter(next, at(b.pointer, "next"), hops + 1);
    return rest === undefined ? undefined : { ...rest, effects: [...effects, ...rest.effects] };
  }

  private noFlow(): Flow {
    return {
      toStage: (_s, pointer) => {
        this.cx.unsupported(pointer, "SetActivePlayers here", "stages are entered from a turn's moves");
        return undefined;
      },
      endTurn: () => [],
    };
  }

  private scope(env: Env, flow: Flow): MoveScope {
    return { tr: this.tr, flow, env, depth: 0, path: [] };
  }

  /** The stages of a turn, and the stage each turn starts in. */
  private stagesOf(
    b: BagelPhase,
  ): { stages: Record<string, Record<string, unknown>>; first?: string; oneMove: boolean } | undefined {
    const cx = this.cx;
    const t = b.turn;
    const maxMoves = get(t, "maxMoves");
    if (maxMoves !== undefined && maxMoves !== 1) {
      cx.unsupported(
        at(b.turnPointer, "maxMoves"),
        `maxMoves ${JSON.stringify(maxMoves)?.slice(0, 40)}`,
        "expected 1 (one move per turn) or none (no limit: the turn goes on until a move's rules end it)",
      );
      return undefined;
    }
    const minMoves = get(t, "minMoves");
    if (minMoves !== undefined && minMoves !== 1 && minMoves !== 0) {
      cx.unsupported(
        at(b.turnPointer, "minMoves"),
        `minMoves ${JSON.stringify(minMoves)?.slice(0, 40)}`,
        "the engine ignores EndTurn and PassTurn before the turn's minMoves-th move; expected 1 or none",
      );
      return undefined;
    }
    const oneMove = b.defaultTurn || maxMoves === 1;
    this.turnReadings.push(
      b.defaultTurn
        ? `${b.name === "play" && b.pointer === "" ? "the game" : `phase "${b.name}"`} has no \`turn\`: one move per turn`
        : oneMove
          ? `${b.turnPointer} has maxMoves 1: one move per turn`
          : `${b.turnPointer} has no maxMoves: a move keeps the turn unless its rules run EndTurn or PassTurn`,
    );
    const order = get(t, "order");
    if (
      order !== undefined &&
      (!isRecord(order) ||
        Object.keys(order).some((k) => k !== "playOrder") ||
        (get(order, "playOrder") !== undefined && get(order, "playOrder") !== "RotateFirst"))
    ) {
      cx.unsupported(
        at(b.turnPointer, "order"),
        `the turn order ${JSON.stringify(order).slice(0, 80)}`,
        'expected { "playOrder": "RotateFirst" } or none',
      );
      return undefined;
    }
    const stages = get(t, "stages");
    const active = get(t, "activePlayers");
    if (stages === undefined && active === undefined) return { stages: {}, oneMove };
    if (!isRecord(stages)) {
      cx.error(
        at(b.turnPointer, "stages"),
        "expected-stages",
        `expected an object of stages, found ${describe(stages)}`,
      );
      return undefined;
    }
    for (const [n, s] of Object.entries(stages)) {
      if (cx.name(n, at(b.turnPointer, "stages", n), "stage") === undefined) return undefined;
      if (!isRecord(s)) {
        cx.error(
          at(b.turnPointer, "stages", n),
          "expected-stage",
          `expected a stage object, found ${describe(s)}`,
        );
        return undefined;
      }
    }
    const ap = at(b.turnPointer, "activePlayers");
    if (
      !isRecord(active) ||
      Object.keys(active).length !== 1 ||
      typeof get(active, "currentPlayer") !== "string"
    ) {
      cx.unsupported(
        ap,
        `activePlayers ${JSON.stringify(active)?.slice(0, 80)}`,
        'expected { "currentPlayer": <stage> }: only the current player acts',
      );
      return undefined;
    }
    const first = get(active, "currentPlayer") as string;
    if (!Object.hasOwn(stages, first)) {
      cx.error(
        at(ap, "currentPlayer"),
        "unknown-stage",
        `no stage named ${JSON.stringify(first)}; expected one of ${Object.keys(stages).join(", ")}`,
      );
      return undefined;
    }
    return { stages: stages as Record<string, Record<string, unknown>>, first, oneMove };
  }

  private compilePhase(b: BagelPhase): true | undefined {
    const cx = this.cx;
    const st = this.stagesOf(b);
    if (st === undefined) return undefined;
    const rotate = get(get(b.turn, "order"), "playOrder") === "RotateFirst";
    // The phase's end (B.A.G.E.L.'s endIf without a result): checked after every move of its turns.
    const ends: { cond: Expr; pointer: string }[] = [];
    const endList = endIfList(b);
    if (endList !== undefined && b.node !== cx.root) {
      if (!Array.isArray(endList.value)) {
        cx.error(
          endList.pointer,
          "expected-list",
          `expected a list of end scenarios, found ${describe(endList.value)}`,
        );
        return undefined;
      }
      for (let i = 0; i < endList.value.length; i++) {
        const sc = endList.value[i];
        const sp = at(endList.pointer, i);
        if (!isRecord(sc)) {
          cx.error(sp, "expected-scenario", `expected an end scenario, found ${describe(sc)}`);
          return undefined;
        }
        if (Object.hasOwn(sc, "result")) {
          // A scenario with a result ends the game: see end.ts.
          continue;
        }
        const c = this.tr.conditions(sc, sp, this.env("end"), 0);
        if (c === undefined) return undefined;
        ends.push({ cond: c.e, pointer: sp });
      }
      if (ends.length > 0 && b.next === undefined) {
        cx.unsupported(endList.pointer, "a phase that ends without `next`", "name the phase that follows");
        return undefined;
      }
    }
    const phaseEnd =
      ends.length === 0
        ? false
        : ends.length === 1
          ? (ends[0] as { cond: Expr }).cond
          : { or: ends.map((e) => e.cond) };
    const nextPhase = b.next === undefined ? undefined : this.bphases.find((x) => x.name === b.next);
    const transition =
      nextPhase === undefined || ends.length === 0
        ? undefined
        : this.enter(nextPhase, at(b.pointer, "next"), 0);
    if (ends.length > 0 && transition === undefined) return undefined;
    const rotating =
      transition !== undefined && get(get(transition.target.turn, "order"), "playOrder") === "RotateFirst";
    if (rotate || rotating) {
      cx.variables.roundFirst ??= { type: "seat", initial: 0 };
      cx.reading(
        b.turnPointer,
        "RotateFirst",
        "`playOrder: RotateFirst` is read as: each new round of the phase (each time it begins again) starts with the player after the one who started the round before; other turns pass to the next player.",
      );
    }
    // Each move that ends the phase hands the next turn to the player who starts the next round.
    const rotateEffects: Effect[] = rotating
      ? [
          {
            set: { var: "roundFirst", to: { mod: [{ add: [{ var: "roundFirst" }, 1] }, { seatCount: {} }] } },
          },
          {
            // The next seat is `roundFirst`: skip as many seats as lie between the mover and it.
            forEachSeat: [
              when(
                {
                  lt: [
                    { get: "seat" },
                    {
                      mod: [
                        { sub: [{ sub: [{ var: "roundFirst" }, { seat: "mover" }] }, 1] },
                        { seatCount: {} },
                      ],
                    },
                  ],
                },
                [{ skip: true }],
              ),
            ],
          },
        ]
      : [];
    const entryId = b.name;
    const turnInit = get(b.turn, "initialMoves");
    const onEnter: Effect[] = [];
    // A turn's last initial move may be a PassTurn on NoPossibleMoves: a pass when nothing else is possible.
    let turnPass = false;
    let initList = turnInit;
    if (Array.isArray(turnInit)) {
      const tp = at(b.turnPointer, "initialMoves");
      const passes = turnInit.map(
        (m, i) => isRecord(m) && moveTypeOf(m) === "PassTurn" && isNoPossibleMoves(cx, m, at(tp, i)),
      );
      const last = passes.lastIndexOf(true);
      if (last >= 0) {
        const node = turnInit[last] as Record<string, unknown>;
        if (
          last !== turnInit.length - 1 ||
          passes.indexOf(true) !== last ||
          get(node, "then") !== undefined
        ) {
          cx.unsupported(
            at(tp, last),
            "a turn's PassTurn on NoPossibleMoves with rules after it (or a `then`)",
            "it is translated as the turn's last initial move: a pass when no other move is possible",
          );
          return undefined;
        }
        if (st.first !== undefined) {
          cx.unsupported(
            at(tp, last, "conditions"),
            "a turn's PassTurn on NoPossibleMoves in a turn with stages",
            "put it among the initialMoves of the stage it is about",
          );
          return undefined;
        }
        turnPass = true;
        initList = turnInit.slice(0, last);
        cx.variables.passCount ??= { type: "int" };
      }
    }
    if (turnInit !== undefined) {
      const e = runList(
        this.scope(this.env("effect"), this.noFlow()),
        initList,
        at(b.turnPointer, "initialMoves"),
      );
      if (e === undefined) return undefined;
      onEnter.push(...e);
    }
    const phaseEndEntries: NonNullable<Phase["end"]> = [];
    const stagePhase = new Map<string, string>();
    const compiledStages = new Set<string>();
    const pending: string[] = [];
    const stageNames = Object.keys(st.stages);
    const stageOf = (name: string, pointer: string): Record<string, unknown> | undefined => {
      if (!Object.hasOwn(st.stages, name)) {
        cx.error(
          pointer,
          "unknown-stage",
          `no stage named ${JSON.stringify(name)}; expected one of ${stageNames.join(", ") || "(none: the turn has no stages)"}`,
        );
        return undefined;
      }
      return st.stages[name];
    };
    const hasMoves = (s: Record<string, unknown>) =>
      isRecord(get(s, "moves")) && Object.keys(get(s, "moves") as object).length > 0;
    /** A stage's initialMoves, split: where it falls through, whether it passes, and other rules. */
    const classify = (name: string) => {
      const s = st.stages[name] as Record<string, unknown>;
      const p = at(b.turnPointer, "stages", name, "initialMoves");
      const list = get(s, "initialMoves");
      let fall: string | undefined;
      let pass = false;
      const rest: { node: unknown; pointer: string }[] = [];
      if (list !== undefined && !Array.isArray(list)) {
        cx.error(p, "expected-moves", `expected a list of move rules, found ${describe(list)}`);
        return undefined;
      }
      for (let i = 0; i < (list ?? []).length; i++) {
        const m = (list as unknown[])[i];
        const mp = at(p, i);
        if (isRecord(m) && isNoPossibleMoves(cx, m, mp)) {
          const type = moveTypeOf(m);
          if (type === "PassTurn") pass = true;
          else if (type === "SetActivePlayers") {
            const to = get(get(get(m, "options"), "currentPlayer"), "stage");
            if (
              typeof to !== "string" ||
              stageOf(to, at(mp, "options", "currentPlayer", "stage")) === undefined
            )
              return undefined;
            fall = to;
          } else {
            cx.unsupported(
              at(mp, "conditions"),
              `NoPossibleMoves on ${describe(type)}`,
              "expected SetActivePlayers or PassTurn",
            );
            return undefined;
          }
        } else rest.push({ node: m, pointer: mp });
      }
      return { fall, pass, rest };
    };
    /** The effects of a stage without moves, run once the move is complete. */
    const autoCode = (name: string, _pointer: string): Effect[] | undefined => {
      let code = this.flowCodes.get(`${b.name}.${name}`);
      if (code === undefined) {
        code = this.flowCodes.size + 1;
        this.flowCodes.set(`${b.name}.${name}`, code);
        cx.variables[FLOW_VAR] ??= { type: "int", position: false };
        const s = st.stages[name] as Record<string, unknown>;
        let turnEnds = false;
        const flow: Flow = {
          toStage: (_t, p) => {
            cx.unsupported(p, "SetActivePlayers from a stage without moves", "such a stage ends the turn");
            return undefined;
          },
          endTurn: () => {
            turnEnds = true;
            return [];
          },
        };
        const e = runList(
          this.scope(this.env("effect"), flow),
          get(s, "initialMoves") ?? [],
          at(b.turnPointer, "stages", name, "initialMoves"),
        );
        if (e === undefined) return undefined;
        if (!turnEnds && !st.oneMove) {
          cx.unsupported(
            at(b.turnPointer, "stages", name),
            "a stage without moves that does not end the turn",
            "the player would have nothing to do",
          );
          return undefined;
        }
        autoEffects.set(code, e);
      }
      return [{ set: { var: FLOW_VAR, to: code } }];
    };
    const autoEffects = new Map<number, Effect[]>();
    const phaseIdOf = (name: string): string => {
      let id = stagePhase.get(name);
      if (id === undefined) {
        id = name === (st.first ?? "§") ? entryId : `${b.name}-${name}`;
        stagePhase.set(name, id);
        pending.push(name);
      }
      return id;
    };
    const chainStages = new Map<string, string[]>();
    /** Why a move that leaves the turn going on cannot be translated in the group being compiled. */
    let keepWhy: string | undefined;
    const endTurnEffects = (fromPhase: string): Effect[] =>
      fromPhase !== entryId || onEnter.length > 0 ? [{ goto: entryId }] : [];
    const guardAgain = (effects: Effect[]): Effect[] =>
      phaseEnd === false ? effects : [when(not(phaseEnd), effects)];

    /** Translates the moves of a stage (or of a turn without stages) at a priority. */
    const compileMoves = (
      movesNode: unknown,
      movesPointer: string,
      stageName: string | undefined,
      phaseId: string,
      priority: number,
      chainId?: string,
    ): string[] | undefined => {
      if (!isRecord(movesNode)) {
        cx.error(movesPointer, "expected-moves", `expected an object of moves, found ${describe(movesNode)}`);
        return undefined;
      }
      const ids: string[] = [];
      for (const [name, node] of Object.entries(movesNode)) {
        const mp = at(movesPointer, name);
        if (cx.name(name, mp, "move") === undefined) return undefined;
        if (!isRecord(node)) {
          cx.error(mp, "expected-move", `expected a move definition, found ${describe(node)}`);
          return undefined;
        }
        const type = moveTypeOf(node);
        if (typeof type !== "string" || !MOVE_TYPES.includes(type)) {
          cx.error(
            at(mp, Object.hasOwn(node, "moveType") ? "moveType" : "type"),
            "unknown-move-type",
            `unknown moveType ${describe(type)}; expected one of ${MOVE_TYPES.join(", ")}`,
          );
          return undefined;
        }
        if (!Object.hasOwn(PLAYER_MOVES, type)) {
          cx.unsupported(
            mp,
            `${type} as a move a player makes`,
            `a player makes ${Object.keys(PLAYER_MOVES).join(", ")} moves`,
          );
          return undefined;
        }
        const id = stageName === undefined ? name : `${stageName}-${name}`;
        const chainOf = new Set<string>();
        let chainWith: string[] | undefined;
        let usesPass = false;
        const flow: Flow = {
          toStage: (t, p, whenNoMoves) => {
            const s = stageOf(t, p);
            if (s === undefined) return undefined;
            if (!hasMoves(s)) {
              const auto = autoCode(t, p);
              return auto === undefined ? undefined : [...auto, settledMarker()];
            }
            if (whenNoMoves) {
              cx.unsupported(
                p,
                "SetActivePlayers on NoPossibleMoves to a stage with moves from a move's `then`",
                "expected a stage without moves (the turn's end)",
              );
              return undefined;
            }
            if (st.oneMove) {
              cx.unsupported(
                p,
                `SetActivePlayers to the stage ${JSON.stringify(t)}, which has moves, in a turn of one move`,
                "the engine ends the turn after the move (maxMoves 1, or no `turn` at all), so the stage's moves are never made; expected a `turn` without maxMoves (the turn goes on in the stage) or EndTurn",
              );
              return undefined;
            }
            // A stage whose moves continue with the same piece is a chain.
            const chain = this.chainStage(b, st.stages, t, p, chainStages, compileMoves, phaseId, priority);
            if (chain === undefined) return undefined;
            if (chain.ids.length > 0) {
              chainWith = chain.ids;
              if (chain.fall === undefined) {
                cx.unsupported(
                  at(b.turnPointer, "stages", t),
                  "a stage that continues with the same piece and has no way on when the piece cannot",
                  "the engine would leave the player in the stage with no move; expected a SetActivePlayers on NoPossibleMoves among its initialMoves, to a stage that ends the turn",
                );
                return undefined;
              }
              const auto = autoCode(chain.fall, p);
              return auto === undefined ? undefined : [...auto, settledMarker()];
            }
            return [...guardAgain([{ again: true }, { goto: phaseIdOf(t) }]), settledMarker()];
          },
          endTurn: (p, pass) => {
            usesPass ||= pass;
            if (pass)
              cx.reading(
                p,
                "PassTurn",
                "PassTurn ends the turn and counts as a pass (see `_meta.passedPlayers`).",
              );
            return [
              ...(pass && cx.variables.passCount
                ? [{ set: { var: "passCount", to: { add: [{ var: "passCount" }, 1] } } } as Effect]
                : []),
              ...endTurnEffects(phaseId),
              settledMarker(),
            ];
          },
        };
        const scope: MoveScope = {
          tr: this.tr,
          flow,
          env: { where: "move", chainOf },
          depth: 0,
          path: [node],
        };
        const pm = (PLAYER_MOVES[type] as (typeof PLAYER_MOVES)[string])(scope, node, mp);
        if (pm === undefined) return undefined;
        if (chainId !== undefined && chainOf.size === 0) return ["§not-a-chain"];
        const own = moveConditions({ ...scope, env: { where: "move" } }, node, mp);
        if (own === undefined) return undefined;
        const thenScope: MoveScope = { ...scope, env: { ...pm.thenEnv, where: "effect" } };
        const then =
          get(node, "then") === undefined ? [] : runList(thenScope, get(node, "then"), at(mp, "then"));
        if (then === undefined) return undefined;
        // How the turn goes on after the move: see settle.ts.
        const settled = settles(then);
        let thenEffects = replaceMarkers(then, []);
        let tail: Effect[] = [];
        if (chainId !== undefined) {
          // A continuation of a chain: the chain goes on while it can (the engine's stage), then its end.
        } else if (st.oneMove) {
          if (settled !== "always") tail = endTurnEffects(phaseId);
        } else if (settled !== "always") {
          if (keepWhy !== undefined) {
            cx.unsupported(
              mp,
              "a move that may leave the turn going on (its rules do not always run EndTurn, PassTurn or SetActivePlayers)",
              `the turn has no maxMoves, so the player would move again, but ${keepWhy}; expected EndTurn in the move's \`then\`, or maxMoves 1`,
            );
            return undefined;
          }
          const again = guardAgain([{ again: true }]);
          if (settled === "never") tail = again;
          else {
            cx.variables[SETTLED_VAR] ??= { type: "bool", position: false };
            thenEffects = replaceMarkers(then, [{ set: { var: SETTLED_VAR, to: 1 } }]);
            tail = [when({ eq: [{ var: SETTLED_VAR }, 0] }, again), { set: { var: SETTLED_VAR, to: 0 } }];
          }
        }
        const def: MoveDefinition = {
          id,
          label: name,
          ...(pm.piece ? { piece: pm.piece } : {}),
          pattern: pm.pattern,
          ...(and(own, pm.if) === true ? {} : { if: and(own, pm.if) }),
          ...(pm.choose ? { choose: pm.choose } : {}),
          do: [
            ...(cx.variables.passCount && !usesPass ? [{ set: { var: "passCount", to: 0 } } as Effect] : []),
            ...pm.before,
            ...pm.do,
            ...thenEffects,
            ...tail,
            ...(rotateEffects.length > 0 && phaseEnd !== false ? [when(phaseEnd, rotateEffects)] : []),
          ],
          ...(priority === 0 ? {} : { priority }),
          ...(chainWith ? { chain: { with: chainWith } } : {}),
          ...(pm.undoable === false ? { undoable: false } : {}),
        };
        this.out.moves.push(def);
        ids.push(id);
      }
      return ids;
    };

    // Phases: the entry group first, then every stage a move sends the player on to.
    phaseIdOf(st.first ?? "§");
    while (pending.length > 0) {
      const name = pending.shift() as string;
      if (compiledStages.has(name)) continue;
      compiledStages.add(name);
      const phaseId = stagePhase.get(name) as string;
      const group: string[] = [];
      let pass = false;
      const extra: { node: unknown; pointer: string }[] = [];
      if (name === "§") {
        pass = turnPass;
        keepWhy = turnPass
          ? "the turn's PassTurn on NoPossibleMoves runs only as the turn begins, so a player left without a move later would not pass"
          : undefined;
        const ids = compileMoves(b.moves, b.movesPointer, undefined, phaseId, turnPass ? 1 : 0);
        if (ids === undefined) return undefined;
        group.push(...ids);
      } else {
        const chainOfStages: string[] = [];
        let s: string | undefined = name;
        while (s !== undefined) {
          if (chainOfStages.includes(s) || chainOfStages.length > MAX_DEPTH) {
            cx.error(
              at(b.turnPointer, "stages", s),
              "stage-cycle",
              "stages fall through to each other in a cycle",
            );
            return undefined;
          }
          chainOfStages.push(s);
          const c = classify(s);
          if (c === undefined) return undefined;
          if (s === name) extra.push(...c.rest);
          else if (c.rest.length > 0) {
            cx.unsupported(
              c.rest[0]?.pointer ?? b.turnPointer,
              "rules on entering a stage reached when another has no possible move",
              "only SetActivePlayers and PassTurn on NoPossibleMoves are translated there",
            );
            return undefined;
          }
          pass ||= c.pass;
          if (c.pass && c.fall !== undefined) {
            cx.unsupported(
              at(b.turnPointer, "stages", s),
              "a stage that both passes and falls through",
              "choose one",
            );
            return undefined;
          }
          s = c.fall;
        }
        const n = chainOfStages.length;
        keepWhy =
          n > 1
            ? `the stage's SetActivePlayers on NoPossibleMoves runs only as the stage is entered, so a player who goes on in "${chainOfStages[n - 1]}" is not offered "${chainOfStages[0]}"'s moves again (the translation offers the stages' moves by priority)`
            : pass
              ? "the stage's PassTurn on NoPossibleMoves runs only as the stage is entered, so a player left without a move later would not pass"
              : undefined;
        for (let i = 0; i < n; i++) {
          const sn = chainOfStages[i] as string;
          const node = st.stages[sn] as Record<string, unknown>;
          if (!hasMoves(node)) {
            cx.unsupported(
              at(b.turnPointer, "stages", sn),
              "falling through to a stage without moves",
              "the player would have nothing to do",
            );
            return undefined;
          }
          const ids = compileMoves(
            get(node, "moves"),
            at(b.turnPointer, "stages", sn, "moves"),
            sn,
            phaseId,
            n - i - 1 + (pass ? 1 : 0),
          );
          if (ids === undefined) return undefined;
          group.push(...ids);
        }
        if (n > 1)
          cx.reading(
            b.turnPointer,
            "NoPossibleMoves",
            "A stage that moves on to another when it has no possible move is read as move priority: its moves, when any is legal, are the only ones (a forced capture); otherwise the next stage's.",
          );
      }
      if (pass) {
        const id = `${name === "§" ? "" : `${name}-`}pass`;
        cx.variables.passCount ??= { type: "int" };
        this.out.moves.push({
          id,
          label: "Pass",
          pattern: { none: true },
          do: [
            { set: { var: "passCount", to: { add: [{ var: "passCount" }, 1] } } },
            ...endTurnEffects(phaseId),
            ...(rotateEffects.length > 0 && phaseEnd !== false ? [when(phaseEnd, rotateEffects)] : []),
          ],
        });
        group.push(id);
        cx.reading(
          b.turnPointer,
          "PassTurn on NoPossibleMoves",
          "An automatic PassTurn when the player has no possible move is a move `pass`, the only one then offered (a game tree counts it as one move).",
        );
      }
      const enterEffects: Effect[] = [];
      if (phaseId === entryId) enterEffects.push(...onEnter);
      if (extra.length > 0) {
        const e = runList(
          this.scope(this.env("effect"), this.noFlow()),
          extra.map((x) => x.node),
          at(b.turnPointer, "stages", name, "initialMoves"),
        );
        if (e === undefined) return undefined;
        enterEffects.push(...e);
      }
      const phase: Phase = { moves: group, ...(enterEffects.length > 0 ? { onEnter: enterEffects } : {}) };
      this.out.phases[phaseId] = phase;
    }
    for (const [code, effects] of autoEffects)
      phaseEndEntries.push({
        if: { eq: [{ var: FLOW_VAR }, code] },
        do: [...effects, { set: { var: FLOW_VAR, to: 0 } }],
        goto: entryId,
      });
    if (autoEffects.size > 0 && ends.length > 0) {
      cx.unsupported(
        endList?.pointer ?? b.pointer,
        "a phase end in a phase whose stages run rules after the move",
        "not both",
      );
      return undefined;
    }
    if (transition !== undefined)
      phaseEndEntries.push({ if: phaseEnd, do: transition.effects, goto: transition.phase });
    for (const [id, ph] of Object.entries(this.out.phases))
      if (id === entryId || id.startsWith(`${b.name}-`))
        if (phaseEndEntries.length > 0) ph.end = phaseEndEntries;
    return true;
  }

  /** The moves of a stage that continues with the same piece, compiled once, and where it ends. */
  private chainStage(
    b: BagelPhase,
    stages: Record<string, Record<string, unknown>>,
    name: string,
    pointer: string,
    cache: Map<string, string[]>,
    compileMoves: (
      m: unknown,
      p: string,
      s: string,
      ph: string,
      pr: number,
      chainId?: string,
    ) => string[] | undefined,
    phaseId: string,
    priority: number,
  ): { ids: string[]; fall?: string } | undefined {
    const s = stages[name] as Record<string, unknown>;
    const list = get(s, "initialMoves");
    let fall: string | undefined;
    if (Array.isArray(list))
      for (const m of list)
        if (isRecord(m) && moveTypeOf(m) === "SetActivePlayers" && isNoPossibleMoves(this.cx, m, pointer)) {
          const to = get(get(get(m, "options"), "currentPlayer"), "stage");
          if (typeof to === "string") fall = to;
        }
    const cached = cache.get(name);
    if (cached !== undefined) return { ids: cached, ...(fall ? { fall } : {}) };
    cache.set(name, [`${name}-§`]);
    const before = this.out.moves.length;
    const ids = compileMoves(
      get(s, "moves"),
      at(b.turnPointer, "stages", name, "moves"),
      name,
      phaseId,
      priority,
      name,
    );
    if (ids === undefined) return undefined;
    if (ids.includes("§not-a-chain")) {
      this.out.moves.length = before;
      cache.delete(name);
      return { ids: [] };
    }
    cache.set(name, ids);
    // Each continuing move continues again with the stage's moves.
    for (const m of this.out.moves) if (ids.includes(m.id)) m.chain = { with: ids };
    for (const m of this.out.moves.slice(before))
      if (m.id.startsWith(`${name}-`) && m.chain?.with.includes(`${name}-§`)) m.chain = { with: ids };
    this.cx.reading(
      pointer,
      "continuing stage",
      "A stage whose moves continue with the piece the previous move moved (`_meta.previousPayloads`) is a chain: the player must go on while a continuation is possible (a multi-jump is one move).",
    );
    return { ids, ...(fall ? { fall } : {}) };
  }
}

/** A phase's end scenarios (`endIf` or `endConditions`). */
export function endIfList(b: {
  node: Record<string, unknown>;
  pointer: string;
}): { value: unknown; pointer: string } | undefined {
  if (Object.hasOwn(b.node, "endIf")) return { value: b.node.endIf, pointer: at(b.pointer, "endIf") };
  if (Object.hasOwn(b.node, "endConditions"))
    return { value: b.node.endConditions, pointer: at(b.pointer, "endConditions") };
  return undefined;
}
