import type { GameState } from "@gridponder/engine";
import type { Buckets } from "./buckets.js";
import { depthOf, EXPANDED } from "./slot-word.js";
import type { MarkerStateCache } from "./state-cache.js";

/**
 * A win found by `dive`: the listed slot it started from, that slot's depth, and the actions (by
 * number in the search space) that lead from it to a won slot.
 */
export interface DiveFind {
  readonly slot: number;
  readonly depth: number;
  readonly actions: readonly number[];
}

/** The fewest slots a dive may visit, however few the search has expanded so far. */
const DIVE_LEAST = 2_000;
/**
 * A dive visits at most this share of the slots the search has expanded before it (at least
 * `DIVE_LEAST`), so dives at totals that hold no win cost little, and most of their turns are not
 * lost: the bucket's own expansion meets the same cores and finds their remembered successors.
 */
const DIVE_SHARE = 1 / 64;

/** The slots one of `threads` diving threads may visit after `expanded` slots expanded in all. */
export function diveBudget(expanded: number, threads = 1): number {
  return Math.max(DIVE_LEAST, Math.ceil((expanded * DIVE_SHARE) / threads));
}

/** A slot the dive has met but not yet left: its core, marker, depth, and how it was reached. */
interface Visit {
  readonly core: number;
  readonly m: number;
  readonly depth: number;
  /** The visit it was reached from (-1 for a listed slot) and by which action. */
  readonly parent: number;
  readonly action: number;
}

/**
 * Looks depth first for a won slot at depth exactly `f` among the slots the best-first search will
 * expand at total `f`: from the slots listed there (the deepest first, those not yet expanded), along
 * actions that keep depth plus estimate at `f`. With every smaller total expanded and found without a
 * win, such a slot proves the optimum is `f` (a consistent estimate never lowers the total along a
 * path, so every slot on the way has total `f` too). Visits at most `budget` slots; changes no slot
 * word, so the bucket's own expansion, with its depths and path counts, is as without it. Returns the
 * win, or `null` when none was found within the budget.
 *
 * A thread of a team dives from the slots it lists and on through any core, also those another thread
 * owns: their turns are then played twice (here, and by their owner), within the budget; a dive kept
 * to one thread's cores almost never reached a win, as a way there crosses cores of every thread.
 * Slots of another's cores hold no depth here, so they are never skipped as reached sooner.
 */
export function dive(cache: MarkerStateCache, buckets: Buckets, f: number, budget: number): DiveFind | null {
  const { values, free, tied } = cache;
  const visited = new Set<number>();
  const visits: Visit[] = [];
  const stack: number[] = [];
  for (let g = f - 1; g >= 0; g--) {
    const list = buckets.peek(f, g);
    if (list === null) continue;
    for (let i = 0; i < list.length; i++) {
      const slot = list[i] as number;
      const word = cache.slots.get(slot);
      if (depthOf(word) !== g || (word & EXPANDED) !== 0 || visited.has(slot)) continue;
      visited.add(slot);
      visits.length = 0;
      visits.push({ core: Math.floor(slot / values), m: slot % values, depth: g, parent: -1, action: -1 });
      stack.push(0);
      while (stack.length > 0) {
        const at = stack.pop() as number;
        const visit = visits[at] as Visit;
        if (visited.size > budget) return null;
        const { core, m, depth } = visit;
        const next = depth + 1;
        // Children first gathered, then stacked: playing a turn moves the cache's expanding core.
        cache.startExpanding(core);
        const children: number[] = [];
        const consider = (to: number, marker: number, action: number): DiveFind | null => {
          if (to < 0) return null;
          const h = cache.estimate(to, marker);
          if (next + h !== f) return null;
          if (cache.won[to] === 1) return found(visits, at, action, slot, g);
          const child = to * values + marker;
          // Reached sooner already, it ends no win at `f` (that win would be shorter): not a way on.
          if (depthOf(cache.slots.get(child)) < next || visited.has(child)) return null;
          visited.add(child);
          visits.push({ core: to, m: marker, depth: next, parent: at, action });
          children.push(visits.length - 1);
          return null;
        };
        for (let i = 0; i < free.length; i++) {
          const win = consider(cache.successor(core, i), m, free[i] as number);
          if (win !== null) return win;
        }
        const state = cache.coreStates[core] as GameState;
        for (let t = 0; t < tied.length; t++) {
          const to = cache.tiedSuccessor(state, m, t);
          const win = consider(to, cache.placedMarker, tied[t] as number);
          if (win !== null) return win;
        }
        // The last child stacked is visited first: the order of the actions, depth first.
        for (let c = children.length - 1; c >= 0; c--) stack.push(children[c] as number);
      }
    }
  }
  return null;
}

/** The win reached from visit `at` by `action`: the actions from the listed slot it started at. */
function found(visits: readonly Visit[], at: number, action: number, slot: number, depth: number): DiveFind {
  const actions = [action];
  for (let v = at; v >= 0; ) {
    const visit = visits[v] as Visit;
    if (visit.parent < 0) break;
    actions.push(visit.action);
    v = visit.parent;
  }
  return { slot, depth, actions: actions.reverse() };
}
