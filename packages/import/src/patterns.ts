/**
 * Patterns for imported board moves. A source language that says only "a piece of the mover may go to
 * a cell where these conditions hold" becomes a move with pattern `place`: the runtime then tries every
 * cell of the board for every piece. Here the conjuncts of such a move's condition that read nothing
 * but the two cells and the mover's seat are evaluated for every start and every displacement; when
 * they depend on the displacement alone they become `step` offsets (per seat where seats differ), so
 * that the runtime tries a handful of cells. Which moves are legal does not change: the offsets are
 * exactly the displacements those conjuncts allow, and the conjuncts stay unless every start was tried.
 * @module
 */
import type { Expr, MatchGame, MoveDefinition, Pattern } from "@gridponder/match/validate";

type Env = {
  from: number;
  to: number;
  seat: number;
  seats: number;
  w: number;
  h: number;
  attrs: MatchGame["seats"]["attributes"];
};
type Eval = (env: Env) => number;

const isObject = (e: unknown): e is Record<string, unknown> =>
  e !== null && typeof e === "object" && !Array.isArray(e);

/** A cell reached by a displacement, or -1 off the board (as the runtime's `offset` and `at`). */
function cellAt(x: number, y: number, w: number, h: number): number {
  return x < 0 || y < 0 || x >= w || y >= h ? -1 : y * w + x;
}

const BINARY: Record<string, (a: number, b: number) => number> = {
  eq: (a, b) => Number(a === b),
  ne: (a, b) => Number(a !== b),
  lt: (a, b) => Number(a < b),
  le: (a, b) => Number(a <= b),
  gt: (a, b) => Number(a > b),
  ge: (a, b) => Number(a >= b),
  sub: (a, b) => a - b,
  div: (a, b) => (b === 0 ? 0 : Math.trunc(a / b)),
  mod: (a, b) => (b === 0 ? 0 : ((a % b) + Math.abs(b)) % Math.abs(b)),
};
const VARIADIC: Record<string, (v: number[]) => number> = {
  add: (v) => v.reduce((a, b) => a + b, 0),
  mul: (v) => v.reduce((a, b) => a * b, 1),
  min: (v) => Math.min(...v),
  max: (v) => Math.max(...v),
  and: (v) => Number(v.every((x) => x !== 0)),
  or: (v) => Number(v.some((x) => x !== 0)),
};

/**
 * An evaluator of an expression that reads only `from`, `to`, the mover's seat and seat attributes,
 * or null when it reads anything else (the board, variables, zones). `pieceAt(c) == piece` is read as
 * `c == from`: during move generation the moving piece stands on `from` and nowhere else.
 */
