import type { ActionInput, GameState } from "@gridponder/engine";
import type { Limits } from "./limits.js";
import type { SearchSpace } from "./search-space.js";
import { Column, StateTable } from "./state-table.js";
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
  const seen = new StateTable(space.keyWidth);
  const key = new Int32Array(space.keyWidth);
  // Per state, by id: where it came from, by which action, at which depth, along how many shortest paths.
  const parent = new Column(-1);
  const via = new Column(-1);
  const layer = new Column(0);
  const paths = new Column(1);
  space.encode(space.start, key);
  seen.add(key);
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

  let frontier: GameState[] = [space.start];
  let frontierNodes: number[] = [0];
  const { actions } = space;
  for (let depth = 0; frontier.length > 0; depth++) {
    if (depth >= limits.maxDepth) return outcome("bounded", "maxDepth");
    const next: GameState[] = [];
    const nextNodes: number[] = [];
    const winners: number[] = [];
    for (let f = 0; f < frontier.length; f++) {
      const state = frontier[f] as GameState;
      const node = frontierNodes[f] as number;
      expanded++;
      seen.keyOf(node, key);
      space.prime(state, key);
      const bound = limits.tick(depth, expanded, seen.size);
      if (bound) return outcome("bounded", bound);
      for (let a = 0; a < actions.length; a++) {
        const child = space.next(state, actions[a] as ActionInput);
        if (child === null || child.lost) continue;
        // Counting the solutions of a known optimal length: a state that cannot finish in time is skipped.
        if (prune && depth + 1 + prune.heuristic.estimate(child) > prune.length) continue;
        space.encode(child, key);
        const known = seen.find(key);
        if (known >= 0) {
          // Another shortest way into a state of the layer being built: its paths add up.
          if (layer.get(known) === depth + 1)
            paths.set(known, Math.min(cap, paths.get(known) + paths.get(node)));
          continue;
        }
        const id = seen.add(key);
        parent.set(id, node);
        via.set(id, a);
        layer.set(id, depth + 1);
        paths.set(id, paths.get(node));
        if (child.won) winners.push(id);
        else {
          next.push(child);
          nextNodes.push(id);
        }
        if (seen.size > limits.maxStates) return outcome("bounded", "maxStates");
      }
    }
    if (winners.length > 0) {
      let total = 0;
      for (const w of winners) total = Math.min(cap, total + paths.get(w));
      const solution: ActionInput[] = [];
      for (let n = winners[0] as number; n > 0; n = parent.get(n))
        solution.push(actions[via.get(n)] as ActionInput);
      solution.reverse();
      return outcome("solved", null, {
        optimalLength: depth + 1,
        solution,
        optimalCount: Math.min(total, countLimit),
        countCapped: total > countLimit,
      });
    }
    frontier = next;
    frontierNodes = nextNodes;
  }
  return outcome("unsolvable", null);
}
