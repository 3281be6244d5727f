/**
 * Builders of match expressions that fold what is known while translating (`and` with a false operand,
 * a cell compared with itself), so the conditions B.A.G.E.L.'s line searches unfold into stay small.
 * @module
 */
import type { Effect, Expr } from "@gridponder/match/validate";
import type { CellRef } from "./model.js";

const same = (a: Expr, b: Expr) => JSON.stringify(a) === JSON.stringify(b);

export function and(...xs: Expr[]): Expr {
  const out: Expr[] = [];
  for (const x of xs) {
    if (x === false || x === 0) return false;
    if (x === true || x === 1) continue;
    if (typeof x === "object" && x !== null && "and" in x) out.push(...x.and);
    else out.push(x);
  }
  if (out.length === 0) return true;
  if (out.length === 1) return out[0] as Expr;
  return { and: out };
}

export function or(...xs: Expr[]): Expr {
  const out: Expr[] = [];
  for (const x of xs) {
    if (x === true || x === 1) return true;
    if (x === false || x === 0) continue;
    if (typeof x === "object" && x !== null && "or" in x) out.push(...x.or);
    else out.push(x);
  }
  if (out.length === 0) return false;
  if (out.length === 1) return out[0] as Expr;
  return { or: out };
}

export function not(x: Expr): Expr {
  if (x === true) return false;
  if (x === false) return true;
  if (typeof x === "object" && x !== null && "not" in x) return x.not;
  return { not: x };
}

export function eq(a: Expr, b: Expr): Expr {
  if (typeof a === "number" && typeof b === "number") return a === b;
  if (same(a, b)) return true;
  return { eq: [a, b] };
}

export function ifThen(c: Expr, a: Expr, b: Expr): Expr {
  if (c === true) return a;
  if (c === false) return b;
  if (same(a, b)) return a;
  return { if: [c, a, b] };
}

export function add(a: Expr, b: Expr): Expr {
  if (typeof a === "number" && typeof b === "number") return a + b;
  if (b === 0) return a;
  if (a === 0) return b;
  return { add: [a, b] };
}

export function neg(a: Expr): Expr {
  return typeof a === "number" ? -a : { neg: a };
}

export const ANY_CELL: CellRef = { base: { get: "to" }, dx: 0, dy: 0 };

export function cellRef(base: Expr, dx: Expr = 0, dy: Expr = 0): CellRef {
  return { base, dx, dy };
}

/** A cell moved further. */
export function shift(c: CellRef, dx: Expr, dy: Expr): CellRef {
  return { base: c.base, dx: add(c.dx, dx), dy: add(c.dy, dy) };
}

/** The cell as an expression. */
export function cellExpr(c: CellRef): Expr {
  if (c.dx === 0 && c.dy === 0) return c.base;
  return { offset: c.base, by: [c.dx, c.dy] };
}

/** Whether two cells are one: folded when both are offsets of one base by known amounts. */
export function sameCell(a: CellRef, b: CellRef): Expr {
  if (
    same(a.base, b.base) &&
    typeof a.dx === "number" &&
    typeof a.dy === "number" &&
    typeof b.dx === "number" &&
    typeof b.dy === "number"
  )
    return a.dx === b.dx && a.dy === b.dy;
  return eq(cellExpr(a), cellExpr(b));
}

export const pieceAt = (c: CellRef): Expr => ({ pieceAt: cellExpr(c) });
export const owner = (piece: Expr): Expr => ({ attr: "owner", of: piece });
export const MOVER: Expr = { seat: "mover" };

/** The effect that runs `effects` when `cond` holds. */
export function when(cond: Expr, effects: Effect[]): Effect {
  // biome-ignore lint/suspicious/noThenProperty: the match format's conditional effect has a `then` list.
  return { if: cond, then: effects };
}
