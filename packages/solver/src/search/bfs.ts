import type { ActionInput, GameState } from "@gridponder/engine";
import type { Limits } from "../limits.js";
import type { SearchSpace } from "../search-space.js";
import { Column, StateTable } from "../tables/state-table.js";
import type { Bound, Heuristic, SearchOutcome } from "../types.js";

export type { SearchOutcome } from "../types.js";

/**
 * Breadth-first search, layer by layer, with duplicate detection on state keys. Every state records
 * how many shortest action sequences reach it (capped), so when the first winning layer is complete
 * the number of optimal solutions is known; and the parent links give one of them. With `prune`
 * (an admissible heuristic and the known optimal length), only states that can still finish within
 * that length are kept, which is how solutions are counted after A* found the optimum.
 *
 * When the level has a layer only some actions touch (`space.bound`, a twin's marker say), each layer
 * of the search is visited in groups of states that differ only in that layer: the engine plays the
 * other actions once for the group's first state, and the rest of the group reuse those successors.
 */
export function breadthFirst(
  space: SearchSpace,
  limits: Limits,
  countLimit: number,
  prune?: { readonly heuristic: Heuristic; readonly length: number },
): SearchOutcome {
  const cap = countLimit + 1;
  const width = space.keyWidth;
  const seen = new StateTable(width);
  const key = new Int32Array(width);
  const childKey = new Int32Array(width);
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
  ) => searchOutcome(status, bound, expanded, seen.size, extra);
  if (space.start.won)
    return outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1, lowerBound: 0 });

  const { actions, bound: grouping } = space;
  // The group's first state, its key and its successors (with their keys), for the rest of the group.
  const leaderKey = new Int32Array(width);
  const leaderChildren: (GameState | null)[] = new Array(actions.length).fill(null);
  const leaderChildKeys = new Int32Array(width * actions.length);

  let frontier: GameState[] = [space.start];
  let frontierNodes: number[] = [0];
  for (let depth = 0; frontier.length > 0; depth++) {
    // Every state up to this depth is known and none wins: no solution is shorter than depth + 1.
    if (depth >= limits.maxDepth) return outcome("bounded", "maxDepth", { lowerBound: depth + 1 });
    const next: GameState[] = [];
    const nextNodes: number[] = [];
    const winners: number[] = [];
    let stop: Bound | null = null;

    /**
     * Counts one more shortest way into a known successor (key in `childKey`) of `node`; false when
     * the successor is new. (A known state passed the pruning test when it was first reached.)
     */
    const revisit = (node: number): boolean => {
      const known = seen.find(childKey);
      if (known < 0) return false;
      // Another shortest way into a state of the layer being built: its paths add up.
      if (layer.get(known) === depth + 1) paths.set(known, Math.min(cap, paths.get(known) + paths.get(node)));
      return true;
    };
    /** Records a new successor (key in `childKey`) of `node`, reached by action `a`. */
    const discover = (node: number, a: number, child: GameState): void => {
      if (prune && depth + 1 + prune.heuristic.estimate(child) > prune.length) return;
      const id = seen.add(childKey);
      parent.set(id, node);
      via.set(id, a);
      layer.set(id, depth + 1);
      paths.set(id, paths.get(node));
      if (child.won) winners.push(id);
      else {
        next.push(child);
        nextNodes.push(id);
      }
      if (seen.size > limits.maxStates) stop = "maxStates";
    };

    const order = grouping ? groupedOrder(frontierNodes, seen, key, grouping.field) : null;
    let haveLeader = false;
    for (let f = 0; f < frontier.length && stop === null; f++) {
      const at = order === null ? f : (order[f] as number);
      const state = frontier[at] as GameState;
      const node = frontierNodes[at] as number;
      expanded++;
      stop = limits.tick(depth, expanded, seen.size);
      if (stop) break;
      seen.keyOf(node, key);
      const follower = grouping !== null && haveLeader && sameExcept(key, leaderKey, grouping.field);
      if (grouping !== null && !follower) leaderKey.set(key);
      haveLeader = grouping !== null;
      space.prime(state, key);
      for (let a = 0; a < actions.length && stop === null; a++) {
        if (follower && !grouping.touches[a]) {
          const shared = leaderChildren[a];
          if (shared === null || shared === undefined) continue;
          childKey.set(leaderChildKeys.subarray(a * width, (a + 1) * width));
          childKey[grouping.field] = key[grouping.field] as number;
          // The successor is built only when it is new: most are not.
          if (!revisit(node)) discover(node, a, space.rebase(shared, state));
          continue;
        }
        const child = space.next(state, actions[a] as ActionInput);
        const usable = child !== null && !child.lost;
        if (usable) space.encode(child, childKey);
        if (grouping !== null && !follower) {
          leaderChildren[a] = usable ? child : null;
          if (usable) leaderChildKeys.set(childKey, a * width);
        }
        if (usable && !revisit(node)) discover(node, a, child);
      }
    }
    if (stop !== null) return outcome("bounded", stop, { lowerBound: depth + 1 });
    if (winners.length > 0)
      return outcome(
        "solved",
        null,
        solvedAt(depth + 1, winners, countLimit, actions, {
          paths: (id) => paths.get(id),
          parent: (id) => parent.get(id),
          via: (id) => via.get(id),
        }),
      );
    frontier = next;
    frontierNodes = nextNodes;
  }
  return outcome("unsolvable", null, { lowerBound: null });
}

