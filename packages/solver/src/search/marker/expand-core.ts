import type { GameState } from "@gridponder/engine";
import type { MarkerFrontier } from "./frontier.js";
import { pathsOf } from "./slot-word.js";
import type { MarkerStateCache } from "./state-cache.js";

/**
 * Plays the free and tied actions of `core` with the first `k` of `markers` (its slots at depth
 * `depth`), and hands every slot they reach, at the next depth, to `frontier`. A free action keeps the
 * marker, so its successor core (remembered) is reached with each of the markers; a tied action is
 * played per marker.
 */
export function expandCore(
  cache: MarkerStateCache,
  frontier: MarkerFrontier,
  core: number,
  markers: Int32Array,
  k: number,
  depth: number,
): void {
  const { free, tied, values } = cache;
  const base = core * values;
  const state = cache.coreStates[core] as GameState;
  const next = depth + 1;
  cache.startExpanding(core);
  for (let i = 0; i < free.length; i++) {
    const to = cache.successor(core, i);
    if (to < 0) continue;
    const { slots } = cache;
    const toBase = to * values;
    for (let j = 0; j < k; j++) {
      const m = markers[j] as number;
      frontier.reach(to, m, toBase + m, next, pathsOf(slots.get(base + m)));
    }
  }
  for (let j = 0; j < k; j++) {
    const m = markers[j] as number;
    for (let t = 0; t < tied.length; t++) {
      const to = cache.tiedSuccessor(state, m, t);
      if (to < 0) continue;
      const placed = cache.placedMarker;
      frontier.reach(to, placed, to * values + placed, next, pathsOf(cache.slots.get(base + m)));
    }
  }
}