function geometric(e: Expr, depth = 0): Eval | null {
  if (depth > 40) return null;
  if (typeof e === "number") return () => e;
  if (typeof e === "boolean") return () => Number(e);
  if (!isObject(e)) return null;
  const keys = Object.keys(e);
  // Every expression has one key but `offset`, which has its `by` beside it.
  const isOffset = keys.length === 2 && "offset" in e && "by" in e;
  if (keys.length !== 1 && !isOffset) return null;
  const key = isOffset ? "offset" : (keys[0] as string);
  const v = e[key];
  const sub = (x: unknown) => geometric(x as Expr, depth + 1);
  if (key === "get") {
    if (v === "from") return (env) => env.from;
    if (v === "to") return (env) => env.to;
    if (v === "mover") return (env) => env.seat;
    return null;
  }
  if (key === "seat") {
    if (v === "mover" || v === "current") return (env) => env.seat;
    return typeof v === "number" ? () => v : null;
  }
  if (key === "seatCount") return (env) => env.seats;
  if (key === "seatAttr") {
    if (typeof v !== "string" || "seat" in e) return null;
    return (env) => {
      const list = env.attrs?.[v] ?? [];
      return list[Math.min(env.seat, list.length - 1)] ?? 0;
    };
  }
  if (key === "x" || key === "y") {
    const c = sub(v);
    if (!c) return null;
    return key === "x"
      ? (env) => (c(env) < 0 ? -1 : c(env) % env.w)
      : (env) => (c(env) < 0 ? -1 : Math.floor(c(env) / env.w));
  }
  if (key === "offset") {
    const c = sub(v);
    const by = (e as { by?: unknown }).by;
    if (!c || !Array.isArray(by) || by.length !== 2) return null;
    const [dx, dy] = [sub(by[0]), sub(by[1])];
    if (!dx || !dy) return null;
    return (env) => {
      const cell = c(env);
      return cell < 0
        ? -1
        : cellAt((cell % env.w) + dx(env), Math.floor(cell / env.w) + dy(env), env.w, env.h);
    };
  }
  if (key === "at" && Array.isArray(v) && v.length === 2) {
    const [x, y] = [sub(v[0]), sub(v[1])];
    return x && y ? (env) => cellAt(x(env), y(env), env.w, env.h) : null;
  }
  if (key === "onBoard") {
    const c = sub(v);
    return c ? (env) => Number(c(env) >= 0) : null;
  }
  if ((key === "eq" || key === "ne") && Array.isArray(v) && v.length === 2) {
    // `pieceAt(cell) == piece`: the moving piece stands on that cell, that is the cell is `from`.
    const [a, b] = v as [Expr, Expr];
    const pieceIs = (p: Expr, other: Expr) =>
      isObject(p) && "pieceAt" in p && isObject(other) && other.get === "piece";
    const cellOf = pieceIs(a, b)
      ? (a as { pieceAt: Expr }).pieceAt
      : pieceIs(b, a)
        ? (b as { pieceAt: Expr }).pieceAt
        : null;
    if (cellOf !== null) {
      const c = sub(cellOf);
      if (!c) return null;
      return key === "eq" ? (env) => Number(c(env) === env.from) : (env) => Number(c(env) !== env.from);
    }
  }
  if (key in BINARY && Array.isArray(v) && v.length === 2) {
    const [a, b] = [sub(v[0]), sub(v[1])];
    const op = BINARY[key] as (a: number, b: number) => number;
    return a && b ? (env) => op(a(env), b(env)) : null;
  }
  if (key in VARIADIC && Array.isArray(v)) {
    const parts = v.map(sub);
    if (parts.some((p) => p === null)) return null;
    const op = VARIADIC[key] as (v: number[]) => number;
    const fs = parts as Eval[];
    return (env) => op(fs.map((f) => f(env)));
  }
  if (key === "not") {
    const a = sub(v);
    return a ? (env) => Number(a(env) === 0) : null;
  }
  if (key === "neg" || key === "abs") {
    const a = sub(v);
    if (!a) return null;
    return key === "neg" ? (env) => -a(env) : (env) => Math.abs(a(env));
  }
  if (key === "if" && Array.isArray(v) && v.length === 3) {
    const [c, a, b] = v.map(sub);
    return c && a && b ? (env) => (c(env) !== 0 ? a(env) : b(env)) : null;
  }
  return null;
}

/**
 * A test that holds wherever `e` can hold: `e` itself where it reads only the cells and the seat, and
 * where it reads more (the board, a piece's state) a weaker test, each such part taken as true where
 * it counts for the test and as false under a `not`. `exact` says nothing was weakened.
 */
function relaxed(e: Expr, positive = true, depth = 0): { f: Eval; exact: boolean } {
  const exactly = geometric(e);
  if (exactly) return { f: exactly, exact: true };
  const loose = { f: (() => (positive ? 1 : 0)) as Eval, exact: false };
  if (depth > 40 || !isObject(e) || Object.keys(e).length !== 1) return loose;
  if (Array.isArray(e.and) || Array.isArray(e.or)) {
    const parts = ((e.and ?? e.or) as Expr[]).map((p) => relaxed(p, positive, depth + 1));
    const fs = parts.map((p) => p.f);
    const f: Eval = e.and
      ? (env) => Number(fs.every((g) => g(env) !== 0))
      : (env) => Number(fs.some((g) => g(env) !== 0));
    return { f, exact: false };
  }
  if ("not" in e) {
    const inner = relaxed(e.not as Expr, !positive, depth + 1).f;
    return { f: (env) => Number(inner(env) === 0), exact: false };
  }
  return loose;
}

