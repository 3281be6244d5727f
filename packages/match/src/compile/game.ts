/**
 * Compiles a match game for a number of seats: every name resolved to a number, every rule to a
 * closure. The errors found come back with the JSON pointer of the value at fault, which is how the
 * validator reports everything the schema cannot see.
 * @module
 */
import type {
  CompiledEnd,
  CompiledGame,
  CompiledPhase,
  CompiledResult,
  CompiledZone,
  Run,
  ValueKind,
  VariableInfo,
} from "../contract.js";
import { SEAT } from "../contract.js";
import type {
  Expr,
  InitialValue,
  MatchGame,
  MoveDefinition,
  Phase,
  PieceType,
  Setup,
  VariableDefinition,
} from "../types/index.js";
import { parseCell } from "./cells.js";
import { at, CompileContext, type CompileError } from "./context.js";
import { compileEffects } from "./effects.js";
import { compileExpr } from "./expressions.js";
import { compileMove, declareChoices, linkChain, threatsOf } from "./moves.js";

/** The most seats a game may have. */
export const MAX_SEATS = 8;

/** A game compiled, or the errors that kept it from compiling. */
export type CompileResult =
  | { ok: true; game: CompiledGame; setup: CompiledSetup; errors: [] }
  | { ok: false; errors: CompileError[] };

/** A setup ready to run on an empty state: placements, variables, the first seat and effects. */
export interface CompiledSetup {
  readonly placements: readonly {
    cell: number;
    type: number;
    owner: number;
    attrs: readonly [number, number][];
  }[];
  readonly vars: readonly [number, number][];
  readonly first: number;
  readonly run: Run | null;
}

function kindOf(cx: CompileContext, def: VariableDefinition, pointer: string): ValueKind {
  if (def.type === "enum") {
    if (def.enum === undefined || !cx.enums.has(def.enum)) {
      cx.error(
        at(pointer, "enum"),
        "unknown-enum",
        `an enum variable names one of the game's enums; ${CompileContext.options(cx.enums.keys())}`,
      );
      return "num";
    }
    return `enum:${def.enum}`;
  }
  return def.type === "int" ? "num" : def.type;
}

/** A starting value read by a variable's kind. */
function initialValue(
  cx: CompileContext,
  kind: ValueKind,
  value: InitialValue | undefined,
  pointer: string,
): number {
  if (value === undefined) return kind === "cell" || kind === "seat" || kind === "piece" ? -1 : 0;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  const c = compileExpr(cx, value, pointer, kind);
  return c.constant ?? 0;
}

function variables(
  cx: CompileContext,
  defs: Record<string, VariableDefinition> | undefined,
  pointer: string,
): VariableInfo[] {
  return Object.entries(defs ?? {}).map(([name, def], index) => {
    const kind = kindOf(cx, def, at(pointer, name));
    return {
      name,
      index,
      kind,
      initial: initialValue(cx, kind, def.initial, at(at(pointer, name), "initial")),
      inPosition: def.position !== false,
    };
  });
}

