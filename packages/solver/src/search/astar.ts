import type { ActionInput, GameState } from "@gridponder/engine";
import type { Limits } from "../limits.js";
import type { SearchSpace } from "../search-space.js";
import { MinHeap } from "../tables/heap.js";
import { StateTable } from "../tables/state-table.js";
import type { Bound, Heuristic, MoveFilter } from "../types.js";
import { type SearchOutcome, searchOutcome } from "./bfs.js";

interface Open {
  readonly f: number;
  readonly g: number;
  /** Insertion order: equal entries pop first-in first-out, so the search is deterministic. */
  readonly order: number;
  readonly node: number;
  readonly state: GameState;
}

/**
 * A* over state keys. With an admissible heuristic the first winning state popped is optimal; a state
 * reached again more cheaply is reopened, so an inconsistent (but admissible) heuristic stays correct.
 * It finds one optimal solution; counting them is left to breadth-first search.
 */
export function aStar(
  space: SearchSpace,
  limits: Limits,
  heuristic: Heuristic,
  filter?: MoveFilter | null,
): SearchOutcome {
  const best = new StateTable(space.keyWidth);
  const key = new Int32Array(space.keyWidth);
  const parent: number[] = [-1];
  const via: number[] = [-1];
  const cost: number[] = [0];
  const heap = new MinHeap<Open>(
    (a, b) => a.f < b.f || (a.f === b.f && (a.g > b.g || (a.g === b.g && a.order < b.order))),
  );
  let order = 0;
  let expanded = 0;
  const result = (status: SearchOutcome["status"], extra: Partial<SearchOutcome> = {}): SearchOutcome =>
    searchOutcome(status, null, expanded, best.size, extra);
  // The entry just popped has the least f of all open ones, and with an admissible heuristic some open
  // entry lies on a shortest solution, so no solution is shorter than its f (nor, as entries at the
  // depth bound are not expanded, longer than that bound unless it is longer still).
  const stopped = (bound: Bound, open: Open): SearchOutcome => ({
    ...result("bounded", { lowerBound: Math.min(open.f, limits.maxDepth + 1) }),
    bound,
  });
  space.encode(space.start, key);
  best.add(key);
  const h0 = heuristic.estimate(space.start);
  if (h0 !== Number.POSITIVE_INFINITY)
    heap.push({ f: h0, g: 0, order: order++, node: 0, state: space.start });
  const { actions } = space;
  while (heap.size > 0) {
    const open = heap.pop() as Open;
    if (open.g > (cost[open.node] as number)) continue;
    if (open.state.won) {
      const solution: ActionInput[] = [];
      for (let n = open.node; n > 0; n = parent[n] as number)
        solution.push(actions[via[n] as number] as ActionInput);
      return result("solved", { optimalLength: open.g, lowerBound: open.g, solution: solution.reverse() });
    }
    expanded++;
    const bound = limits.tick(open.g, expanded, best.size);
    if (bound) return stopped(bound, open);
    if (open.g >= limits.maxDepth) continue;
    best.keyOf(open.node, key);
    space.prime(open.state, key);
    const only = filter ? filter.only(open.state) : null;
    const tries = only ?? actions.length;
    for (let t = 0; t < (typeof tries === "number" ? tries : tries.length); t++) {
      const a = typeof tries === "number" ? t : (tries[t] as number);
      const child = space.next(open.state, actions[a] as ActionInput);
      if (child === null || child.lost) continue;
      space.encode(child, key);
      const g = open.g + 1;
      const known = best.find(key);
      if (known >= 0 && (cost[known] as number) <= g) continue;
      const h = heuristic.estimate(child);
      if (h === Number.POSITIVE_INFINITY) continue;
      let node = known;
      if (node < 0) {
        node = best.add(key);
        parent.push(open.node);
        via.push(a);
        cost.push(g);
        if (best.size > limits.maxStates) return stopped("maxStates", open);
      } else {
        parent[node] = open.node;
        via[node] = a;
        cost[node] = g;
      }
      heap.push({ f: g + h, g, order: order++, node, state: child });
    }
  }
  // The open list ran dry: either nothing wins, or every unexplored branch lay beyond the depth bound.
  return limits.maxDepth === Number.POSITIVE_INFINITY || !hitDepth(cost, limits.maxDepth)
    ? result("unsolvable", { lowerBound: null })
    : { ...result("bounded", { lowerBound: limits.maxDepth + 1 }), bound: "maxDepth" };
}

function hitDepth(cost: readonly number[], maxDepth: number): boolean {
  return cost.some((g) => g >= maxDepth);
}
