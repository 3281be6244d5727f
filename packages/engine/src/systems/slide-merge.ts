import type { JsonValue, SlideMergeConfig } from "@gridponder/schema";
import { hasAnyTag } from "../board/entities.js";
import { directionDelta } from "../board/geometry.js";
import type { Entity, Pos } from "../contract/model.js";
import type { Pack, SystemBehaviour, SystemContext } from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";
import { tileValue } from "../goals/values.js";

/** The documented config, plus the renderer switch `emitMotion` (02_game.md, Motion) that the schema omits. */
type Config = Required<SlideMergeConfig> & { readonly emitMotion?: boolean };

/** One tile that moved during a slide, recorded so the events can follow the summary `tiles_slid`. */
interface Slid {
  readonly tile: Entity;
  readonly layer: string | undefined;
  readonly from: Pos;
  readonly to: Pos;
  readonly distance: number;
  /** Set when the tile ended in a merge at `to`. */
  readonly merge: { readonly result: Entity; readonly into: Entity } | null;
}

/**
 * Cell visiting orders per board size and direction: cells nearest the front edge first (the largest
 * projection onto the direction), ties in row-major order. The traces fix this order through the order
 * of the per-tile events (for `right`: column by column from the right edge, each column top-down).
 */
const ORDERS = new Map<string, Int32Array>();

function visitOrder(width: number, height: number, direction: string, delta: Pos): Int32Array {
  const key = `${width}x${height}:${direction}`;
  let order = ORDERS.get(key);
  if (!order) {
    const cells = Array.from({ length: width * height }, (_, i) => i);
    const rank = (i: number) => (i % width) * delta[0] + Math.floor(i / width) * delta[1];
    cells.sort((a, b) => rank(b) - rank(a) || a - b);
    order = Int32Array.from(cells);
    ORDERS.set(key, order);
  }
  return order;
}

function isVoid(e: Entity): boolean {
  return e.kind === "void" || e.info.tags.has("void");
}

/**
 * What a cell holds on the layers other than the tiles' own: `"void"` (void ground: nothing enters, not
 * even to merge), `"blocker"` (a blocker-tagged entity: an empty cell is closed, but a tile standing there
 * still takes a merge, fuzz `nc_002`), `"portal"` (a `teleport`-tagged entity: a tile that slides in stops
 * there, with or without a `tile_teleport` system, fuzz `nc_008`) or `null`.
 */
function cellKind(
  pack: Pack,
  draft: Draft,
  layer: number,
  x: number,
  y: number,
  blockers: readonly string[],
) {
  let found: "blocker" | "portal" | null = null;
  for (let li = 0; li < pack.layers.length; li++) {
    if (li === layer) continue;
    const e = draft.get(li, x, y);
    if (!e) continue;
    if (isVoid(e)) return "void";
    if (hasAnyTag(e, blockers)) found = "blocker";
    else if (found === null && e.info.tags.has("teleport")) found = "portal";
  }
  return found;
}

/**
 * The tile `target` becomes when it absorbs a tile worth `value`: its `value` param changes; a kind that
 * carries its number in its name (`num_4`) becomes the kind for the new number when the game has one.
 */
function withValue(pack: Pack, target: Entity, value: number): Entity {
  if (typeof target.params?.value !== "number") {
    const m = /^(.*?)(-?\d+)$/.exec(target.kind);
    const renamed = m ? `${m[1]}${value}` : null;
    if (renamed !== null && pack.kinds.has(renamed)) return pack.entity(renamed, target.params);
  }
  return pack.entity(target.kind, { ...(target.params ?? {}), value });
}

/** The merged tile, or `null` when the two do not merge under the configured predicate. */
function mergeOf(pack: Pack, config: Config, mover: Entity, target: Entity): Entity | null {
  if (!hasAnyTag(target, config.mergeableTags)) return null;
  const a = tileValue(mover);
  const b = tileValue(target);
  if (config.mergePredicate === "same_kind") {
    if (mover.kind !== target.kind) return null;
  } else if (a === null || a !== b) {
    return null;
  }
  if (b === null) return null;
  const result = config.mergeResult === "double" ? b * 2 : b + (a ?? 0);
  return withValue(pack, target, result);
}

