import type { RelaxedSpace } from "@gridponder/engine";

/** Distance value for states farther than the table's horizon (or never able to win). */
export const BEYOND = 255;

/** A distance table and how far its search got: `BEYOND` means more than `reached` steps. */
export interface Distances {
  readonly dist: Uint8Array;
  /** The last distance fully filled in. */
  readonly reached: number;
  /** Whether the search ran dry: then `BEYOND` means the goal cannot be reached at all. */
  readonly complete: boolean;
}

/**
 * Distances to the goal in a relaxed model the engine built, by breadth-first search backwards from
 * every goal state, out to `horizon` steps: one byte per relaxed state, `BEYOND` past the horizon.
 * Virtual states sit between two states at no cost of their own. The search stops early at
 * `deadline` (a `performance.now()` time), leaving a weaker table.
 */
export function relaxedDistances(
  space: RelaxedSpace,
  horizon: number,
  deadline = Number.POSITIVE_INFINITY,
): Distances {
  const dist = new Uint8Array(space.size).fill(BEYOND);
  const virtualDist = new Uint8Array(space.virtualSize).fill(BEYOND);
  let layer = new Int32Array(1024);
  let count = 0;
  const push = (index: number) => {
    if (count === layer.length) {
      const bigger = new Int32Array(layer.length * 2);
      bigger.set(layer);
      layer = bigger;
    }
    layer[count++] = index;
  };
  space.goals((index) => {
    dist[index] = 0;
    push(index);
  });
  let virtuals: number[] = [];
  let reached = 0;
  for (let d = 0; d < horizon && count > 0; d++) {
    if (performance.now() > deadline) return { dist, reached, complete: false };
    const current = layer.subarray(0, count);
    const next = d + 1;
    layer = new Int32Array(Math.max(1024, count));
    count = 0;
    // States that cannot occur are left out: they would only cost time.
    const reach = (from: number) => {
      if (dist[from] !== BEYOND || !space.possible(from)) return;
      dist[from] = next;
      push(from);
    };
    virtuals = [];
    const reachVirtual = (v: number) => {
      if (virtualDist[v] !== BEYOND) return;
      virtualDist[v] = d;
      virtuals.push(v);
    };
    for (let i = 0; i < current.length; i++) space.predecessors(current[i] as number, reach, reachVirtual);
    for (const v of virtuals) space.virtualPredecessors(v, reach);
    reached = next;
  }
  return { dist, reached, complete: count === 0 };
}