function compileSetup(cx: CompileContext, setup: Setup, pointer: string): CompiledSetup {
  const placements: CompiledSetup["placements"][number][] = [];
  const attrsOf = (attrs: Record<string, InitialValue> | undefined, p: string): [number, number][] =>
    Object.entries(attrs ?? {}).flatMap(([name, v]) => {
      const slot = cx.attrIndex.get(name);
      if (slot === undefined) {
        cx.error(
          at(p, name),
          "unknown-attribute",
          `no piece attribute "${name}"; ${CompileContext.options(cx.attrIndex.keys())}`,
        );
        return [];
      }
      return [
        [slot, initialValue(cx, (cx.attrs[slot] as VariableInfo).kind, v, at(p, name))] as [number, number],
      ];
    });
  /** A piece's type and owner checked where they are written; null when either is wrong. */
  const pieceOf = (
    typeName: string,
    owner: number | undefined,
    p: string,
  ): { type: number; owner: number } | null => {
    const type = cx.typeIndex.get(typeName);
    if (type === undefined) {
      cx.error(
        at(p, "type"),
        "unknown-type",
        `no piece type "${typeName}"; ${CompileContext.options(cx.typeIndex.keys())}`,
      );
      return null;
    }
    if (owner !== undefined && (!Number.isInteger(owner) || owner < 0 || owner >= cx.seatCount)) {
      cx.error(at(p, "owner"), "unknown-seat", `seat ${owner} does not play with ${cx.seatCount} seats`);
      return null;
    }
    return { type, owner: owner ?? -1 };
  };
  const defaults: [number, number][] = cx.attrs.map((a) => [a.index, a.initial]);
  // Every legend entry is checked once, where it is written, whether or not the board uses it.
  const legend = new Map<string, { type: number; owner: number; attrs: [number, number][] } | null>();
  for (const [ch, entry] of Object.entries(setup.legend ?? {})) {
    const p = at(at(pointer, "legend"), ch);
    const piece = pieceOf(entry.type, entry.owner, p);
    const attrs = attrsOf(entry.attributes, at(p, "attributes"));
    legend.set(ch, piece && { ...piece, attrs });
  }
  if (setup.board !== undefined) {
    const rows = setup.board;
    if (rows.length !== cx.height)
      cx.error(
        at(pointer, "board"),
        "board-rows",
        `expected ${cx.height} rows, one per board row, found ${rows.length}`,
      );
    rows.forEach((row, i) => {
      const y = cx.height - 1 - i;
      const chars = [...row];
      if (chars.length !== cx.width)
        cx.error(
          at(at(pointer, "board"), i),
          "board-columns",
          `expected ${cx.width} characters, one per column, found ${chars.length}`,
        );
      chars.forEach((ch, x) => {
        if (ch === "." || x >= cx.width || y < 0) return;
        const entry = legend.get(ch);
        if (!legend.has(ch)) {
          const p = at(at(pointer, "board"), i);
          cx.error(p, "unknown-legend", `"${ch}" (column ${x + 1}) is not in the setup's legend`);
          return;
        }
        if (entry)
          placements.push({
            cell: y * cx.width + x,
            type: entry.type,
            owner: entry.owner,
            attrs: [...defaults, ...entry.attrs],
          });
      });
    });
  }
  (setup.pieces ?? []).forEach((piece, i) => {
    const p = at(at(pointer, "pieces"), i);
    const cell = parseCell(piece.at, cx.width, cx.height);
    if (cell < 0) {
      cx.error(
        at(p, "at"),
        "unknown-cell",
        `"${piece.at}" is not a cell of the ${cx.width}×${cx.height} board`,
      );
      return;
    }
    if (placements.some((q) => q.cell === cell))
      cx.error(at(p, "at"), "cell-taken", `the setup already puts a piece on ${piece.at}`);
    const placed = pieceOf(piece.type, piece.owner, p);
    const attrs = attrsOf(piece.attributes, at(p, "attributes"));
    if (placed) placements.push({ cell, ...placed, attrs: [...defaults, ...attrs] });
  });
  const vars: [number, number][] = Object.entries(setup.variables ?? {}).flatMap(([name, v]) => {
    const index = cx.varIndex.get(name);
    if (index === undefined) {
      cx.error(
        at(at(pointer, "variables"), name),
        "unknown-variable",
        `no variable "${name}"; ${CompileContext.options(cx.varIndex.keys())}`,
      );
      return [];
    }
    return [
      [
        index,
        initialValue(cx, (cx.vars[index] as VariableInfo).kind, v, at(at(pointer, "variables"), name)),
      ] as [number, number],
    ];
  });
  const first = setup.first ?? 0;
  if (first < 0 || first >= cx.seatCount)
    cx.error(at(pointer, "first"), "unknown-seat", `seat ${first} does not play with ${cx.seatCount} seats`);
  return { placements, vars, first, run: compileEffects(cx, setup.do, at(pointer, "do")) };
}

function compileResult(cx: CompileContext, result: unknown, pointer: string): CompiledResult {
  const r = (result ?? {}) as Record<string, unknown>;
  if ("winner" in r)
    return { kind: "winner", seat: compileExpr(cx, r.winner as never, at(pointer, "winner")).fn };
  if ("loser" in r)
    return { kind: "loser", seat: compileExpr(cx, r.loser as never, at(pointer, "loser")).fn };
  if ("ranking" in r) {
    const high = r.order !== "low";
    const by = r.ranking as { score?: unknown } | string;
    if (typeof by === "object" && by !== null && "score" in by) {
      const score = compileExpr(cx, by.score as Expr, at(at(pointer, "ranking"), "score")).fn;
      return {
        kind: "ranking",
        score: (rt, seat) => {
          const saved = rt.b[SEAT] as number;
          rt.b[SEAT] = seat;
          const v = score(rt);
          rt.b[SEAT] = saved;
          return v;
        },
        high,
      };
    }
    const v = typeof by === "string" ? cx.seatVarIndex.get(by) : undefined;
    if (v === undefined)
      cx.error(
        at(pointer, "ranking"),
        "unknown-seat-variable",
        `no seat variable "${String(by)}"; ${CompileContext.options(cx.seatVarIndex.keys())}`,
      );
    const slot = v ?? 0;
    return { kind: "ranking", score: (rt, seat) => rt.s.seatVar(seat, slot), high };
  }
  if (r.draw !== true)
    cx.error(pointer, "result", 'expected a result: "winner", "loser", "draw" or "ranking"');
  return { kind: "draw" };
}