/** The cell `X` of `pieceAt(X) == piece` (either way round), or null. */
function movingPieceCell(e: Expr): Expr | null {
  if (!isObject(e) || !Array.isArray(e.eq) || e.eq.length !== 2) return null;
  const [a, b] = e.eq as [Expr, Expr];
  if (isObject(a) && "pieceAt" in a && isObject(b) && b.get === "piece") return a.pieceAt as Expr;
  if (isObject(b) && "pieceAt" in b && isObject(a) && a.get === "piece") return b.pieceAt as Expr;
  return null;
}

/** The cell `X` of a test that `X` holds a piece (`pieceAt(X) >= 0`, `!= -1`, `not(== -1)`), or null. */
function occupiedCell(e: Expr): Expr | null {
  if (!isObject(e)) return null;
  const pair = (e.ge ?? e.ne) as Expr[] | undefined;
  if (Array.isArray(pair) && pair.length === 2 && isObject(pair[0]) && "pieceAt" in pair[0])
    if ((e.ge !== undefined && pair[1] === 0) || (e.ne !== undefined && pair[1] === -1))
      return pair[0].pieceAt as Expr;
  if (isObject(e.not)) {
    const inner = e.not.eq as Expr[] | undefined;
    if (
      Array.isArray(inner) &&
      inner.length === 2 &&
      isObject(inner[0]) &&
      "pieceAt" in inner[0] &&
      inner[1] === -1
    )
      return inner[0].pieceAt as Expr;
  }
  return null;
}

/**
 * Drops from each `and` the tests that a cell is occupied when the same `and` says the moving piece
 * stands there: the piece of a board move is on the board, so the one implies the other.
 */
function simplify(e: Expr, depth = 0): Expr {
  if (depth > 40 || !isObject(e)) return e;
  if (Array.isArray(e.and) && Object.keys(e).length === 1) {
    const parts = (e.and as Expr[]).map((p) => simplify(p, depth + 1));
    const held = new Set(
      parts
        .map(movingPieceCell)
        .filter((c) => c !== null)
        .map((c) => JSON.stringify(c)),
    );
    const kept = parts.filter((p) => {
      const c = occupiedCell(p);
      return c === null || !held.has(JSON.stringify(c));
    });
    return kept.length === 1 ? (kept[0] as Expr) : { and: kept };
  }
  if (Array.isArray(e.or) && Object.keys(e).length === 1)
    return { or: (e.or as Expr[]).map((p) => simplify(p, depth + 1)) };
  return e;
}

function conjuncts(e: Expr | undefined): Expr[] {
  if (e === undefined) return [];
  if (isObject(e) && Array.isArray(e.and) && Object.keys(e).length === 1)
    return (e.and as Expr[]).flatMap(conjuncts);
  return [e];
}

