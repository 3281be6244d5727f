/**
 * Compiles move definitions: what moves, its pattern's offsets for each seat, its condition, choices,
 * effects and chain.
 * @module
 */
import type { CompiledChoice, CompiledMove, Fn, Rt, Threat, ValueKind } from "../contract.js";
import { MOVER } from "../contract.js";
import type { Expr, MoveDefinition } from "../types/index.js";
import { at, CompileContext } from "./context.js";
import { compileEffects } from "./effects.js";
import { compileExpr, typeMask, zoneRef } from "./expressions.js";

/** Expression keys an offset may use: it is read once per seat, before any state exists. */
const OFFSET_KEYS = new Set(["seatAttr", "neg", "add", "sub", "mul"]);

function offsetIsStatic(e: Expr): boolean {
  if (typeof e === "number") return true;
  if (e === null || typeof e !== "object" || Array.isArray(e)) return false;
  return Object.entries(e).every(([k, v]) => {
    if (k === "seatAttr") return typeof v === "string";
    if (k === "seat") return typeof v === "number";
    if (!OFFSET_KEYS.has(k)) return false;
    return Array.isArray(v) ? v.every((x) => offsetIsStatic(x as Expr)) : offsetIsStatic(v as Expr);
  });
}

/** The pattern's offsets for each seat, as dx,dy pairs. */
function offsetsPerSeat(cx: CompileContext, offsets: unknown, pointer: string): Int32Array[] {
  if (!Array.isArray(offsets) || offsets.length === 0) {
    cx.error(pointer, "offsets", "expected a list of [columns, rows] offsets");
    return Array.from({ length: cx.seatCount }, () => new Int32Array(0));
  }
  const fns: Fn[] = [];
  offsets.forEach((o, i) => {
    const p = at(pointer, i);
    if (!Array.isArray(o) || o.length !== 2) {
      cx.error(p, "offset", "expected [columns, rows]");
      fns.push(
        () => 0,
        () => 0,
      );
      return;
    }
    o.forEach((part, j) => {
      if (!offsetIsStatic(part as Expr)) {
        cx.error(
          at(p, j),
          "offset-static",
          "an offset is a number or an expression of seat attributes (seatAttr, neg, add, sub, mul)",
        );
        fns.push(() => 0);
      } else fns.push(compileExpr(cx, part as Expr, at(p, j)).fn);
    });
  });
  const clean = cx.errors.length;
  const reported = new Set<number>();
  return Array.from({ length: cx.seatCount }, (_, seat) => {
    const b = new Int32Array(8);
    b[MOVER] = seat;
    const r = { b } as unknown as Rt;
    const out = Int32Array.from(fns, (f) => f(r));
    // An offset already refused reads as [0, 0]: say nothing more of it. Say it once for all seats.
    for (let i = 0; i < out.length; i += 2)
      if (out[i] === 0 && out[i + 1] === 0 && cx.errors.length === clean && !reported.has(i)) {
        reported.add(i);
        cx.error(at(pointer, i / 2), "offset-zero", "an offset of [0, 0] goes nowhere");
      }
    return out;
  });
}

function choiceKind(cx: CompileContext, options: string[]): { kind: ValueKind; values: number[] } {
  if (options.every((o) => cx.typeIndex.has(o)))
    return { kind: "type", values: options.map((o) => cx.typeIndex.get(o) as number) };
  for (const [name, labels] of cx.enums)
    if (options.every((o) => labels.includes(o)))
      return { kind: `enum:${name}`, values: options.map((o) => labels.indexOf(o)) };
  return { kind: "num", values: options.map((_, i) => i) };
}

/** Declares the choices' binding names first, so conditions and effects of any move may read them. */
export function declareChoices(cx: CompileContext, moves: MoveDefinition[]): void {
  for (const move of moves)
    for (const choice of move.choose ?? [])
      if (typeof choice?.name === "string" && Array.isArray(choice.options))
        cx.choiceSlot(choice.name, choiceKind(cx, choice.options).kind);
}

