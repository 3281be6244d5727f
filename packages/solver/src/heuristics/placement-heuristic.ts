import type { Entity, LevelRuntime, Pack } from "@gridponder/engine";
import { ORTHOGONAL_STEPS, placementLevel } from "../models/index.js";
import type { Heuristic, HeuristicFactory } from "../types.js";

/**
 * For the levels the engine finds to be placement levels (`placementLevel`: Sokoban-like, a plot
 * cleared by placing a pushed basket on it, which uses the basket up; objects move one cell and at
 * most one push per action). Each plot left needs its own basket, and a basket needs at least as many
 * pushes as its distance to the plot over cells a pushed object can ever enter (ground that nothing
 * changes and no push accepts, such as void, is a wall). The bound is the cheapest assignment of
 * baskets to plots (infinite when too few baskets are left: a dead state). It ignores the avatar's
 * walking, which teleports and pending moves can shorten.
 */
export const placementHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) => {
  const analysis = placementLevel(pack, level);
  if (analysis === null) return null;
  const { target, carrier, ground, objects } = analysis;
  const width = level.width;
  const cells = level.width * level.height;
  const distances = new Map<string, Int32Array>();
  const height = cells / width;
  // Which cells are walls, as text: distances are remembered per plot and per signature.
  const wallSignature = (layer: readonly (Entity | null)[]): string => {
    let signature = "";
    for (let i = 0; i < cells; i++) {
      const kind = layer[i]?.kind ?? "";
      signature += String((analysis.walls.has(kind) ? 1 : 0) + (analysis.avatarWalls.has(kind) ? 2 : 0));
    }
    return signature;
  };
  // Pushes needed to bring a basket from each cell to `cell`, for the ground as it stands (-1: never).
  // A push moves a basket one cell on, into a cell that is no wall for objects, and needs the avatar
  // on the cell behind it (or needed it there when the push was first tried, for a pending one), so
  // that cell is no wall for the avatar. Walls are ground that never changes, so distances computed on
  // them stay valid, and a cell from which no plot can be reached is a dead end for a basket.
  const distanceFrom = (layer: readonly (Entity | null)[], signature: string, cell: number): Int32Array => {
    const key = `${cell}|${signature}`;
    const known = distances.get(key);
    if (known) return known;
    const wallFor = (set: ReadonlySet<string>, x: number, y: number) =>
      x < 0 || y < 0 || x >= width || y >= height || set.has(layer[y * width + x]?.kind ?? "");
    const dist = new Int32Array(cells).fill(-1);
    const queue = [cell];
    dist[cell] = 0;
    for (let q = 0; q < queue.length; q++) {
      const at = queue[q] as number;
      const x = at % width;
      const y = (at - x) / width;
      // The basket came from `from` (one step against the push) with the avatar one step further back.
      for (const [dx, dy] of ORTHOGONAL_STEPS) {
        const fx = x - dx;
        const fy = y - dy;
        if (wallFor(analysis.walls, fx, fy) || wallFor(analysis.avatarWalls, fx - dx, fy - dy)) continue;
        const from = fy * width + fx;
        if (dist[from] !== -1) continue;
        dist[from] = (dist[at] as number) + 1;
        queue.push(from);
      }
    }
    distances.set(key, dist);
    return dist;
  };
  // Per ground layer (states share one until a turn changes the ground, and most turns do not): its
  // plots and their distance grids. Working them out per state (the wall signature as text, a map
  // look-up per plot) cost more than the engine's turn on placement levels.
  const byGround = new WeakMap<object, GroundPlots>();
  const plotsOf = (groundCells: readonly (Entity | null)[]): GroundPlots => {
    let known = byGround.get(groundCells);
    if (known === undefined) {
      const plots: number[] = [];
      for (let i = 0; i < cells; i++) if (groundCells[i]?.kind === target) plots.push(i);
      const signature = plots.length === 0 ? "" : wallSignature(groundCells);
      known = { plots, distances: plots.map((p) => distanceFrom(groundCells, signature, p)) };
      byGround.set(groundCells, known);
    }
    return known;
  };
  const heuristic: Heuristic = {
    name: "placement distance",
    estimate(state) {
      const groundCells = state.layers[ground] as readonly (Entity | null)[];
      const objectCells = state.layers[objects] as readonly (Entity | null)[];
      const { plots, distances: grids } = plotsOf(groundCells);
      if (plots.length === 0) return 0;
      const baskets: number[] = [];
      for (let i = 0; i < cells; i++) if (objectCells[i]?.kind === carrier) baskets.push(i);
      if (baskets.length < plots.length) return Number.POSITIVE_INFINITY;
      // cost[p][b]: pushes for basket b to reach plot p (-1: never).
      const cost = grids.map((dist) => baskets.map((b) => dist[b] as number));
      return cheapestAssignment(cost, baskets.length);
    },
  };
  return heuristic;
};

/** A ground layer's plots and, per plot, the pushes from each cell to it (see `distanceFrom`). */
interface GroundPlots {
  readonly plots: readonly number[];
  readonly distances: readonly Int32Array[];
}

/**
 * The least total cost of giving each row (plot) its own column (basket); costs of -1 are forbidden.
 * Exact by depth-first search with pruning for the handful of plots a level has; beyond eight plots
 * it falls back to each plot's cheapest basket, a weaker bound that is still admissible.
 */
function cheapestAssignment(cost: readonly (readonly number[])[], columns: number): number {
  const rows = cost.length;
  if (rows > 8) {
    let sum = 0;
    for (const row of cost) {
      const options = row.filter((c) => c >= 0);
      if (options.length === 0) return Number.POSITIVE_INFINITY;
      sum += Math.min(...options);
    }
    return sum;
  }
  let best = Number.POSITIVE_INFINITY;
  const used = new Array<boolean>(columns).fill(false);
  const search = (row: number, total: number): void => {
    if (total >= best) return;
    if (row === rows) {
      best = total;
      return;
    }
    const costs = cost[row] as readonly number[];
    for (let c = 0; c < columns; c++) {
      const value = costs[c] as number;
      if (used[c] || value < 0) continue;
      used[c] = true;
      search(row + 1, total + value);
      used[c] = false;
    }
  };
  search(0, 0);
  return best;
}
