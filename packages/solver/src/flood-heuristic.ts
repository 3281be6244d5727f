import type { GameState, LevelRuntime, Pack } from "@gridponder/engine";
import type { Heuristic, HeuristicFactory, MoveFilter } from "./types.js";

interface FloodConfig {
  readonly sourcePosition?: string;
  readonly sourceKind?: string;
  readonly matchBy?: string;
  readonly affectedLayer?: string;
  readonly kindTransform?: Readonly<Record<string, string>>;
}

/**
 * For levels played only by `flood_fill` systems that grow one area (`all_of_kind`, `matchBy:
 * kind`) and won by `all_cleared` goals on kinds: a lower bound on the fills still needed.
 *
 * One fill takes in only cells next to the area, so a cell that can be reached only through `k`
 * changes of kind needs at least `k` more fills; and every kind still on the board needs its own
 * fill. The bound is the larger of the two: the greatest number of kind changes between the area and
 * a cell that must still be cleared (a 0-1 breadth-first search over the board), and the number of
 * distinct fill actions those cells need.
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
  const dist = new Int32Array(size);
  // A cell enters the deque at most twice (0-1 BFS), at most once at the front.
  const deque = new Int32Array(3 * size + 2);
  const estimate = (state: GameState): number => {
    const cells = state.layers[layer] as readonly ({ kind: string } | null)[];
    dist.fill(-1);
    let head = size + 1;
    let tail = size + 1;
    for (let i = 0; i < size; i++)
      if (cells[i]?.kind === sourceKind) {
        dist[i] = 0;
        deque[tail++] = i;
      }
    const settled = new Uint8Array(size);
    while (head < tail) {
      const i = deque[head++] as number;
      if (settled[i]) continue;
      settled[i] = 1;
      const here = cells[i]?.kind;
      const x = i % width;
      const d = dist[i] as number;
      const visit = (n: number) => {
        const kind = cells[n]?.kind;
        if (kind === undefined || kind === sourceKind || !fillOf.has(kind) || settled[n]) return;
        const cost = kind === here ? 0 : 1;
        const nd = d + cost;
        const old = dist[n] as number;
        if (old !== -1 && old <= nd) return;
        dist[n] = nd;
        if (cost === 0) deque[--head] = n;
        else deque[tail++] = n;
      };
      if (i >= width) visit(i - width);
      if (i + width < size) visit(i + width);
      if (x > 0) visit(i - 1);
      if (x + 1 < width) visit(i + 1);
    }
    let farthest = 0;
    const fills = new Set<number>();
    for (let i = 0; i < size; i++) {
      const kind = cells[i]?.kind;
      if (kind === undefined || !targets.has(kind)) continue;
      const d = dist[i] as number;
      if (d < 0) return Number.POSITIVE_INFINITY;
      if (d > farthest) farthest = d;
      fills.add(fillOf.get(kind) as number);
    }
    return Math.max(farthest, fills.size);
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
