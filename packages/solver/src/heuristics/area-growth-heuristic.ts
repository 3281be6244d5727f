import type { GameState, LevelRuntime, Pack } from "@gridponder/engine";
import { areaGrowthLevel } from "../models/index.js";
import type { Heuristic, HeuristicFactory, MoveFilter } from "../types.js";

function popcount(n: number): number {
  let count = 0;
  for (let m = n; m !== 0; m &= m - 1) count++;
  return count;
}

/**
 * For levels the engine finds to be area-growth levels (`areaGrowthLevel`: every system plays the
 * `area-growth` role on one area, like `flood_fill` from `all_of_kind`, and the goals clear kinds): a
 * lower bound on the turns still needed.
 *
 * One turn takes in only cells next to the area, so a cell that can be reached only through `t`
 * changes of role (its distance, from a 0-1 breadth-first search over the board) is taken in by the
 * `t`-th turn at the soonest; and one turn plays one role. So the turns from the `t`-th on must
 * include every distinct role needed by cells at distance `t` or more, and the bound is the largest
 * `t - 1 + (number of those roles)` over all `t` (which covers both the farthest distance and the
 * number of roles left).
 */
export const areaGrowthHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) =>
  floodAnalysis(pack, level)?.heuristic ?? null;

/**
 * For the same levels: when one turn of a role would take in every remaining cell of its kinds and
 * some of them must be cleared, play it first. The area only grows, a larger area never needs more
 * turns, and that role must be played sooner or later (nothing else takes its cells in), so some
 * optimal solution starts with it. (Used to find the optimum, not to count optima.) Otherwise only
 * roles with cells next to the area are tried, as the others change nothing.
 */
export function areaGrowthFilter(
  pack: Pack,
  level: LevelRuntime,
  actions: readonly { action: string }[],
): MoveFilter | null {
  return floodAnalysis(pack, level)?.filter(actions) ?? null;
}

