import type { Entity, GameState, LevelRuntime, Pack } from "@gridponder/engine";
import { Session } from "@gridponder/engine";
import { type JoiningBoxesLevel, joiningBoxesLevel, joiningBoxesRole, maskOf } from "../models/index.js";
import type { Heuristic, HeuristicFactory } from "../types.js";

/** Past this many boxes fitting one target's mask, their subsets (2^n) are not enumerated: the weaker bound is used. */
const MAX_ENUMERATED_BOXES = 14;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly mask: number;
}

/** One set of boxes (a bit per box) whose masks join into a target's mask, and its least cost. */
interface Cover {
  readonly set: number;
  readonly cost: number;
}

/**
 * For levels won by joining boxes (`joiningBoxesLevel`: each target cell needs one box whose mask is
 * the target's, a turn moves at most one box one cell, and boxes that meet join their masks by a
 * bitwise or, never splitting). The boxes that end up joined on a target start where they stand now
 * and each travels to the target; a turn moves one of them (or one group already joined) along one
 * edge of the grid, so the turns spent on them are at least the edges of a tree that spans their
 * cells and the target, which is at least half the perimeter of the rectangle around those cells.
 * Boxes joined on different targets are different boxes, moved in different turns.
 *
 * The bound is the cheapest choice of disjoint box sets, one per target, each joining into exactly
 * the target's mask (every box's mask within it, their or equal to it), of those half perimeters;
 * plus, when some box must still move, the avatar's walk to the nearest box (it carries a box from
 * its cell or pushes one from beside it). With more than `MAX_ENUMERATED_BOXES` boxes fitting a
 * target's mask (or more than 30 boxes, a bit each), it is per target the farthest of the nearest
 * boxes bringing each bit of the target's mask. Infinite when the boxes left cannot make every
 * target's mask: a dead state.
 */
export const joiningBoxesHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) => {
  // Most levels play other roles: they are turned away before a session is made for the start.
  if (joiningBoxesRole(pack, level) === null) return null;
  const analysis = joiningBoxesLevel(pack, level, new Session(pack, level.id).initial);
  if (analysis === null) return null;
  const width = level.width;
  const targets = analysis.targets.map(({ cell, mask }) => ({
    x: cell % width,
    y: Math.floor(cell / width),
    mask,
  }));
  // The part that depends on the boxes' layer alone, which states share until a box moves.
  const byLayer = new WeakMap<object, { bound: number; boxes: Box[] }>();
  const boxesBound = (cells: readonly (Entity | null)[]) => {
    let known = byLayer.get(cells);
    if (known !== undefined) return known;
    const boxes = boxesOn(cells, analysis, width);
    const fitting = fittingByMask(boxes, targets);
    const bound =
      fitting !== null ? cheapestCovers(boxes, targets, fitting) : nearestBitBound(boxes, targets);
    known = { bound, boxes };
    byLayer.set(cells, known);
    return known;
  };
  return {
    name: "joining-boxes spans",
    estimate(state: GameState): number {
      const { bound, boxes } = boxesBound(state.layers[analysis.layer] as readonly (Entity | null)[]);
      if (bound === 0 || bound === Number.POSITIVE_INFINITY) return bound;
      const at = state.avatar.position;
      if (!state.avatar.enabled || !at) return bound;
      let nearest = Number.POSITIVE_INFINITY;
      for (const b of boxes) nearest = Math.min(nearest, Math.abs(b.x - at[0]) + Math.abs(b.y - at[1]));
      return bound + Math.max(0, nearest - 1);
    },
  } satisfies Heuristic;
};

function boxesOn(cells: readonly (Entity | null)[], analysis: JoiningBoxesLevel, width: number): Box[] {
  const boxes: Box[] = [];
  for (let i = 0; i < cells.length; i++) {
    const e = cells[i];
    if (e?.info.tags.has(analysis.jointTag))
      boxes.push({ x: i % width, y: Math.floor(i / width), mask: maskOf(e.params, analysis.maskParam) });
  }
  return boxes;
}

