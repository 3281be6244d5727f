import type { LineOfSightConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../contract/model.js";
import type { SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<LineOfSightConfig>>;

interface Source {
  readonly cells: readonly Pos[];
  /** The index of the multi-cell object it is, so that it does not block its own sight. */
  readonly object: number | null;
}

const matches = (e: Entity, kinds: readonly string[], tags: readonly string[]) =>
  (kinds.length === 0 || kinds.includes(e.kind)) &&
  (tags.length === 0 || tags.some((t) => e.info.tags.has(t)));

function sourcesOf(ctx: Ctx): Source[] {
  const { config, draft, pack } = ctx;
  if (config.sourceLayer !== undefined) {
    const li = pack.layerIndex.get(config.sourceLayer);
    if (li === undefined) return [];
    const out: Source[] = [];
    const cells = draft.layerCells(li);
    for (let i = 0; i < cells.length; i++) {
      const e = cells[i];
      if (e && matches(e, config.sourceKinds, config.sourceTags))
        out.push({ cells: [[i % draft.width, Math.floor(i / draft.width)]], object: null });
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

/** Whether a cell stops sight: void, a blocker on a blocking layer, or another multi-cell object. */
function opaque(ctx: Ctx, source: Source, x: number, y: number): boolean {
  const { config, draft, pack } = ctx;
  const ground = pack.layerIndex.get("ground");
  if (ground !== undefined && draft.get(ground, x, y)?.kind === "void") return true;
  for (const id of config.blockingLayers) {
    const li = pack.layerIndex.get(id);
    const e = li === undefined ? null : draft.get(li, x, y);
    if (e && (config.blockingTags.length === 0 || config.blockingTags.some((t) => e.info.tags.has(t))))
      return true;
  }
  return (
    config.multiCellObjectsBlock &&
    draft.multiCellObjects.some(
      (o, i) => i !== source.object && o.cells.some((c) => c[0] === x && c[1] === y),
    )
  );
}

function clearBetween(ctx: Ctx, source: Source, from: Pos, to: Pos): boolean {
  const dx = Math.sign(to[0] - from[0]);
  const dy = Math.sign(to[1] - from[1]);
  for (let x = from[0] + dx, y = from[1] + dy; x !== to[0] || y !== to[1]; x += dx, y += dy) {
    if (source.cells.some((c) => c[0] === x && c[1] === y)) continue;
    if (opaque(ctx, source, x, y)) return false;
  }
  return true;
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
  cascade(ctx, pending) {
    const { config, draft, pack } = ctx;
    if (!pending.some((e) => (config.triggerEvents as readonly string[]).includes(e.type))) return;
    const targetLayer = pack.layerIndex.get(config.targetLayer);
    if (targetLayer === undefined) return;
    const limit = config.maxMatches > 0 ? config.maxMatches : Number.POSITIVE_INFINITY;
    const sources = sourcesOf(ctx);
    const cells = draft.layerCells(targetLayer);
    let found = 0;
    for (let i = 0; i < cells.length && found < limit; i++) {
      const target = cells[i];
      if (!target || !matches(target, config.targetKinds, config.targetTags)) continue;
      const at: Pos = [i % draft.width, Math.floor(i / draft.width)];
      for (const source of sources) {
        if (
          config.multiCellObjectsBlock &&
          draft.multiCellObjects.some(
            (o, oi) => oi !== source.object && o.cells.some((c) => c[0] === at[0] && c[1] === at[1]),
          )
        )
          continue;
        const from = source.cells.find(
          (c) =>
            (c[0] === at[0] || c[1] === at[1]) &&
            !(c[0] === at[0] && c[1] === at[1]) &&
            clearBetween(ctx, source, c, at),
        );
        if (!from) continue;
        found++;
        ctx.emit({ type: "line_of_sight_detected", position: at, kind: target.kind, sourcePosition: from });
        break;
      }
    }
  },
};
