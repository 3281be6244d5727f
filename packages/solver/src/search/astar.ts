import type { ActionInput, GameState } from "@gridponder/engine";
import type { Limits } from "../limits.js";
import type { SearchSpace } from "../search-space.js";
import { OpenList } from "../tables/open-list.js";
import { StateTable } from "../tables/state-table.js";
import type { Bound, Heuristic, MoveFilter } from "../types.js";
import { type SearchOutcome, searchOutcome } from "./bfs.js";

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
  // Per node, the state of its open entry with the least depth (its other entries are stale), until
  // it is expanded.
  const states: (GameState | undefined)[] = [space.start];
  const open = new OpenList();
  let expanded = 0;
  const result = (status: SearchOutcome["status"], extra: Partial<SearchOutcome> = {}): SearchOutcome =>
    searchOutcome(status, null, expanded, best.size, extra);
  // The entry just popped has the least f of all open ones, and with an admissible heuristic some open
  // entry lies on a shortest solution, so no solution is shorter than its f (nor, as entries at the
  // depth bound are not expanded, longer than that bound unless it is longer still).
  const stopped = (bound: Bound, f: number): SearchOutcome => ({
    ...result("bounded", { lowerBound: Math.min(f, limits.maxDepth + 1) }),
    bound,
  });
  space.encode(space.start, key);
  best.add(key);
  const h0 = heuristic.estimate(space.start);
  if (h0 !== Number.POSITIVE_INFINITY) open.push(h0, 0, 0);
  const { actions } = space;
  while (open.pop()) {
    const { node: at, g: depth } = open;
    if (depth > (cost[at] as number)) continue;
    const state = states[at] as GameState;
    if (state.won) {
      const solution: ActionInput[] = [];
      for (let n = at; n > 0; n = parent[n] as number)
        solution.push(actions[via[n] as number] as ActionInput);
      return result("solved", { optimalLength: depth, lowerBound: depth, solution: solution.reverse() });
    }
    states[at] = undefined;
    expanded++;
    const bound = limits.tick(depth, expanded, best.size);
    if (bound) return stopped(bound, open.f);
    if (depth >= limits.maxDepth) continue;
    best.keyOf(at, key);
    space.prime(state, key);
    const only = filter ? filter.only(state) : null;
    const tries = only ?? actions.length;
    for (let t = 0; t < (typeof tries === "number" ? tries : tries.length); t++) {
      const a = typeof tries === "number" ? t : (tries[t] as number);
      const child = space.next(state, actions[a] as ActionInput);
      if (child === null || child.lost) continue;
      space.encode(child, key);
      const g = depth + 1;
      const known = best.find(key);
      if (known >= 0 && (cost[known] as number) <= g) continue;
      const h = heuristic.estimate(child);
      if (h === Number.POSITIVE_INFINITY) continue;
      let node = known;
      if (node < 0) {
        node = best.add(key);
        parent.push(at);
        via.push(a);
        cost.push(g);
        states.push(child);
        if (best.size > limits.maxStates) return stopped("maxStates", open.f);
      } else {
        parent[node] = at;
        via[node] = a;
        cost[node] = g;
        states[node] = child;
      }
      open.push(g + h, g, node);
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