function floodAnalysis(pack: Pack, level: LevelRuntime) {
  const growth = areaGrowthLevel(pack, level);
  if (growth === null) return null;
  const { layer, areaKind: sourceKind, growthOf: fillOf, targets } = growth;
  const areaIndex = pack.kinds.get(sourceKind)?.index ?? -1;
  const { width, height } = level;
  const size = width * height;
  // Per kind (by its dense index): the role that takes it in (-1: none, the area's kind included);
  // whether a goal needs it cleared.
  const fillIndex = new Int32Array(pack.kinds.size).fill(-1);
  const target = new Uint8Array(pack.kinds.size);
  for (const info of pack.kinds.values()) {
    fillIndex[info.index] = fillOf.get(info.name) ?? -1;
    if (targets.has(info.name)) target[info.index] = 1;
  }
  const kinds = new Int32Array(size);
  const dist = new Int32Array(size);
  const settled = new Uint8Array(size);
  // A cell enters the deque at most twice (0-1 BFS), at most once at the front.
  const deque = new Int32Array(3 * size + 2);
  const masks = new Int32Array(size + 2);
  const memo = new WeakMap<object, number>();
  const estimate = (state: GameState): number => {
    const cells = state.layers[layer] as readonly ({ info: { index: number } } | null)[];
    // States that share the layer (the counting pass revisits them) share the estimate.
    const known = memo.get(cells);
    if (known !== undefined) return known;
    let head = size + 1;
    let tail = size + 1;
    for (let i = 0; i < size; i++) {
      const k = cells[i]?.info.index ?? -1;
      kinds[i] = k;
      settled[i] = 0;
      if (k >= 0 && k === areaIndex) {
        dist[i] = 0;
        deque[tail++] = i;
      } else dist[i] = -1;
    }
    while (head < tail) {
      const i = deque[head++] as number;
      if (settled[i]) continue;
      settled[i] = 1;
      const here = kinds[i] as number;
      const x = i % width;
      const d = dist[i] as number;
      for (let side = 0; side < 4; side++) {
        let n: number;
        if (side === 0) n = i >= width ? i - width : -1;
        else if (side === 1) n = i + width < size ? i + width : -1;
        else if (side === 2) n = x > 0 ? i - 1 : -1;
        else n = x + 1 < width ? i + 1 : -1;
        if (n < 0 || settled[n]) continue;
        const k = kinds[n] as number;
        if (k < 0 || fillIndex[k] === -1) continue;
        // One turn takes in all the cells of its role's kinds connected to the area.
        const cost = fillIndex[k] === fillIndex[here] ? 0 : 1;
        const nd = d + cost;
        const old = dist[n] as number;
        if (old !== -1 && old <= nd) continue;
        dist[n] = nd;
        if (cost === 0) deque[--head] = n;
        else deque[tail++] = n;
      }
    }
    // masks[t]: the fills needed by cells at distance t (fills are few; more than 30 disables this).
    masks.fill(0);
    let farthest = 0;
    for (let i = 0; i < size; i++) {
      const k = kinds[i] as number;
      if (k < 0 || !target[k]) continue;
      const d = dist[i] as number;
      if (d < 0) {
        memo.set(cells, Number.POSITIVE_INFINITY);
        return Number.POSITIVE_INFINITY;
      }
      if (d > farthest) farthest = d;
      const f = fillIndex[k] as number;
      if (f >= 0 && f < 31) masks[d] = (masks[d] as number) | (1 << f);
    }
    // A cell at distance t can be taken in no sooner than the t-th fill, and one fill takes one kind:
    // the fills from the t-th on must include every fill needed at distance t or more.
    let h = farthest;
    let from = 0;
    for (let t = farthest; t >= 1; t--) {
      from |= masks[t] as number;
      h = Math.max(h, t - 1 + popcount(from));
    }
    memo.set(cells, h);
    return h;
  };
  const heuristic: Heuristic = { name: "area-growth distance", estimate };
  const filter = (actions: readonly { action: string }[]): MoveFilter => {
    // The action index that plays each growth role.
    const actionOf = growth.actions.map((action) => actions.findIndex((a) => a.action === action));
    const roles = growth.actions.length;
    // Per cell, the role that takes it in (-1: none, or the area itself).
    const roleAt = new Int32Array(size);
    const touches = (i: number) => {
      const x = i % width;
      return (
        (i >= width && kinds[i - width] === areaIndex) ||
        (i + width < size && kinds[i + width] === areaIndex) ||
        (x > 0 && kinds[i - 1] === areaIndex) ||
        (x + 1 < width && kinds[i + 1] === areaIndex)
      );
    };
    return {
      name: "clear a whole kind first",
      only(state) {
        const cells = state.layers[layer] as readonly ({ info: { index: number } } | null)[];
        for (let i = 0; i < size; i++) {
          const k = cells[i]?.info.index ?? -1;
          kinds[i] = k;
          roleAt[i] = k >= 0 ? (fillIndex[k] as number) : -1;
        }
        // Roles with a cell away from the area cannot be finished by one turn; roles with a target
        // cell left must be played sooner or later.
        const blocked = new Uint8Array(roles);
        const needed = new Uint8Array(roles);
        const present = new Uint8Array(roles);
        for (let i = 0; i < size; i++) {
          const f = roleAt[i] as number;
          if (f < 0) continue;
          present[f] = 1;
          if (target[kinds[i] as number]) needed[f] = 1;
          if (!blocked[f] && !touches(i) && !connectedToArea(i, f)) blocked[f] = 1;
        }
        for (let f = 0; f < roles; f++) {
          if (!needed[f] || blocked[f]) continue;
          const index = actionOf[f];
          if (index !== undefined && index >= 0) return [index];
        }
        // Otherwise only roles with cells touching the area change anything; the engine refuses the rest.
        const useful = new Set<number>();
        for (let i = 0; i < size; i++) {
          const f = roleAt[i] as number;
          if (f < 0 || !present[f] || !touches(i)) continue;
          const index = actionOf[f];
          if (index !== undefined && index >= 0) useful.add(index);
        }
        return [...useful].sort((a, b) => a - b);
      },
    };
  };
  // Whether a cell joins the area through cells the same role takes in (so one turn takes it in),
  // read from `kinds` and `fillIndex`.
  const connectedToArea = (start: number, role: number): boolean => {
    const seen = new Uint8Array(size);
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % width;
      const around = [
        i >= width ? i - width : -1,
        i + width < size ? i + width : -1,
        x > 0 ? i - 1 : -1,
        x + 1 < width ? i + 1 : -1,
      ];
      for (const n of around) {
        if (n < 0 || seen[n]) continue;
        const k = kinds[n] as number;
        if (k === areaIndex) return true;
        if (k >= 0 && fillIndex[k] === role) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    return false;
  };
  return { heuristic, filter };
}
