import type { FloodFillConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../model.js";
import type { SystemBehaviour, SystemContext } from "./types.js";

type Ctx = SystemContext<Required<FloodFillConfig>>;

/** The cell indices the fill starts from, and a test for the cells it may spread to. */
function seedsOf(ctx: Ctx, layer: number): { seeds: number[]; joins: (e: Entity) => boolean } | null {
  const { config, draft } = ctx;
  const cells = draft.layerCells(layer);
  if (config.sourcePosition === "all_of_kind") {
    const seeds: number[] = [];
    for (let i = 0; i < cells.length; i++) if (cells[i]?.kind === config.sourceKind) seeds.push(i);
    const joins =
      config.matchBy === "kind"
        ? (e: Entity) => Object.hasOwn(config.kindTransform, e.kind)
        : (e: Entity) => typeof e.params?.color === "string" && config.colorCycle.includes(e.params.color);
    return { seeds, joins };
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
  return { seeds: [at[1] * draft.width + at[0]], joins };
}

/** What a filled cell becomes, or `null` when the config does not change it. */
function filled(ctx: Ctx, e: Entity): Entity | null {
  const { config, pack } = ctx;
  if (config.matchBy === "kind") {
    const to = Object.hasOwn(config.kindTransform, e.kind) ? config.kindTransform[e.kind] : undefined;
    return to !== undefined && pack.kinds.has(to) ? pack.entity(to, e.params) : null;
  }
  const color = e.params?.color;
  const i = typeof color === "string" ? config.colorCycle.indexOf(color) : -1;
  if (i < 0 || config.colorCycle.length === 0) return null;
  const next = config.colorCycle[(i + 1) % config.colorCycle.length] as string;
  return pack.entity(e.kind, { ...(e.params ?? {}), color: next });
}

/**
 * `flood_fill` (action phase): spreads from the source over orthogonally connected matching cells
 * and changes them (next colour in the cycle, or `kindTransform`). With `all_of_kind` the already
 * filled area is the source and only its matching neighbours (and theirs) change. A fill that would
 * change nothing is refused, so the action does not count.
 */
export const floodFill: SystemBehaviour<Required<FloodFillConfig>> = {
  type: "flood_fill",
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.floodAction) return;
    const layer = pack.layerIndex.get(config.affectedLayer);
    const start = layer === undefined ? null : seedsOf(ctx, layer);
    if (layer === undefined || !start) {
      ctx.emit({ type: "action_vetoed", reason: "nothing to flood from" });
      return;
    }
    const { width, height } = draft;
    const cells = draft.layerCells(layer);
    const { joins } = start;
    // `seen` marks cells the fill has reached; `hit` the ones it changes, read back in board order.
    const seen = new Uint8Array(width * height);
    const hit = new Uint8Array(width * height);
    const queue = start.seeds.slice();
    const fromSources = config.sourcePosition === "all_of_kind";
    for (const i of queue) {
      seen[i] = 1;
      if (!fromSources) hit[i] = 1;
    }
    const visit = (ni: number) => {
      if (seen[ni]) return;
      const e = cells[ni];
      if (!e || !joins(e)) return;
      seen[ni] = 1;
      hit[ni] = 1;
      queue.push(ni);
    };
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q] as number;
      const x = i % width;
      if (i >= width) visit(i - width);
      if (x + 1 < width) visit(i + 1);
      if (i + width < width * height) visit(i + width);
      if (x > 0) visit(i - 1);
    }
    const positions: Pos[] = [];
    const updates: [number, Entity][] = [];
    for (let i = 0; i < hit.length; i++) {
      if (!hit[i]) continue;
      const e = cells[i];
      const next = e ? filled(ctx, e) : null;
      if (next) updates.push([i, next]);
    }
    if (updates.length === 0) {
      ctx.emit({ type: "action_vetoed", reason: "the fill would change nothing" });
      return;
    }
    for (const [i, next] of updates) {
      const x = i % width;
      const y = (i - x) / width;
      draft.set(layer, x, y, next);
      positions.push([x, y]);
    }
    ctx.emit({ type: "cells_flooded", positions, count: positions.length, layer: config.affectedLayer });
  },
};