/** Each seat's displacements allowed by `tests` on the board, or null when they depend on the start. */
function offsetsOf(
  tests: Eval[],
  game: MatchGame,
  w: number,
  h: number,
  playable: (c: number) => boolean,
): { offsets: [number, number][][]; exact: boolean } | null {
  const every = w * h <= 144;
  const starts: number[] = [];
  for (let c = 0; c < w * h; c++)
    if (playable(c) && (every || c % 3 === 0 || c % w === 0 || c % w === w - 1)) starts.push(c);
  const perSeat: [number, number][][] = [];
  for (let seat = 0; seat < game.seats.max; seat++) {
    let mine: [number, number][] | null = null;
    for (let seats = Math.max(game.seats.min, seat + 1); seats <= game.seats.max; seats++) {
      const allowed: [number, number][] = [];
      for (let dy = -(h - 1); dy < h; dy++)
        for (let dx = -(w - 1); dx < w; dx++) {
          let seen: boolean | null = null;
          for (const from of starts) {
            const to = cellAt((from % w) + dx, Math.floor(from / w) + dy, w, h);
            if (to < 0 || !playable(to)) continue;
            const env: Env = { from, to, seat, seats, w, h, attrs: game.seats.attributes };
            const holds = tests.every((t) => t(env) !== 0);
            if (seen === null) seen = holds;
            else if (seen !== holds) return null;
          }
          if (seen) allowed.push([dx, dy]);
        }
      const key = JSON.stringify(allowed);
      if (mine !== null && JSON.stringify(mine) !== key) return null;
      mine = allowed;
    }
    perSeat.push(mine ?? []);
  }
  return { offsets: perSeat, exact: every };
}

/**
 * The game with `step` patterns where its board moves' conditions allow it, and the seat attributes
 * those patterns read when seats move differently.
 */
export function inferPatterns(game: MatchGame): MatchGame {
  const board = game.board;
  if (!board) return game;
  const w = board.width;
  const h = board.height;
  const playable = (c: number) => {
    const parity = ((c % w) + Math.floor(c / w)) % 2;
    return board.playable === "dark" ? parity === 0 : board.playable === "light" ? parity === 1 : true;
  };
  const attributes = { ...(game.seats.attributes ?? {}) };
  const moves = game.moves.map((move): MoveDefinition => {
    const pattern = move.pattern as { place?: string };
    if (!move.piece || "from" in move.piece || pattern.place === undefined) return move;
    const all = conjuncts(move.if === undefined ? undefined : simplify(move.if));
    const tests = all.map((c) => ({ c, ...relaxed(c) }));
    const usable = tests.filter((t) => offsetsOf([t.f], game, w, h, playable) !== null);
    if (usable.length === 0) return move;
    const found = offsetsOf(
      usable.map((t) => t.f),
      game,
      w,
      h,
      playable,
    );
    // A pattern pays only when it leaves far fewer cells to try than the board has.
    if (
      !found ||
      found.offsets.some(
        (o) => o.length === 0 || o.length > (w * h) / 2 || o.some(([x, y]) => x === 0 && y === 0),
      )
    )
      return move;
    const first = found.offsets[0] as [number, number][];
    const same = found.offsets.every((o) => JSON.stringify(o) === JSON.stringify(first));
    if (!same && !found.offsets.every((o) => o.length === first.length)) return move;
    const step: [Expr, Expr][] = same
      ? first.map(([x, y]) => [x, y])
      : first.map((_, k) => {
          const names = [`${move.id}-${k + 1}-x`, `${move.id}-${k + 1}-y`] as const;
          attributes[names[0]] = found.offsets.map((o) => (o[k] as [number, number])[0]);
          attributes[names[1]] = found.offsets.map((o) => (o[k] as [number, number])[1]);
          return [{ seatAttr: names[0] }, { seatAttr: names[1] }];
        });
    // `place: "empty"` allowed only empty cells: a step must say so.
    const kept = all.filter((c) => !(found.exact && usable.some((t) => t.c === c && t.exact)));
    if (pattern.place === "empty") kept.unshift({ eq: [{ pieceAt: { get: "to" } }, -1] });
    const { if: _old, ...rest } = move;
    const newPattern: Pattern = { step };
    return {
      ...rest,
      pattern: newPattern,
      ...(kept.length === 0 ? {} : { if: kept.length === 1 ? (kept[0] as Expr) : { and: kept } }),
    };
  });
  const changed = moves.some((m, i) => m !== game.moves[i]);
  if (!changed) return game;
  return {
    ...game,
    seats: { ...game.seats, ...(Object.keys(attributes).length > 0 ? { attributes } : {}) },
    moves,
  };
}
