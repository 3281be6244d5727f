import type { GameState, LevelRuntime, Pack } from "@gridponder/engine";
import type { Heuristic, HeuristicFactory, MoveFilter } from "./types.js";

interface FloodConfig {
  readonly sourcePosition?: string;
  readonly sourceKind?: string;
  readonly matchBy?: string;
  readonly affectedLayer?: string;
  readonly kindTransform?: Readonly<Record<string, string>>;
}

function popcount(n: number): number {
  let count = 0;
  for (let m = n; m !== 0; m &= m - 1) count++;
  return count;
}

/**
 * For levels played only by `flood_fill` systems that grow one area (`all_of_kind`, `matchBy:
 * kind`) and won by `all_cleared` goals on kinds: a lower bound on the fills still needed.
 *
 * One fill takes in only cells next to the area, so a cell that can be reached only through `t`
 * changes of kind (its distance, from a 0-1 breadth-first search over the board) is taken in by the
 * `t`-th fill at the soonest; and one fill takes in one kind. So the fills from the `t`-th on must
 * include every distinct fill needed by cells at distance `t` or more, and the bound is the largest
 * `t - 1 + (number of those fills)` over all `t` (which covers both the farthest distance and the
 * number of kinds left).
 */
export const floodFillHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) =>
  floodAnalysis(pack, level)?.heuristic ?? null;

/**
 * For the same levels: when one fill would take in every remaining cell of its kind, play it first.
 * The filled area only grows, a larger area never needs more fills, and that fill is needed sooner
 * or later, so some optimal solution starts with it. (Used to find the optimum, not to count optima.)
 * Otherwise only fills of kinds next to the area are tried, as the others change nothing.
 */
export function floodFillFilter(
  pack: Pack,
  level: LevelRuntime,
  actions: readonly { action: string }[],
): MoveFilter | null {
  return floodAnalysis(pack, level)?.filter(actions) ?? null;
}

function floodAnalysis(pack: Pack, level: LevelRuntime) {
  if (level.systems.length === 0 || level.systems.some((s) => s.type !== "flood_fill")) return null;
  const configs = level.systems.map((s) => s.config as FloodConfig);
  const first = configs[0] as FloodConfig;
  const sourceKind = first.sourceKind ?? "cell_flooded";
  const layerId = first.affectedLayer ?? "objects";
  if (
    configs.some(
      (c) =>
        c.sourcePosition !== "all_of_kind" ||
        c.matchBy !== "kind" ||
        (c.sourceKind ?? "cell_flooded") !== sourceKind ||
        (c.affectedLayer ?? "objects") !== layerId,
    )
  )
    return null;
  const goals = level.goals;
  if (goals.length === 0 || goals.some((g) => g.type !== "all_cleared" || g.config.kind === undefined))
    return null;
  const layer = pack.layerIndex.get(layerId);
  if (layer === undefined) return null;
  // Which fill (by system) turns each kind into the area's kind.
  const fillOf = new Map<string, number>();
  configs.forEach((c, i) => {
    for (const [from, to] of Object.entries(c.kindTransform ?? {}))
      if (to === sourceKind && !fillOf.has(from)) fillOf.set(from, i);
  });
  const targets = new Set(goals.map((g) => (g.type === "all_cleared" ? (g.config.kind as string) : "")));
  const { width, height } = level;
  const size = width * height;
  // Per kind (by its dense index): 0 not fillable, 1 the area, 2 fillable; the fill that takes it;
  // whether a goal needs it cleared.
  const role = new Uint8Array(pack.kinds.size);
  const fillIndex = new Int32Array(pack.kinds.size).fill(-1);
  const target = new Uint8Array(pack.kinds.size);
  for (const info of pack.kinds.values()) {
    if (info.name === sourceKind) role[info.index] = 1;
    else if (fillOf.has(info.name)) {
      role[info.index] = 2;
      fillIndex[info.index] = fillOf.get(info.name) as number;
    }
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
      if (k >= 0 && role[k] === 1) {
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
        if (k < 0 || role[k] !== 2) continue;
        const cost = k === here ? 0 : 1;
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
  const heuristic: Heuristic = { name: "flood distance", estimate };
  const filter = (actions: readonly { action: string }[]): MoveFilter => {
    // The action index that triggers each fill system.
    const actionOf = configs.map((c) =>
      actions.findIndex((a) => a.action === ((c as { floodAction?: string }).floodAction ?? "flood")),
    );
    return {
      name: "clear a whole kind first",
      only(state) {
        const cells = state.layers[layer] as readonly ({ kind: string } | null)[];
        // Kinds with a cell away from the area cannot be finished by one fill.
        const blocked = new Set<string>();
        const present = new Set<string>();
        for (let i = 0; i < size; i++) {
          const kind = cells[i]?.kind;
          if (kind === undefined || kind === sourceKind || !fillOf.has(kind)) continue;
          present.add(kind);
          if (blocked.has(kind)) continue;
          const x = i % width;
          const touches =
            (i >= width && cells[i - width]?.kind === sourceKind) ||
            (i + width < size && cells[i + width]?.kind === sourceKind) ||
            (x > 0 && cells[i - 1]?.kind === sourceKind) ||
            (x + 1 < width && cells[i + 1]?.kind === sourceKind);
          if (!touches && !connectedToArea(cells, i, kind)) blocked.add(kind);
        }
        for (const kind of present) {
          if (blocked.has(kind)) continue;
          const index = actionOf[fillOf.get(kind) as number];
          if (index !== undefined && index >= 0) return [index];
        }
        // Otherwise only fills of kinds touching the area change anything; the engine refuses the rest.
        const useful = new Set<number>();
        for (let i = 0; i < size; i++) {
          const kind = cells[i]?.kind;
          if (kind === undefined || kind === sourceKind || !fillOf.has(kind)) continue;
          const x = i % width;
          const touches =
            (i >= width && cells[i - width]?.kind === sourceKind) ||
            (i + width < size && cells[i + width]?.kind === sourceKind) ||
            (x > 0 && cells[i - 1]?.kind === sourceKind) ||
            (x + 1 < width && cells[i + 1]?.kind === sourceKind);
          if (touches) {
            const index = actionOf[fillOf.get(kind) as number];
            if (index !== undefined && index >= 0) useful.add(index);
          }
        }
        return [...useful].sort((a, b) => a - b);
      },
    };
  };
  // Whether a cell joins the area through cells of its own kind (so one fill takes it in).
  const connectedToArea = (
    cells: readonly ({ kind: string } | null)[],
    start: number,
    kind: string,
  ): boolean => {
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
        const k = cells[n]?.kind;
        if (k === sourceKind) return true;
        if (k === kind) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    return false;
  };
  return { heuristic, filter };
}