export function compileMove(
  cx: CompileContext,
  def: MoveDefinition,
  index: number,
  pointer: string,
): CompiledMove {
  const piece = def.piece as Record<string, unknown> | undefined;
  const source: CompiledMove["source"] = piece === undefined ? "none" : "from" in piece ? "zone" : "board";
  const types = typeMask(cx, piece?.type, at(at(pointer, "piece"), "type"));
  const zone =
    source === "zone" ? zoneRef(cx, (piece as { from: never }).from, at(at(pointer, "piece"), "from")) : null;
  const pattern = def.pattern as Record<string, unknown>;
  let kind: CompiledMove["pattern"] = "none";
  let offsets: Int32Array[] = Array.from({ length: cx.seatCount }, () => new Int32Array(0));
  let placeEmpty = true;
  const pp = at(pointer, "pattern");
  if (pattern && "step" in pattern) {
    kind = "step";
    offsets = offsetsPerSeat(cx, pattern.step, at(pp, "step"));
  } else if (pattern && "slide" in pattern) {
    kind = "slide";
    offsets = offsetsPerSeat(cx, pattern.slide, at(pp, "slide"));
  } else if (pattern && "place" in pattern) {
    kind = "place";
    placeEmpty = pattern.place !== "any";
  } else if (!(pattern && "none" in pattern))
    cx.error(pp, "pattern", 'expected a pattern: "step", "slide", "place" or "none"');
  if ((kind === "step" || kind === "slide") && source !== "board")
    cx.error(pp, "pattern-source", "a step or slide moves a piece on the board: give the move a `piece`");
  if (kind !== "none" && cx.width === 0)
    cx.error(pp, "no-board", "this pattern needs a board; the game has none");
  const choices: CompiledChoice[] = (def.choose ?? []).map((c, i) => {
    const p = at(at(pointer, "choose"), i);
    const { values } = choiceKind(cx, c.options);
    return {
      name: c.name,
      slot: cx.choiceSlot(c.name, choiceKind(cx, c.options).kind),
      options: c.options,
      values,
      when: c.when === undefined ? null : compileExpr(cx, c.when, at(p, "when")).fn,
    };
  });
  if (def.threatens && (source !== "board" || (kind !== "step" && kind !== "slide")))
    cx.error(at(pointer, "threatens"), "threatens", "only a board piece's step or slide can threaten cells");
  return {
    index,
    id: def.id,
    label: def.label ?? def.id,
    source,
    types,
    zone,
    pattern: kind,
    placeEmpty,
    offsets,
    cond: def.if === undefined ? null : compileExpr(cx, def.if, at(pointer, "if")).fn,
    choices,
    run: compileEffects(cx, def.do, at(pointer, "do")) ?? (() => {}),
    priority: def.priority ?? 0,
    chain: null,
    undoable: def.undoable ?? true,
  };
}

/** Resolves a move's chain once every move has an index. */
export function linkChain(
  cx: CompileContext,
  def: MoveDefinition,
  move: CompiledMove,
  pointer: string,
): CompiledMove {
  if (def.chain === undefined) return move;
  const p = at(pointer, "chain");
  const ids = (def.chain.with ?? []).map((id, i) => {
    const found = cx.moveIndex.get(id);
    if (found === undefined)
      cx.error(
        at(at(p, "with"), i),
        "unknown-move",
        `no move "${id}"; ${CompileContext.options(cx.moveIndex.keys())}`,
      );
    return found ?? -1;
  });
  if (move.source !== "board") cx.error(p, "chain-source", "only a board piece's move can chain");
  return {
    ...move,
    chain: {
      with: ids.filter((i) => i >= 0),
      until: def.chain.until === undefined ? null : compileExpr(cx, def.chain.until, at(p, "until")).fn,
      optional: def.chain.optional === true,
    },
  };
}

/** The threats of each seat's pieces, from the moves marked `threatens`. */
export function threatsOf(
  cx: CompileContext,
  moves: readonly CompiledMove[],
  defs: MoveDefinition[],
  playable: Uint8Array,
): Threat[][] {
  const w = cx.width;
  const h = cx.height;
  const raysOf = (dx: number, dy: number, slide: boolean) =>
    Array.from({ length: w * h }, (_, cell) => {
      const ray: number[] = [];
      let x = (cell % w) - dx;
      let y = Math.floor(cell / w) - dy;
      while (x >= 0 && y >= 0 && x < w && y < h && playable[y * w + x] === 1) {
        ray.push(y * w + x);
        if (!slide) break;
        x -= dx;
        y -= dy;
      }
      return Int32Array.from(ray);
    });
  return Array.from({ length: cx.seatCount }, (_, seat) => {
    const threats: Threat[] = [];
    moves.forEach((move, i) => {
      if (!defs[i]?.threatens || move.source !== "board") return;
      const offs = move.offsets[seat] as Int32Array;
      for (let k = 0; k < offs.length; k += 2) {
        const dx = offs[k] as number;
        const dy = offs[k + 1] as number;
        const slide = move.pattern === "slide";
        const same = threats.find((t) => t.dx === dx && t.dy === dy && t.slide === slide);
        if (same) for (let t = 0; t < move.types.length; t++) same.types[t] ||= move.types[t] as number;
        else threats.push({ dx, dy, slide, types: move.types.slice(), rays: raysOf(dx, dy, slide) });
      }
    });
    return threats;
  });
}
