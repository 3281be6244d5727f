import { PENDING_VALUES } from "./layout.js";
import type { RelaxedModel } from "./model.js";

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
 * Relaxed distances to the goal, by breadth-first search backwards from every goal state (no plot
 * left), out to `horizon` steps: one byte per relaxed state, `BEYOND` past the horizon. Virtual
 * states (a stale fire about to land) sit between a turn and its cascade at no cost of their own.
 * The search stops early at `deadline` (a `performance.now()` time), leaving a weaker table.
 */
export function relaxedDistances(
  model: RelaxedModel,
  horizon: number,
  deadline = Number.POSITIVE_INFINITY,
): Distances {
  const { layout } = model;
  const dist = new Uint8Array(layout.size).fill(BEYOND);
  const virtualDist = new Uint8Array(model.virtualSize).fill(BEYOND);
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
  // Goals: no plot left. Each planting uses a carrier up, so at most the carriers beyond the plots remain.
  const k = layout.avatarCells.length;
  const left = layout.maxBaskets - model.level.plots.length;
  for (let f = 0; f < PENDING_VALUES; f++)
    for (let combo = 0; combo < layout.combos; combo++) {
      if ((layout.comboSize[combo] as number) > left) continue;
      for (let m = 0; m <= k; m++)
        for (let a = 0; a < k; a++) {
          const index = (((f * layout.masks + 0) * layout.combos + combo) * (k + 1) + m) * k + a;
          dist[index] = 0;
          push(index);
        }
    }
  // States that cannot occur (see `consistent`) are left out: they would only cost time.
  const slab = (k + 1) * k;
  const blocks = layout.masks * layout.combos;
  const valid = new Uint8Array(blocks);
  for (let mask = 0; mask < layout.masks; mask++)
    for (let combo = 0; combo < layout.combos; combo++)
      valid[mask * layout.combos + combo] = layout.consistent(mask, combo) ? 1 : 0;
  let virtuals: number[] = [];
  let reached = 0;
  for (let d = 0; d < horizon && count > 0; d++) {
    if (performance.now() > deadline) return { dist, reached, complete: false };
    const current = layer.subarray(0, count);
    const next = d + 1;
    layer = new Int32Array(Math.max(1024, count));
    count = 0;
    const reach = (from: number) => {
      if (dist[from] !== BEYOND || !valid[Math.floor(from / slab) % blocks]) return;
      dist[from] = next;
      push(from);
    };
    virtuals = [];
    const reachVirtual = (v: number) => {
      if (virtualDist[v] !== BEYOND) return;
      virtualDist[v] = d;
      virtuals.push(v);
    };
    for (let i = 0; i < current.length; i++) model.predecessors(current[i] as number, reach, reachVirtual);
    for (const v of virtuals) model.virtualPredecessors(v, reach);
    reached = next;
  }
  return { dist, reached, complete: count === 0 };
}