/** The least total of half perimeters over disjoint covers, one per target (see the heuristic). */
function cheapestCovers(
  boxes: readonly Box[],
  targets: readonly { x: number; y: number; mask: number }[],
  fitting: ReadonlyMap<number, readonly number[]>,
): number {
  // The covers of each mask the targets want, found once per mask.
  const coversOf = new Map<number, Span[]>();
  for (const [mask, indices] of fitting) coversOf.set(mask, coversOfMask(boxes, indices, mask));
  const covers: Cover[][] = targets.map((t) =>
    (coversOf.get(t.mask) ?? [])
      .map((c) => ({
        set: c.set,
        cost: Math.max(c.x1, t.x) - Math.min(c.x0, t.x) + Math.max(c.y1, t.y) - Math.min(c.y0, t.y),
      }))
      .sort((a, b) => a.cost - b.cost),
  );
  // The cheapest cover of each target, for a bound on the targets not chosen yet.
  const least = covers.map((list) => list[0]?.cost ?? Number.POSITIVE_INFINITY);
  const rest = new Array<number>(targets.length + 1).fill(0);
  for (let t = targets.length - 1; t >= 0; t--) rest[t] = (rest[t + 1] as number) + (least[t] as number);
  let best = Number.POSITIVE_INFINITY;
  const choose = (t: number, used: number, cost: number): void => {
    if (cost + (rest[t] as number) >= best) return;
    if (t === targets.length) {
      best = cost;
      return;
    }
    for (const c of covers[t] as Cover[])
      if ((c.set & used) === 0) choose(t + 1, used | c.set, cost + c.cost);
  };
  choose(0, 0, 0);
  return best;
}

/** A set of boxes (a bit per box) and the rectangle around them. */
interface Span {
  readonly set: number;
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/**
 * Per mask the targets want, the boxes whose masks fit in it (by index); `null` when there are more
 * than 30 boxes (a bit each) or more than `MAX_ENUMERATED_BOXES` fit one mask, too many to enumerate
 * their subsets.
 */
function fittingByMask(
  boxes: readonly Box[],
  targets: readonly { mask: number }[],
): Map<number, number[]> | null {
  if (boxes.length > 30) return null;
  const byMask = new Map<number, number[]>();
  for (const { mask } of targets) {
    if (byMask.has(mask)) continue;
    const fitting: number[] = [];
    boxes.forEach((b, i) => {
      if ((b.mask & ~mask) === 0) fitting.push(i);
    });
    if (fitting.length > MAX_ENUMERATED_BOXES) return null;
    byMask.set(mask, fitting);
  }
  return byMask;
}

/**
 * The minimal sets of the `fitting` boxes (whose masks all fit in `mask`) that join into exactly it
 * (no box can be left out), with the rectangle around each.
 */
function coversOfMask(boxes: readonly Box[], fitting: readonly number[], mask: number): Span[] {
  const n = fitting.length;
  // The join of every subset of the fitting boxes: the subset without its lowest box, joined with it.
  const joined = new Int32Array(1 << n);
  const found: Span[] = [];
  for (let s = 1; s < 1 << n; s++) {
    const low = 31 - Math.clz32(s & -s);
    joined[s] = (joined[s & (s - 1)] as number) | (boxes[fitting[low] as number] as Box).mask;
    if (joined[s] !== mask) continue;
    let minimal = true;
    for (let i = 0; i < n && minimal; i++)
      if (((s >> i) & 1) === 1 && joined[s ^ (1 << i)] === mask) minimal = false;
    if (!minimal) continue;
    let set = 0;
    let x0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (((s >> i) & 1) === 0) continue;
      const index = fitting[i] as number;
      const b = boxes[index] as Box;
      set |= 1 << index;
      x0 = Math.min(x0, b.x);
      x1 = Math.max(x1, b.x);
      y0 = Math.min(y0, b.y);
      y1 = Math.max(y1, b.y);
    }
    found.push({ set, x0, x1, y0, y1 });
  }
  return found;
}

/**
 * The weaker bound for many boxes: per target, each bit of its mask comes with some box whose mask
 * fits in the target's, which must travel there (a mask of 0 needs one such box too); the sum over
 * targets of the farthest of those nearest distances.
 */
function nearestBitBound(
  boxes: readonly Box[],
  targets: readonly { x: number; y: number; mask: number }[],
): number {
  let total = 0;
  for (const t of targets) {
    let worst = 0;
    const bits: number[] = [];
    for (let bit = 1; bit > 0 && bit <= t.mask; bit <<= 1) if ((t.mask & bit) !== 0) bits.push(bit);
    if (bits.length === 0) bits.push(0);
    for (const bit of bits) {
      let nearest = Number.POSITIVE_INFINITY;
      for (const b of boxes) {
        if ((b.mask & ~t.mask) !== 0 || (bit !== 0 && (b.mask & bit) === 0) || (bit === 0 && b.mask !== 0))
          continue;
        nearest = Math.min(nearest, Math.abs(b.x - t.x) + Math.abs(b.y - t.y));
      }
      worst = Math.max(worst, nearest);
    }
    total += worst;
  }
  return total;
}