/**
 * `slide_merge` (action phase): every mergeable tile slides as far as it can in the action's direction.
 * Tiles are taken front first, one at a time, each seeing the moves made before it: a tile stops at the
 * board edge, at void, at a cell holding a blocker-tagged entity on another layer, on a portal, or at another tile,
 * which it merges into when the predicate holds (also when that tile stands on a blocker, not on void) and neither has used up `mergeLimit` merges this action.
 * Events: `tiles_slid` once, then per moved tile `cell_cleared`, `tile_moved`, and `tiles_merged` when it
 * merged. A slide that moves nothing emits nothing (the turn still counts).
 */
export const slideMerge: SystemBehaviour<Config> = {
  type: "slide_merge",
  search: {
    avatarReach: 0,
    freeTurns: false,
  },
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.mergeAction) return;
    const direction = action.params.direction;
    if (typeof direction !== "string") return;
    const delta = directionDelta(direction);
    if (!delta) return;
    const order = visitOrder(draft.width, draft.height, direction, delta);
    const slid: Slid[] = [];
    for (let layer = 0; layer < pack.layers.length; layer++) {
      if (!pack.layers[layer]?.exactlyOne) slideLayer(ctx, layer, order, delta, slid);
    }
    if (slid.length === 0) return;
    emitSlide(ctx, direction, slid);
  },
};

function slideLayer(
  ctx: SystemContext<Config>,
  layer: number,
  order: Int32Array,
  delta: Pos,
  slid: Slid[],
): void {
  const { config, draft, pack } = ctx;
  const { width, height } = draft;
  const [dx, dy] = delta;
  // Merges made so far by the tile now standing in each cell; a tile's count travels with it.
  let merges: Uint16Array | null = null;
  for (const index of order) {
    const x = index % width;
    const y = (index - x) / width;
    const tile = draft.get(layer, x, y);
    if (!tile || !hasAnyTag(tile, config.mergeableTags)) continue;
    let cx = x;
    let cy = y;
    let distance = 0;
    let merge: Slid["merge"] = null;
    for (;;) {
      let nx = cx + dx;
      let ny = cy + dy;
      if (config.wrapAround) {
        nx = (nx + width) % width;
        ny = (ny + height) % height;
        if (nx === x && ny === y) break;
      } else if (!draft.inBounds(nx, ny)) {
        break;
      }
      const cell = cellKind(pack, draft, layer, nx, ny, config.blockerTags);
      if (cell === "void") break;
      const other = draft.get(layer, nx, ny);
      if (!other && cell === "blocker") break;
      if (other) {
        const own = merges?.[y * width + x] ?? 0;
        const theirs = merges?.[ny * width + nx] ?? 0;
        const result =
          own < config.mergeLimit && theirs < config.mergeLimit ? mergeOf(pack, config, tile, other) : null;
        if (result) {
          merges ??= new Uint16Array(width * height);
          merges[ny * width + nx] = Math.max(own, theirs) + 1;
          merge = { result, into: other };
          cx = nx;
          cy = ny;
          distance++;
        }
        break;
      }
      cx = nx;
      cy = ny;
      distance++;
      if (cell === "portal") break;
    }
    if (distance === 0) continue;
    draft.set(layer, x, y, null);
    if (merge) {
      draft.set(layer, cx, cy, merge.result);
    } else {
      draft.set(layer, cx, cy, tile);
      if (merges) merges[cy * width + cx] = merges[y * width + x] ?? 0;
    }
    if (merges) merges[y * width + x] = 0;
    slid.push({ tile, layer: pack.layers[layer]?.id, from: [x, y], to: [cx, cy], distance, merge });
  }
}

function emitSlide(ctx: SystemContext<Config>, direction: string, slid: readonly Slid[]): void {
  ctx.emit({ type: "tiles_slid", direction, movedCount: slid.length });
  const motion = ctx.config.emitMotion !== false;
  for (const s of slid) {
    ctx.emit({ type: "cell_cleared", position: s.from, previousKind: s.tile.kind, layer: s.layer });
    if (motion) {
      ctx.emit({
        type: "tile_moved",
        kind: s.tile.kind,
        params: (s.tile.params ?? {}) as JsonValue,
        fromPosition: s.from,
        position: s.to,
        direction,
        distance: s.distance,
      });
    }
    if (s.merge) {
      ctx.emit({
        type: "tiles_merged",
        position: s.to,
        kind: s.merge.result.kind,
        resultValue: tileValue(s.merge.result),
        inputValues: [tileValue(s.tile), tileValue(s.merge.into)],
        sources: [s.from, s.to],
      });
    }
  }
}
