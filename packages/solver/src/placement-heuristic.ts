import {
  type Entity,
  fixedGroundKinds,
  type LevelRuntime,
  type Pack,
  Session,
  slipperyGroundPossible,
} from "@gridponder/engine";
import { clearedGroundKind, STEPS } from "./grid.js";
import type { Heuristic, HeuristicFactory } from "./types.js";

/** Systems under which objects move only by the avatar's pushes, one cell and one push per action. */
const ONE_PUSH_SYSTEMS = new Set(["avatar_navigation", "push_objects", "anchor_point", "ice_slide"]);
/** Rule effects that put or move objects; any of them aimed at `objects` ends the analysis. */
const OBJECT_PLACING = new Set(["spawn", "set_cell", "transform", "move_entity"]);
const GROUND_WRITES = new Set(["spawn", "destroy", "transform", "set_cell", "move_entity"]);

/**
 * For Sokoban-like levels: won by `all_cleared` of a ground kind (a garden plot) that only a rule
 * clears, when a pushed object of one kind (a seed basket) is placed on it, using that object up.
 * Objects move only by pushes, one cell and at most one push per action (no slippery ground, no rule
 * placing objects). So each plot left needs its own basket, and a basket needs at least as many pushes
 * as its distance to the plot over cells a pushed object can ever enter (ground that nothing changes
 * and no push accepts, such as void, is a wall). The bound is the cheapest assignment of baskets to
 * plots (infinite when too few baskets are left: a dead state). It ignores the avatar's walking, which
 * teleports and pending moves can shorten.
 */
export const placementHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) => {
  const analysis = analyse(pack, level);
  if (analysis === null) return null;
  const { target, carrier, ground, objects, width, cells } = analysis;
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
      for (const [dx, dy] of STEPS) {
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
  const heuristic: Heuristic = {
    name: "placement distance",
    estimate(state) {
      const groundCells = state.layers[ground] as readonly (Entity | null)[];
      const objectCells = state.layers[objects] as readonly (Entity | null)[];
      const plots: number[] = [];
      const baskets: number[] = [];
      for (let i = 0; i < cells; i++) {
        if (groundCells[i]?.kind === target) plots.push(i);
        if (objectCells[i]?.kind === carrier) baskets.push(i);
      }
      if (plots.length === 0) return 0;
      if (baskets.length < plots.length) return Number.POSITIVE_INFINITY;
      // cost[p][b]: pushes for basket b to reach plot p (-1: never).
      const signature = wallSignature(groundCells);
      const cost = plots.map((p) => {
        const dist = distanceFrom(groundCells, signature, p);
        return baskets.map((b) => dist[b] as number);
      });
      return cheapestAssignment(cost, baskets.length);
    },
  };
  return heuristic;
};

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

interface NavigationConfig {
  readonly groundLayer?: unknown;
  readonly validGroundTags?: unknown;
}

interface Analysis {
  /** The ground kind the goal clears, and the object kind whose placement clears it. */
  readonly target: string;
  readonly carrier: string;
  readonly ground: number;
  readonly objects: number;
  readonly width: number;
  readonly cells: number;
  /** Ground kinds no pushed object can ever enter, and those the avatar can never stand on. */
  readonly walls: ReadonlySet<string>;
  readonly avatarWalls: ReadonlySet<string>;
}

function analyse(pack: Pack, level: LevelRuntime): Analysis | null {
  const ground = pack.layerIndex.get("ground");
  const objects = pack.layerIndex.get("objects");
  if (ground === undefined || objects === undefined) return null;
  const groundId = pack.layers[ground]?.id;
  const target = clearedGroundKind(pack, level, ground);
  if (target === null) return null;

  const pushes: { pushableTags: string[]; validTargetTags: string[] }[] = [];
  for (const system of level.systems) {
    if (!ONE_PUSH_SYSTEMS.has(system.type)) return null;
    if (system.type === "push_objects") pushes.push(system.config as never);
    if (system.type === "anchor_point") {
      const layer = String(system.config.markerLayer);
      if (layer === groundId || layer === "objects") return null;
    }
    // Ice carries a pushed object on: without slippery ground, now or ever, the system does nothing.
    if (
      system.type === "ice_slide" &&
      slipperyGroundPossible(
        pack,
        level,
        new Session(pack, level.id).initial,
        String(system.config.slipperyTag ?? "slippery"),
      )
    )
      return null;
  }

  // Every rule that writes the ground must be a clearing rule: on an object of one kind placed where
  // the ground has a tag, at the event's position, using the object up. Rules must not place objects.
  let carrier: string | null = null;
  for (const rule of level.rules.all) {
    const source = rule.source;
    let writesGround = false;
    let consumes = false;
    for (const effect of source.then) {
      const [name, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | undefined];
      const f = raw ?? {};
      if (OBJECT_PLACING.has(name) && f.layer === "objects") return null;
      if (GROUND_WRITES.has(name) && f.layer === groundId) {
        if (name === "move_entity" || f.position !== "$event.position") return null;
        writesGround = true;
      }
      if (name === "destroy" && f.layer === "objects" && f.position === "$event.position") consumes = true;
      if (name === "release_from_emitter" || name === "resolve_move" || name === "apply_gravity") return null;
    }
    if (!writesGround) continue;
    const where = source.where as Record<string, unknown> | undefined;
    const test = where?.position_has_tag as { layer?: unknown; tag?: unknown } | undefined;
    if (!where || Object.keys(where).length !== 1 || !test || test.layer !== groundId) return null;
    if (typeof test.tag !== "string") return null;
    if (!(pack.kinds.get(target)?.tags.has(test.tag) ?? false)) continue;
    // A rule that can write over the target: it must be the clearing rule.
    const condition = source.if as { event?: { kind?: unknown } } | undefined;
    const kind = condition?.event?.kind;
    if (source.on !== "object_placed" || typeof kind !== "string" || !consumes) return null;
    if (Object.keys(condition ?? {}).length !== 1 || Object.keys(condition?.event ?? {}).length !== 1)
      return null;
    if (carrier !== null && carrier !== kind) return null;
    carrier = kind;
  }
  if (carrier === null) return null;
  const carrierInfo = pack.kinds.get(carrier);
  if (carrierInfo?.layerIndex !== objects) return null;
  // Ground that nothing ever changes is a wall to a pushed object when no push accepts it, and to the
  // avatar when `avatar_navigation` refuses it (void, or ground without its `validGroundTags`, if set).
  const fixed = fixedGroundKinds(pack, level, ground);
  const navigations = level.systems.filter((sys) => sys.type === "avatar_navigation");
  const navigation = navigations.length === 1 ? (navigations[0]?.config as NavigationConfig) : null;
  const validGround =
    navigation && Array.isArray(navigation.validGroundTags) ? (navigation.validGroundTags as string[]) : [];
  const walls = new Set<string>();
  const avatarWalls = new Set<string>();
  for (const name of fixed) {
    const tags = pack.kinds.get(name)?.tags ?? new Set<string>();
    if (!pushes.some((p) => p.validTargetTags.some((t) => tags.has(t)))) walls.add(name);
    if (navigation === null || (navigation.groundLayer ?? "ground") !== groundId) continue;
    if (name === "void" || (validGround.length > 0 && !validGround.some((t) => tags.has(t))))
      avatarWalls.add(name);
  }
  return {
    target,
    carrier,
    ground,
    objects,
    width: level.width,
    cells: level.width * level.height,
    walls,
    avatarWalls,
  };
}
