import type { ActionInput, GameState } from "@gridponder/engine";
import type { Limits } from "./limits.js";
import type { SearchSpace } from "./search-space.js";
import type { Bound, Heuristic, SearchOutcome } from "./types.js";

export type { SearchOutcome } from "./types.js";

/**
 * Breadth-first search, layer by layer, with duplicate detection on state keys. Every state records
 * how many shortest action sequences reach it (capped), so when the first winning layer is complete
 * the number of optimal solutions is known; and the parent links give one of them. With `prune`
 * (an admissible heuristic and the known optimal length), only states that can still finish within
 * that length are kept, which is how solutions are counted after A* found the optimum.
 */
export function breadthFirst(
  space: SearchSpace,
  limits: Limits,
  countLimit: number,
  prune?: { readonly heuristic: Heuristic; readonly length: number },
): SearchOutcome {
  const cap = countLimit + 1;
  const seen = new Map<string, number>();
  const parent: number[] = [-1];
  const via: number[] = [-1];
  const layer: number[] = [0];
  const paths: number[] = [1];
  seen.set(space.key(space.start), 0);
  let expanded = 0;
  const outcome = (
    status: SearchOutcome["status"],
    bound: Bound | null,
    extra: Partial<SearchOutcome> = {},
  ): SearchOutcome => ({
    status,
    bound,
    optimalLength: null,
    solution: null,
    optimalCount: null,
    countCapped: false,
    statesExpanded: expanded,
    statesSeen: seen.size,
    ...extra,
  });
  if (space.start.won) return outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1 });

  let frontier: { node: number; state: GameState }[] = [{ node: 0, state: space.start }];
  const { actions } = space;
  for (let depth = 0; frontier.length > 0; depth++) {
    if (depth >= limits.maxDepth) return outcome("bounded", "maxDepth");
    const next: { node: number; state: GameState }[] = [];
    const winners: number[] = [];
    for (const { node, state } of frontier) {
      expanded++;
      const bound = limits.tick(depth, expanded, seen.size);
      if (bound) return outcome("bounded", bound);
      for (let a = 0; a < actions.length; a++) {
        const child = space.next(state, actions[a] as ActionInput);
        if (child === null || child.lost) continue;
        // Counting the solutions of a known optimal length: a state that cannot finish in time is skipped.
        if (prune && depth + 1 + prune.heuristic.estimate(child) > prune.length) continue;
        const key = space.key(child);
        const known = seen.get(key);
        if (known !== undefined) {
          // Another shortest way into a state of the layer being built: its paths add up.
          if (layer[known] === depth + 1)
            paths[known] = Math.min(cap, (paths[known] as number) + (paths[node] as number));
          continue;
        }
        const id = parent.length;
        seen.set(key, id);
        parent.push(node);
        via.push(a);
        layer.push(depth + 1);
        paths.push(paths[node] as number);
        if (child.won) winners.push(id);
        else next.push({ node: id, state: child });
        if (seen.size > limits.maxStates) return outcome("bounded", "maxStates");
      }
    }
    if (winners.length > 0) {
      let total = 0;
      for (const w of winners) total = Math.min(cap, total + (paths[w] as number));
      const solution: ActionInput[] = [];
      for (let n = winners[0] as number; n > 0; n = parent[n] as number)
        solution.push(actions[via[n] as number] as ActionInput);
      solution.reverse();
      return outcome("solved", null, {
        optimalLength: depth + 1,
        solution,
        optimalCount: Math.min(total, countLimit),
        countCapped: total > countLimit,
      });
    }
    frontier = next;
  }
  return outcome("unsolvable", null);
}
