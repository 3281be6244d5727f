/**
 * Where an action can go, worked out from its conditions: the conditions that read only the start, the
 * target and the mover's attributes are evaluated for every start on the board and every displacement.
 * Those whose value depends on the displacement alone become the move's pattern (a knight's eight
 * leaps, a rook's four slides), so that the runtime tries a handful of cells instead of every cell of
 * the board. Nothing changes which moves are legal: a pattern is used only when it selects exactly the
 * targets the conditions allow.
 * @module
 */
import type { Syntax } from "./syntax.js";

interface Probe {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
  attrs: ReadonlyMap<string, number>;
}

const ARITH: Record<string, (v: number[]) => number> = {
  add: (v) => v.reduce((a, b) => a + b, 0),
  mul: (v) => v.reduce((a, b) => a * b, 1),
  sub: (v) => (v[0] as number) - (v[1] as number),
  abs: (v) => Math.abs(v[0] as number),
  min: (v) => Math.min(...v),
  max: (v) => Math.max(...v),
  eq: (v) => Number(v[0] === v[1]),
  ne: (v) => Number(v[0] !== v[1]),
  gt: (v) => Number((v[0] as number) > (v[1] as number)),
  lt: (v) => Number((v[0] as number) < (v[1] as number)),
  ge: (v) => Number((v[0] as number) >= (v[1] as number)),
  gte: (v) => Number((v[0] as number) >= (v[1] as number)),
  le: (v) => Number((v[0] as number) <= (v[1] as number)),
  lte: (v) => Number((v[0] as number) <= (v[1] as number)),
  and: (v) => Number(v.every((x) => x !== 0)),
  or: (v) => Number(v.some((x) => x !== 0)),
  not: (v) => Number(v[0] === 0),
};

/** Whether a condition reads only positions' coordinates, numbers and the mover's attributes. */
export function isGeometric(n: Syntax, attrs: ReadonlySet<string>, depth = 0): boolean {
  if (depth > 48) return false;
  switch (n.kind) {
    case "number":
      return true;
    case "member":
      if ((n.key === "x" || n.key === "y") && n.of.kind === "name")
        return n.of.name === "start" || n.of.name === "target";
      return (
        attrs.has(n.key) &&
        n.of.kind === "member" &&
        n.of.key === "owner" &&
        n.of.of.kind === "name" &&
        n.of.of.name === "entity"
      );
    case "call":
      return Object.hasOwn(ARITH, n.fn) && n.args.every((a) => isGeometric(a, attrs, depth + 1));
    default:
      return false;
  }
}

function value(n: Syntax, p: Probe): number {
  switch (n.kind) {
    case "number":
      return n.value;
    case "member":
      if (n.key === "x") return (n.of as { name: string }).name === "start" ? p.sx : p.tx;
      if (n.key === "y") return (n.of as { name: string }).name === "start" ? p.sy : p.ty;
      return p.attrs.get(n.key) ?? 0;
    case "call":
      return (ARITH[n.fn] as (v: number[]) => number)(n.args.map((a) => value(a, p)));
    default:
      return 0;
  }
}

export type Offset = [number, number];

export interface Geometry {
  /** Each seat's displacements that the geometric conditions allow. */
  offsets: Offset[][];
  /**
   * Whether every start was tried: then the geometric conditions hold exactly for these offsets and
   * need not be checked again.
   */
  exact: boolean;
}

/**
 * The displacements allowed by `conditions` (all geometric, see {@link isGeometric}) for each seat, or
 * null when some condition depends on where the start is and not only on the displacement.
 */
export function geometryOf(
  conditions: readonly Syntax[],
  seatAttrs: ReadonlyMap<string, readonly number[]>,
  seatCount: number,
  width: number,
  height: number,
): Geometry | null {
  // Every start of a board up to 100 cells; a spread of starts on a larger one.
  const every = width * height <= 100;
  const starts: [number, number][] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (every || (x * 7 + y * 3) % 5 === 0 || x === 0 || y === 0 || x === width - 1 || y === height - 1)
        starts.push([x, y]);
  const offsets: Offset[][] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    const attrs = new Map<string, number>();
    for (const [name, values] of seatAttrs) attrs.set(name, values[seat] ?? 0);
    const allowed: Offset[] = [];
    for (let dy = -(height - 1); dy < height; dy++)
      for (let dx = -(width - 1); dx < width; dx++) {
        let seen: boolean | null = null;
        for (const [sx, sy] of starts) {
          const tx = sx + dx;
          const ty = sy + dy;
          if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
          const probe = { sx, sy, tx, ty, attrs };
          const holds = conditions.every((c) => value(c, probe) !== 0);
          if (seen === null) seen = holds;
          else if (seen !== holds) return null;
        }
        if (seen) allowed.push([dx, dy]);
      }
    offsets.push(allowed);
  }
  return { offsets, exact: every };
}

/**
 * The directions of a slide when the offsets are exactly whole rays from the start to the board's
 * edge (a rook's, a bishop's), else null.
 */
export function raysOf(offsets: readonly Offset[], width: number, height: number): Offset[] | null {
  const key = (o: Offset) => `${o[0]},${o[1]}`;
  const all = new Set(offsets.map(key));
  const directions: Offset[] = [];
  const covered = new Set<string>();
  for (const [dx, dy] of offsets) {
    const g = gcd(Math.abs(dx), Math.abs(dy));
    const d: Offset = [dx / g, dy / g];
    if (directions.some((e) => e[0] === d[0] && e[1] === d[1])) continue;
    directions.push(d);
    for (let k = 1; Math.abs(k * d[0]) < width && Math.abs(k * d[1]) < height; k++) {
      const o: Offset = [k * d[0], k * d[1]];
      if (!all.has(key(o))) return null;
      covered.add(key(o));
    }
  }
  return covered.size === all.size ? directions : null;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
