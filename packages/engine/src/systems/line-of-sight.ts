import type { LineOfSightConfig } from "@gridponder/schema";
import type { GameEvent } from "../contract/events.js";
import type { Entity, Pos } from "../contract/model.js";
import type { Pack, SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<LineOfSightConfig>>;

interface Source {
  readonly cells: readonly Pos[];
  /** The index of the multi-cell object it is, so that it does not block its own sight. */
  readonly object: number | null;
}

/** What the hooks need from the config, resolved once per level: kind tables and layer indices. */
interface Prepared {
  readonly triggers: ReadonlySet<string>;
  readonly targetLayer: number | undefined;
  /** Per kind index, 1 when an entity of it is a target. */
  readonly isTarget: Uint8Array;
  readonly sourceLayer: number | undefined;
  /** Per kind index, 1 when an entity of it on the source layer is a source. */
  readonly isSource: Uint8Array;
  readonly ground: number | undefined;
  /** The blocking layers that exist. */
  readonly blockingLayers: readonly number[];
  /** Per kind index, 1 when an entity of it on a blocking layer stops sight. */
  readonly blocks: Uint8Array;
}

const matches = (e: Entity, kinds: readonly string[], tags: readonly string[]) =>
  (kinds.length === 0 || kinds.includes(e.kind)) &&
  (tags.length === 0 || tags.some((t) => e.info.tags.has(t)));

function prepare(config: Required<LineOfSightConfig>, pack: Pack): Prepared {
  const kinds = [...pack.kinds.values()].map((info) => pack.entity(info.name));
  const table = (test: (e: Entity) => boolean) => Uint8Array.from(kinds, (e) => (test(e) ? 1 : 0));
  const blockingLayers: number[] = [];
  for (const id of config.blockingLayers) {
    const li = pack.layerIndex.get(id);
    if (li !== undefined) blockingLayers.push(li);
  }
  return {
    triggers: new Set(config.triggerEvents as readonly string[]),
    targetLayer: pack.layerIndex.get(config.targetLayer),
    isTarget: table((e) => matches(e, config.targetKinds, config.targetTags)),
    sourceLayer: config.sourceLayer === undefined ? undefined : pack.layerIndex.get(config.sourceLayer),
    isSource: table((e) => matches(e, config.sourceKinds, config.sourceTags)),
    ground: pack.layerIndex.get("ground"),
    blockingLayers,
    blocks: table(
      (e) => config.blockingTags.length === 0 || config.blockingTags.some((t) => e.info.tags.has(t)),
    ),
  };
}

function sourcesOf(ctx: Ctx): Source[] {
  const { config, draft, pack } = ctx;
  if (config.sourceLayer !== undefined) {
    const { sourceLayer: li, isSource } = ctx.prepared as Prepared;
    if (li === undefined) return [];
    const out: Source[] = [];
    const cells = draft.layerCells(li);
    for (let i = 0; i < cells.length; i++) {
      const e = cells[i];
      if (e && isSource[e.info.index] === 1) out.push({ cells: [ctx.level.cells[i] as Pos], object: null });
    }
    return out;
  }
  const out: Source[] = [];
  draft.multiCellObjects.forEach((o, index) => {
    if (config.sourceKinds.length > 0 && !config.sourceKinds.includes(o.kind)) return;
    if (config.sourceTags.length > 0 && !config.sourceTags.some((t) => pack.kinds.get(o.kind)?.tags.has(t)))
      return;
    const role = typeof o.params.role === "string" ? o.params.role : "";
    if (config.sourceRoles.length > 0 && !config.sourceRoles.includes(role)) return;
    out.push({ cells: o.cells, object: index });
  });
  return out;
}

function covers(cells: readonly Pos[], x: number, y: number): boolean {
  for (const c of cells) if (c[0] === x && c[1] === y) return true;
  return false;
}

/** Whether a multi-cell object other than the source's own covers the cell. */
function coveredByOther(ctx: Ctx, source: Source, x: number, y: number): boolean {
  const objects = ctx.draft.multiCellObjects;
  for (let i = 0; i < objects.length; i++) {
    if (i !== source.object && covers((objects[i] as (typeof objects)[number]).cells, x, y)) return true;
  }
  return false;
}

/** Whether a cell stops sight: void, a blocker on a blocking layer, or another multi-cell object. */
function opaque(ctx: Ctx, source: Source, x: number, y: number): boolean {
  const { config, draft } = ctx;
  const { ground, blockingLayers, blocks } = ctx.prepared as Prepared;
  if (ground !== undefined && draft.get(ground, x, y)?.kind === "void") return true;
  for (const li of blockingLayers) {
    const e = draft.get(li, x, y);
    if (e && blocks[e.info.index] === 1) return true;
  }
  return config.multiCellObjectsBlock && coveredByOther(ctx, source, x, y);
}

function clearBetween(ctx: Ctx, source: Source, from: Pos, to: Pos): boolean {
  const dx = Math.sign(to[0] - from[0]);
  const dy = Math.sign(to[1] - from[1]);
  for (let x = from[0] + dx, y = from[1] + dy; x !== to[0] || y !== to[1]; x += dx, y += dy) {
    if (covers(source.cells, x, y)) continue;
    if (opaque(ctx, source, x, y)) return false;
  }
  return true;
}

/** The first cell of the source that sees `at` along a row or column, or `undefined`. */
function sighting(ctx: Ctx, source: Source, at: Pos): Pos | undefined {
  for (const c of source.cells) {
    if (
      (c[0] === at[0] || c[1] === at[1]) &&
      !(c[0] === at[0] && c[1] === at[1]) &&
      clearBetween(ctx, source, c, at)
    )
      return c;
  }
  return undefined;
}

function triggered(prepared: Prepared, pending: readonly GameEvent[]): boolean {
  for (const e of pending) if (prepared.triggers.has(e.type)) return true;
  return false;
}

/**
 * `line_of_sight` (cascade phase, read-only): in a pass whose pending events include a trigger,
 * reports `line_of_sight_detected` for each target that shares a row or column with a source cell
 * with nothing opaque between them. Targets are taken in board order, each reported once, for the first
 * source that sees it, up to `maxMatches` in all (zero or less means all): with `maxMatches: 1` the
 * target nearest the board's start wins, whichever source sees it (fuzz: `los_002`). Rules decide what
 * seeing means.
 */
export const lineOfSight: SystemBehaviour<Required<LineOfSightConfig>> = {
  type: "line_of_sight",
  search: {
    layersMoved: () => [],
    avatarReach: 0,
    freeTurns: false,
    // Only watches: rules react to what it sees.
    kindsCreated: () => [],
  },
  prepare,
  cascade(ctx, pending) {
    const { config, draft } = ctx;
    const prepared = ctx.prepared as Prepared;
    if (!triggered(prepared, pending)) return;
    const { targetLayer, isTarget } = prepared;
    if (targetLayer === undefined) return;
    const limit = config.maxMatches > 0 ? config.maxMatches : Number.POSITIVE_INFINITY;
    const sources = sourcesOf(ctx);
    const cells = draft.layerCells(targetLayer);
    let found = 0;
    for (let i = 0; i < cells.length && found < limit; i++) {
      const target = cells[i];
      if (!target || isTarget[target.info.index] === 0) continue;
      // The cell's shared position, as turns report positions (see `sharedPos` in ops).
      const at = ctx.level.cells[i] as Pos;
      for (const source of sources) {
        if (config.multiCellObjectsBlock && coveredByOther(ctx, source, at[0], at[1])) continue;
        const from = sighting(ctx, source, at);
        if (!from) continue;
        found++;
        ctx.emit({ type: "line_of_sight_detected", position: at, kind: target.kind, sourcePosition: from });
        break;
      }
    }
  },
};
