import type { FloodFillConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../contract/model.js";
import type { Pack, SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<FloodFillConfig>>;

/** What the hooks need from the config, resolved once: the layer and per-kind tables. */
interface Prepared {
  readonly layer: number | undefined;
  /** The index of `sourceKind` (`all_of_kind`), or -1 when the game has no such kind. */
  readonly source: number;
  /** For `matchBy: "kind"`, by kind index: 1 when the fill spreads over the kind (a `kindTransform` key). */
  readonly spreads: Uint8Array;
  /** For `matchBy: "kind"`, by kind index: the kind it becomes, when the game declares it. */
  readonly target: readonly (string | undefined)[];
  /** The same as entities, for entities without params (most are): shared singletons, looked up once. */
  readonly bareTarget: readonly (Entity | undefined)[];
}

// How the fill of the current action decides whether a cell joins it (see `joins`), set by `seed`.
const BY_TABLE = 0;
const BY_KIND = 1;
const BY_CYCLE = 2;
const BY_COLOR = 3;
let joinMode = BY_TABLE;
let joinTable: Uint8Array = new Uint8Array(0);
let joinKind = -1;
let joinColors: readonly string[] = [];
let joinColor: unknown;

function joins(e: Entity): boolean {
  switch (joinMode) {
    case BY_TABLE:
      return joinTable[e.info.index] === 1;
    case BY_KIND:
      return e.info.index === joinKind;
    case BY_CYCLE: {
      const color = e.params?.color;
      return typeof color === "string" && joinColors.includes(color);
    }
    default:
      return e.params?.color !== undefined && e.params.color === joinColor;
  }
}

/**
 * Marks the cells the fill starts from as reached, puts into `queue` the cells it changes first, sets
 * how cells join, and returns how many sources there are (0 when there is nothing to flood from) and
 * how many cells it queued (in `queued`). Expects `scratch` to have begun a fill.
 */
function seed(ctx: Ctx, layer: number): number {
  const { config, draft } = ctx;
  const prepared = ctx.prepared as Prepared;
  const cells = draft.layerCells(layer);
  if (config.sourcePosition === "all_of_kind") {
    if (config.matchBy === "kind") {
      joinMode = BY_TABLE;
      joinTable = prepared.spreads;
    } else {
      joinMode = BY_CYCLE;
      joinColors = config.colorCycle;
    }
    const source = prepared.source;
    if (source < 0) return 0;
    // One pass over the board: sources are marked, and a joining cell beside a source is queued. The
    // filled area grows to most of the board as a level goes on, so starting from the cells around it
    // (few) rather than from every cell of it saves most of the fill's neighbour tests.
    const { width } = draft;
    const size = cells.length;
    let sources = 0;
    let count = 0;
    for (let i = 0; i < size; i++) {
      const e = cells[i];
      if (e == null) continue;
      if (e.info.index === source) {
        seen[i] = stamp;
        sources++;
        continue;
      }
      if (!joins(e)) continue;
      const x = i % width;
      if (
        (i >= width && isKind(cells[i - width], source)) ||
        (x + 1 < width && isKind(cells[i + 1], source)) ||
        (i + width < size && isKind(cells[i + width], source)) ||
        (x > 0 && isKind(cells[i - 1], source))
      ) {
        seen[i] = stamp;
        queue[count++] = i;
      }
    }
    queued = count;
    return sources;
  }
  let at: Pos | null = null;
  if (config.sourcePosition === "avatar") at = draft.avatar.enabled ? draft.avatar.position : null;
  else if (draft.overlay) {
    const { position, size } = draft.overlay;
    at = [position[0] + Math.floor((size[0] - 1) / 2), position[1] + Math.floor((size[1] - 1) / 2)];
  }
  if (!at || !draft.inBounds(at[0], at[1])) return 0;
  const source = draft.get(layer, at[0], at[1]);
  if (!source) return 0;
  if (config.matchBy === "kind") {
    joinMode = BY_KIND;
    joinKind = source.info.index;
  } else {
    joinMode = BY_COLOR;
    joinColor = source.params?.color;
  }
  const i = at[1] * draft.width + at[0];
  seen[i] = stamp;
  queue[0] = i;
  queued = 1;
  return 1;
}

function isKind(e: Entity | null | undefined, index: number): boolean {
  return e != null && e.info.index === index;
}

/** What a filled cell becomes, or `null` when the config does not change it. */
function filled(ctx: Ctx, e: Entity): Entity | null {
  const { config, pack } = ctx;
  if (config.matchBy === "kind") {
    const prepared = ctx.prepared as Prepared;
    const index = e.info.index;
    if (e.params === null) return prepared.bareTarget[index] ?? null;
    const to = prepared.target[index];
    return to === undefined ? null : pack.entity(to, e.params);
  }
  const color = e.params?.color;
  const i = typeof color === "string" ? config.colorCycle.indexOf(color) : -1;
  if (i < 0 || config.colorCycle.length === 0) return null;
  const next = config.colorCycle[(i + 1) % config.colorCycle.length] as string;
  return pack.entity(e.kind, { ...(e.params ?? {}), color: next });
}

// Scratch shared by every fill (turns never run concurrently in one thread): allocating it per action
// was a tenth of a flood game's turn. A cell is reached in the current fill when `seen` holds its
// `stamp`, so beginning a fill clears nothing.
let seen = new Int32Array(0);
let queue = new Int32Array(0);
let stamp = 0;
/** How many cells `seed` queued. */
let queued = 0;

function scratch(size: number): void {
  if (seen.length < size || stamp === 0x7fffffff) {
    seen = new Int32Array(Math.max(size, seen.length));
    queue = new Int32Array(seen.length);
    stamp = 0;
  }
  stamp++;
}

function prepareTables(config: Required<FloodFillConfig>, pack: Pack): Prepared {
  const spreads = new Uint8Array(pack.kinds.size);
  const target: (string | undefined)[] = new Array(pack.kinds.size).fill(undefined);
  const bareTarget: (Entity | undefined)[] = new Array(pack.kinds.size).fill(undefined);
  for (const [from, to] of Object.entries(config.kindTransform)) {
    const info = pack.kinds.get(from);
    if (info === undefined) continue;
    spreads[info.index] = 1;
    if (typeof to === "string" && pack.kinds.has(to)) {
      target[info.index] = to;
      bareTarget[info.index] = pack.entity(to);
    }
  }
  return {
    layer: pack.layerIndex.get(config.affectedLayer),
    source: pack.kinds.get(config.sourceKind)?.index ?? -1,
    spreads,
    target,
    bareTarget,
  };
}

/**
 * `flood_fill` (action phase): spreads from the source over orthogonally connected matching cells
 * and changes them (next colour in the cycle, or `kindTransform`). With `all_of_kind` the already
 * filled area is the source and only its matching neighbours (and theirs) change. A fill that would
 * change nothing is refused, so the action does not count.
 */
export const floodFill: SystemBehaviour<Required<FloodFillConfig>> = {
  type: "flood_fill",
  search: {
    layersMoved: () => [],
    avatarReach: 0,
    freeTurns: false,
    // A fill changes a cell's colour param within its kind, or its kind by `kindTransform`.
    kindsCreated: (config) => Object.values(config.kindTransform),
    // Grows one area only when it spreads from every cell of the source kind and turns each cell it
    // takes into that kind.
    role(config) {
      if (config.sourcePosition !== "all_of_kind" || config.matchBy !== "kind") return null;
      const absorbs = Object.keys(config.kindTransform);
      if (absorbs.some((k) => config.kindTransform[k] !== config.sourceKind || k === config.sourceKind))
        return null;
      return {
        role: "area-growth",
        action: config.floodAction,
        layer: config.affectedLayer,
        areaKind: config.sourceKind,
        absorbs,
      };
    },
  },
  prepare: prepareTables,
  action(ctx, action) {
    const { config, draft } = ctx;
    if (action.id !== config.floodAction) return;
    const { layer } = ctx.prepared as Prepared;
    const { width, height } = draft;
    const size = width * height;
    scratch(size);
    const count = layer === undefined ? 0 : seed(ctx, layer);
    if (layer === undefined || count === 0) {
      ctx.emit({ type: "action_vetoed", reason: "nothing to flood from" });
      return;
    }
    const cells = draft.layerCells(layer);
    const marks = seen;
    const mark = stamp;
    const open = queue;
    let tail = queued;
    for (let head = 0; head < tail; head++) {
      const i = open[head] as number;
      const x = i % width;
      for (let d = 0; d < 4; d++) {
        let ni: number;
        if (d === 0) ni = i >= width ? i - width : -1;
        else if (d === 1) ni = x + 1 < width ? i + 1 : -1;
        else if (d === 2) ni = i + width < size ? i + width : -1;
        else ni = x > 0 ? i - 1 : -1;
        if (ni < 0 || marks[ni] === mark) continue;
        const e = cells[ni];
        if (e == null || !joins(e)) continue;
        marks[ni] = mark;
        open[tail++] = ni;
      }
    }
    // The cells the fill changes: those it reached beyond the sources (and a single source cell
    // itself), in board order, as the events report them.
    const changed = open.subarray(0, tail).sort();
    // The shared frozen cell positions, as turns report positions (see `sharedPos` in ops).
    const shared = ctx.level.cells;
    const positions: Pos[] = [];
    for (let k = 0; k < changed.length; k++) {
      const i = changed[k] as number;
      const e = cells[i];
      const next = e ? filled(ctx, e) : null;
      if (!next) continue;
      const x = i % width;
      // Writing as we go is safe: the fill is already traced, and each cell is read before it is written.
      draft.set(layer, x, (i - x) / width, next);
      positions.push(shared[i] as Pos);
    }
    if (positions.length === 0) {
      ctx.emit({ type: "action_vetoed", reason: "the fill would change nothing" });
      return;
    }
    ctx.emit({ type: "cells_flooded", positions, count: positions.length, layer: config.affectedLayer });
  },
};