/** Whether two keys agree in every field but one. */
function sameExcept(a: Int32Array, b: Int32Array, skip: number): boolean {
  for (let i = 0; i < a.length; i++) if (i !== skip && a[i] !== b[i]) return false;
  return true;
}

/**
 * An order of the frontier in which states whose keys agree but for the field `skip` come together:
 * sorted by a hash of the other fields (ties, and equal hashes of different keys, by position).
 */
function groupedOrder(nodes: readonly number[], seen: StateTable, key: Int32Array, skip: number): Int32Array {
  const n = nodes.length;
  const order = new Int32Array(n);
  // hash * 2^21 + position is exact in a double while there are fewer than 2^21 states; beyond that,
  // positions are split over two sort keys instead.
  if (n < 1 << 21) {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      seen.keyOf(nodes[i] as number, key);
      packed[i] = hashExcept(key, skip) * 2097152 + i;
    }
    packed.sort();
    for (let i = 0; i < n; i++) order[i] = (packed[i] as number) % 2097152;
    return order;
  }
  const hashes = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    seen.keyOf(nodes[i] as number, key);
    hashes[i] = hashExcept(key, skip);
  }
  const positions = Array.from({ length: n }, (_, i) => i);
  positions.sort((x, y) => (hashes[x] as number) - (hashes[y] as number) || x - y);
  order.set(positions);
  return order;
}

/** A 31-bit hash of a key's fields but one. */
function hashExcept(key: Int32Array, skip: number): number {
  let h = 0x2545f491;
  for (let i = 0; i < key.length; i++) {
    if (i === skip) continue;
    h = Math.imul(h ^ (key[i] as number), 0x9e3779b1);
    h ^= h >>> 15;
  }
  return (h >>> 1) & 0x3fffffff;
}

/** A search's outcome: nothing found unless `extra` says otherwise. */
/**
 * A search a bound stopped after it had ruled out every solution shorter than `known` (a winning
 * action sequence): `known` is then a shortest one, how many others there are staying unknown. Any
 * other outcome is returned as it is.
 */
export function provenByKnown(outcome: SearchOutcome, known: readonly ActionInput[] | null): SearchOutcome {
  if (outcome.status !== "bounded" || known === null || (outcome.lowerBound ?? -1) < known.length)
    return outcome;
  return {
    ...outcome,
    status: "solved",
    bound: null,
    optimalLength: known.length,
    solution: [...known],
    lowerBound: known.length,
  };
}

/** How a search recorded its states (by id; the start is id 0): shortest paths in, parent, action. */
export interface StateRecords {
  paths(id: number): number;
  parent(id: number): number;
  via(id: number): number;
}

/**
 * What a breadth-first search that found `winners` (ids) at depth `length` proves: the optimum, the
 * number of optimal solutions (the winners' paths summed, capped one past `countLimit`), and the
 * solution to the first winner, read back along the parents.
 */
export function solvedAt(
  length: number,
  winners: readonly number[],
  countLimit: number,
  actions: readonly ActionInput[],
  records: StateRecords,
): Partial<SearchOutcome> {
  let total = 0;
  for (const w of winners) total = Math.min(countLimit + 1, total + records.paths(w));
  const solution: ActionInput[] = [];
  for (let n = winners[0] as number; n > 0; n = records.parent(n))
    solution.push(actions[records.via(n)] as ActionInput);
  solution.reverse();
  return {
    optimalLength: length,
    lowerBound: length,
    solution,
    optimalCount: Math.min(total, countLimit),
    countCapped: total > countLimit,
  };
}

export function searchOutcome(
  status: SearchOutcome["status"],
  bound: Bound | null,
  statesExpanded: number,
  statesSeen: number,
  extra: Partial<SearchOutcome> = {},
): SearchOutcome {
  return {
    status,
    bound,
    optimalLength: null,
    solution: null,
    optimalCount: null,
    countCapped: false,
    lowerBound: 0,
    statesExpanded,
    statesSeen,
    ...extra,
  };
}
