import type { ActionInput, GameState } from "@gridponder/engine";
import { depthOf } from "./slot-word.js";
import type { MarkerStateCache } from "./state-cache.js";

/** A solution step: the slot one layer up and the action (by number) that leads on from it. */
export interface Step {
  readonly slot: number;
  readonly action: number;
}

/** How a predecessor is looked for (see `findPredecessor`). */
export type StepSearch = "free" | "likely" | "tied";

/**
 * One shortest action sequence to `slot` (reached at `depth`), found backwards: at each step some
 * slot one layer up whose successor it is. Only depths are stored, so predecessors are looked for
 * among that layer's slots, through the remembered successors first.
 */
export function solutionTo(cache: MarkerStateCache, slot: number, depth: number): ActionInput[] {
  const path: number[] = [];
  for (let d = depth; d > 0; d--) {
    const step = findPredecessor(cache, slot, d, "free") ?? findPredecessor(cache, slot, d, "tied");
    if (step === null) throw new Error("internal error: a reached state has no predecessor");
    path.push(step.action);
    slot = step.slot;
  }
  return path.reverse().map((a) => cache.space.actions[a] as ActionInput);
}

/**
 * A slot one layer up (depth `d - 1`) with an action leading to `slot`, or `null`: by a free action
 * (looked up in the remembered successors), or by a marker action, played again from each candidate,
 * the likely markers first (none, the same, the avatar's cell), then all ("tied"); or only the
 * likely ones ("likely").
 */
export function findPredecessor(
  cache: MarkerStateCache,
  slot: number,
  d: number,
  how: StepSearch,
): Step | null {
  const { values, free } = cache;
  const core = Math.floor(slot / values);
  const marker = slot % values;
  if (how === "free") {
    const cores = cache.cores.size;
    // A free action keeps the marker: look for a core one layer up, with the same marker, leading here.
    for (let c = 0; c < cores; c++) {
      if (depthOf(cache.slots.get(c * values + marker)) !== d - 1) continue;
      for (let i = 0; i < free.length; i++) {
        if (cache.successors[c * free.length + i] === core)
          return { slot: c * values + marker, action: free[i] as number };
      }
    }
    return null;
  }
  const at = (cache.coreStates[core] as GameState).avatar.position;
  const likely = [0, marker];
  if (at) likely.push(1 + at[1] * cache.space.level.width + at[0]);
  const found = tiedPredecessor(cache, core, marker, d, likely);
  return found !== null || how === "likely" ? found : tiedPredecessor(cache, core, marker, d, null);
}

function tiedPredecessor(
  cache: MarkerStateCache,
  core: number,
  marker: number,
  d: number,
  only: readonly number[] | null,
): Step | null {
  const { values, space } = cache;
  const cores = cache.cores.size;
  for (let c = 0; c < cores; c++) {
    for (let m = 0; m < values; m++) {
      if (only !== null && !only.includes(m)) continue;
      if (depthOf(cache.slots.get(c * values + m)) !== d - 1) continue;
      const from = cache.withMarker(cache.coreStates[c] as GameState, m);
      for (const a of cache.tied) {
        const child = space.next(from, space.actions[a] as ActionInput);
        if (child === null || child.lost) continue;
        if (cache.place(child, false) === core && cache.placedMarker === marker)
          return { slot: c * values + m, action: a };
      }
    }
  }
  return null;
}
