import type { FloodFillConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../model.js";
import type { SystemBehaviour, SystemContext } from "./types.js";

type Ctx = SystemContext<Required<FloodFillConfig>>;

/** What the hooks need from the config, resolved once: the layer and, by kind, what a kind fills into. */
interface Prepared {
  readonly layer: number | undefined;
  /** For `matchBy: "kind"`: the kinds the fill spreads over (the keys of `kindTransform`). */
  readonly spreads: ReadonlySet<string>;
  /** For `matchBy: "kind"`: each source kind's target kind, if the game declares it. */
  readonly transform: ReadonlyMap<string, string>;
}

/**
 * Puts the cells the fill starts from into `queue` (marked in `seen`, and in `hit` when the source
 * itself changes) and returns how many, with a test for the cells it may spread to; `null` when there
 * is nothing to flood from. Expects `scratch` to have cleared the marks.
 */
function seedsOf(ctx: Ctx, layer: number): { count: number; joins: (e: Entity) => boolean } | null {
  const { config, draft } = ctx;
  const cells = draft.layerCells(layer);
  if (config.sourcePosition === "all_of_kind") {
    const kind = config.sourceKind;
    const marks = seen;
    const out = queue;
    let count = 0;
    for (let i = 0; i < cells.length; i++) {
      if (cells[i]?.kind !== kind) continue;
      marks[i] = 1;
      out[count++] = i;
    }
    const { spreads } = ctx.prepared as Prepared;
    const joins =
      config.matchBy === "kind"
        ? (e: Entity) => spreads.has(e.kind)
        : (e: Entity) => typeof e.params?.color === "string" && config.colorCycle.includes(e.params.color);
    return { count, joins };
  }
  let at: Pos | null = null;
  if (config.sourcePosition === "avatar") at = draft.avatar.enabled ? draft.avatar.position : null;
  else if (draft.overlay) {
    const { position, size } = draft.overlay;
    at = [position[0] + Math.floor((size[0] - 1) / 2), position[1] + Math.floor((size[1] - 1) / 2)];
  }
  if (!at || !draft.inBounds(at[0], at[1])) return null;
  const source = draft.get(layer, at[0], at[1]);
  if (!source) return null;
  const joins =
    config.matchBy === "kind"
      ? (e: Entity) => e.kind === source.kind
      : (e: Entity) => e.params?.color !== undefined && e.params.color === source.params?.color;
  const i = at[1] * draft.width + at[0];
  seen[i] = 1;
  hit[i] = 1;
  queue[0] = i;
  return { count: 1, joins };
}

/** What a filled cell becomes, or `null` when the config does not change it. */
function filled(ctx: Ctx, e: Entity): Entity | null {
  const { config, pack } = ctx;
  if (config.matchBy === "kind") {
    const to = (ctx.prepared as Prepared).transform.get(e.kind);
    return to === undefined ? null : pack.entity(to, e.params);
  }
  const color = e.params?.color;
  const i = typeof color === "string" ? config.colorCycle.indexOf(color) : -1;
  if (i < 0 || config.colorCycle.length === 0) return null;
  const next = config.colorCycle[(i + 1) % config.colorCycle.length] as string;
  return pack.entity(e.kind, { ...(e.params ?? {}), color: next });
}

// Scratch marks shared by every fill (turns never run concurrently in one thread): allocating them per
// action was a tenth of a flood game's turn.
let seen = new Uint8Array(0);
let hit = new Uint8Array(0);
let queue = new Int32Array(0);

function scratch(size: number): void {
  if (seen.length < size) {
    seen = new Uint8Array(size);
    hit = new Uint8Array(size);
    queue = new Int32Array(size);
  } else {
    seen.fill(0, 0, size);
    hit.fill(0, 0, size);
  }
}

/**
 * `flood_fill` (action phase): spreads from the source over orthogonally connected matching cells
 * and changes them (next colour in the cycle, or `kindTransform`). With `all_of_kind` the already
 * filled area is the source and only its matching neighbours (and theirs) change. A fill that would
 * change nothing is refused, so the action does not count.
 */
export const floodFill: SystemBehaviour<Required<FloodFillConfig>> = {
  type: "flood_fill",
  prepare(config, pack): Prepared {
    const transform = new Map<string, string>();
    for (const [from, to] of Object.entries(config.kindTransform))
      if (typeof to === "string" && pack.kinds.has(to)) transform.set(from, to);
    return {
      layer: pack.layerIndex.get(config.affectedLayer),
      spreads: new Set(Object.keys(config.kindTransform)),
      transform,
    };
  },
  action(ctx, action) {
    const { config, draft } = ctx;
    if (action.id !== config.floodAction) return;
    const { layer } = ctx.prepared as Prepared;
    const { width, height } = draft;
    const size = width * height;
    // `seen` marks cells the fill has reached; `hit` the ones it changes, read back in board order.
    scratch(size);
    const start = layer === undefined ? null : seedsOf(ctx, layer);
    if (layer === undefined || !start) {
      ctx.emit({ type: "action_vetoed", reason: "nothing to flood from" });
      return;
    }
    const cells = draft.layerCells(layer);
    const { joins } = start;
    const marks = seen;
    const changes = hit;
    const open = queue;
    let tail = start.count;
    for (let head = 0; head < tail; head++) {
      const i = open[head] as number;
      const x = i % width;
      for (let d = 0; d < 4; d++) {
        let ni: number;
        if (d === 0) ni = i >= width ? i - width : -1;
        else if (d === 1) ni = x + 1 < width ? i + 1 : -1;
        else if (d === 2) ni = i + width < size ? i + width : -1;
        else ni = x > 0 ? i - 1 : -1;
        if (ni < 0 || marks[ni]) continue;
        const e = cells[ni];
        if (!e || !joins(e)) continue;
        marks[ni] = 1;
        changes[ni] = 1;
        open[tail++] = ni;
      }
    }
    const positions: Pos[] = [];
    for (let i = 0; i < size; i++) {
      if (!changes[i]) continue;
      const e = cells[i];
      const next = e ? filled(ctx, e) : null;
      if (!next) continue;
      const x = i % width;
      const y = (i - x) / width;
      // Writing as we go is safe: the fill is already traced, and each cell is read before it is written.
      draft.set(layer, x, y, next);
      positions.push([x, y]);
    }
    if (positions.length === 0) {
      ctx.emit({ type: "action_vetoed", reason: "the fill would change nothing" });
      return;
    }
    ctx.emit({ type: "cells_flooded", positions, count: positions.length, layer: config.affectedLayer });
  },
};