/** Compiles a game for `seatCount` seats, with the setup given (the game's own by default). */
export function compileGame(
  game: MatchGame,
  seatCount: number,
  setup: Setup = game.setup,
  setupPointer = "/setup",
): CompileResult {
  const cx = new CompileContext(game, seatCount);
  const seats = game.seats;
  if (!Number.isInteger(seatCount) || seatCount < seats.min || seatCount > Math.min(seats.max, MAX_SEATS)) {
    // Nothing else can be compiled for a count of seats the game does not have.
    cx.error(
      "/seats",
      "seat-count",
      `the game is played by ${seats.min} to ${seats.max} seats, not ${seatCount}`,
    );
    return { ok: false, errors: cx.errors };
  }
  for (const [name, labels] of Object.entries(game.enums ?? {})) cx.enums.set(name, labels);
  const typeNames = Object.keys(game.pieces);
  typeNames.forEach((t, i) => {
    cx.typeIndex.set(t, i);
  });
  // Attribute slots are shared by name: a `moved` attribute is the same slot for every type that has it.
  const typeAttrs = typeNames.map((t) =>
    Object.entries((game.pieces[t] as PieceType).attributes ?? {}).map(([name, def]) => {
      const p = at(at(at("/pieces", t), "attributes"), name);
      const known = cx.attrIndex.get(name);
      const kind = kindOf(cx, def, p);
      if (known !== undefined) {
        if ((cx.attrs[known] as VariableInfo).kind !== kind)
          cx.error(
            p,
            "attribute-kind",
            `attribute "${name}" is of another type on another piece type: a name has one type`,
          );
        return known;
      }
      const slot = cx.attrs.length;
      cx.attrIndex.set(name, slot);
      cx.attrs.push({
        name,
        index: slot,
        kind,
        initial: initialValue(cx, kind, def.initial, at(p, "initial")),
        inPosition: def.position !== false,
      });
      return slot;
    }),
  );
  cx.vars.push(...variables(cx, game.variables, "/variables"));
  for (const v of cx.vars) cx.varIndex.set(v.name, v.index);
  cx.seatVars.push(...variables(cx, seats.variables, "/seats/variables"));
  for (const v of cx.seatVars) cx.seatVarIndex.set(v.name, v.index);
  for (const [name, values] of Object.entries(seats.attributes ?? {})) {
    if (values.length === 0)
      cx.error(at("/seats/attributes", name), "seat-attribute", "expected at least one value");
    cx.seatAttrs.set(
      name,
      Int32Array.from({ length: seatCount }, (_, i) => values[Math.min(i, values.length - 1)] ?? 0),
    );
  }
  let slots = 0;
  (game.zones ?? []).forEach((z, i) => {
    if (cx.zoneIndex.has(z.id))
      cx.error(at(at("/zones", i), "id"), "duplicate-zone", `zone "${z.id}" is defined twice`);
    const zoneSlots = z.perSeat
      ? Array.from({ length: seatCount }, () => slots++)
      : Array(seatCount).fill(slots++);
    const zone: CompiledZone = {
      id: z.id,
      label: z.label ?? z.id,
      kind: z.kind,
      perSeat: z.perSeat === true,
      visibility: z.visibility,
      slots: zoneSlots,
    };
    cx.zoneIndex.set(z.id, cx.zones.length);
    cx.zones.push(zone);
  });
  const slotZone = new Int32Array(slots);
  const slotSeat = new Int32Array(slots).fill(-1);
  cx.zones.forEach((z, zi) => {
    z.slots.forEach((slot, seat) => {
      slotZone[slot] = zi;
      if (z.perSeat) slotSeat[slot] = seat;
    });
  });
  game.moves.forEach((m, i) => {
    if (cx.moveIndex.has(m.id))
      cx.error(at(at("/moves", i), "id"), "duplicate-move", `move "${m.id}" is defined twice`);
    cx.moveIndex.set(m.id, i);
  });
  const phaseIds = Object.keys(game.phases ?? {});
  phaseIds.forEach((id, i) => {
    cx.phaseIndex.set(id, i);
  });
  declareChoices(cx, game.moves);

  const width = cx.width;
  const height = cx.height;
  const playable = new Uint8Array(width * height);
  const mode = game.board?.playable ?? "all";
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      playable[y * width + x] = mode === "all" || (mode === "dark") === ((x + y) % 2 === 0) ? 1 : 0;

  const compiledMoves = game.moves.map((m, i) => compileMove(cx, m, i, at("/moves", i)));
  const moves = compiledMoves.map((m, i) =>
    linkChain(cx, game.moves[i] as MoveDefinition, m, at("/moves", i)),
  );
  const allMoves = moves.map((m) => m.index);
  const phases: CompiledPhase[] =
    phaseIds.length === 0
      ? [{ id: "play", moves: allMoves, onEnter: null, end: [] }]
      : phaseIds.map((id) => {
          const phase = game.phases?.[id] as Phase;
          const p = at("/phases", id);
          return {
            id,
            moves: phase.moves.flatMap((m, i) => {
              const index = cx.moveIndex.get(m);
              if (index === undefined)
                cx.error(
                  at(at(p, "moves"), i),
                  "unknown-move",
                  `no move "${m}"; ${CompileContext.options(cx.moveIndex.keys())}`,
                );
              return index === undefined ? [] : [index];
            }),
            onEnter: compileEffects(cx, phase.onEnter, at(p, "onEnter")),
            end: (phase.end ?? []).map((e, i) => {
              const goto = cx.phaseIndex.get(e.goto);
              if (goto === undefined)
                cx.error(
                  at(at(at(p, "end"), i), "goto"),
                  "unknown-phase",
                  `no phase "${e.goto}"; ${CompileContext.options(phaseIds)}`,
                );
              return {
                cond: compileExpr(cx, e.if, at(at(at(p, "end"), i), "if")).fn,
                run: compileEffects(cx, e.do, at(at(at(p, "end"), i), "do")),
                goto: goto ?? 0,
              };
            }),
          };
        });
  let startPhase = 0;
  if (game.startPhase !== undefined) {
    const found = cx.phaseIndex.get(game.startPhase);
    if (found === undefined)
      cx.error(
        "/startPhase",
        "unknown-phase",
        `no phase "${game.startPhase}"; ${CompileContext.options(phaseIds)}`,
      );
    startPhase = found ?? 0;
  } else if (phaseIds.length > 1)
    cx.error("/startPhase", "start-phase", "a game with several phases names the one it starts in");
  const end: CompiledEnd[] = game.end.map((e, i) => ({
    cond: compileExpr(cx, e.if, at(at("/end", i), "if")).fn,
    result: compileResult(cx, e.result, at(at("/end", i), "result")),
    reason: e.reason,
  }));
  const compiledSetup = compileSetup(cx, setup, setupPointer);
  const g: CompiledGame = {
    def: game,
    seatCount,
    seatNames: Array.from({ length: seatCount }, (_, i) => seats.names?.[i] ?? `Seat ${i + 1}`),
    width,
    height,
    cellCount: width * height,
    playable,
    typeNames,
    typeLabels: typeNames.map((t) => (game.pieces[t] as PieceType).label ?? t),
    typeIndex: cx.typeIndex,
    attrs: cx.attrs,
    attrIndex: cx.attrIndex,
    typeAttrs,
    vars: cx.vars,
    varIndex: cx.varIndex,
    seatVars: cx.seatVars,
    seatVarIndex: cx.seatVarIndex,
    seatAttrs: cx.seatAttrs,
    enums: cx.enums,
    zones: cx.zones,
    slotZone,
    slotSeat,
    moves,
    moveIndex: cx.moveIndex,
    phases,
    startPhase,
    beforeEach: compileEffects(cx, game.beforeEachMove, "/beforeEachMove"),
    legal: game.legal === undefined ? null : compileExpr(cx, game.legal, "/legal").fn,
    end,
    threats: threatsOf(cx, moves, game.moves, playable),
    choiceSlots: cx.choiceSlots.size,
    hidesInformation: cx.zones.some((z) => z.visibility !== "public"),
  };
  if (cx.errors.length > 0) return { ok: false, errors: cx.errors };
  return { ok: true, game: g, setup: compiledSetup, errors: [] };
}
