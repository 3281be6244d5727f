import type { JsonValue, SlideMergeConfig } from "@gridponder/schema";
import { hasAnyTag } from "../board/entities.js";
import { stepOf } from "../board/geometry.js";
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
const ORDERS = new Map<number, Int32Array>();

function visitOrder(width: number, height: number, delta: Pos): Int32Array {
  // A number, not a string: a key built per turn is a new string to hash. A dimension is at most 256
  // (the schema's cap) and a delta's parts lie in -1..1.
  const key = ((width * 512 + height) * 3 + delta[0] + 1) * 3 + delta[1] + 1;
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

/**
 * What a cell holding an entity of a kind, on a layer other than the tiles' own, is to a sliding tile,
 * from least to most in the way: nothing, a portal (a `teleport`-tagged entity: a tile that slides in
 * stops there, with or without a `tile_teleport` system, fuzz `nc_008`), a blocker (a blocker-tagged
 * entity: an empty cell is closed, but a tile standing there still takes a merge, fuzz `nc_002`), void
 * ground (nothing enters, not even to merge). A cell is the most in the way of what it holds.
 */
const OPEN = 0;
const PORTAL = 1;
const BLOCKER = 2;
const VOID = 3;

interface Prepared {
  /** Per kind index: OPEN, PORTAL, BLOCKER or VOID. */
  readonly cellClass: Uint8Array;
  /** Per kind index: 1 when the kind has one of the mergeable tags (it slides, and takes merges). */
  readonly mergeable: Uint8Array;
}

function prepare(config: Config, pack: Pack): Prepared {
  const cellClass = new Uint8Array(pack.kinds.size);
  const mergeable = new Uint8Array(pack.kinds.size);
  for (const info of pack.kinds.values()) {
    const e = pack.entity(info.name);
    if (e.kind === "void" || info.tags.has("void")) cellClass[info.index] = VOID;
    else if (hasAnyTag(e, config.blockerTags)) cellClass[info.index] = BLOCKER;
    else if (info.tags.has("teleport")) cellClass[info.index] = PORTAL;
    mergeable[info.index] = hasAnyTag(e, config.mergeableTags) ? 1 : 0;
  }
  return { cellClass, mergeable };
}

/** What cell `index` holds on the layers other than the tiles' own (see OPEN … VOID). */
function cellKind(draft: Draft, layers: number, layer: number, index: number, cellClass: Uint8Array): number {
  let found = OPEN;
  for (let li = 0; li < layers; li++) {
    if (li === layer) continue;
    const e = draft.layerCells(li)[index];
    if (!e) continue;
    const c = cellClass[e.info.index] as number;
    if (c === VOID) return VOID;
    if (c > found) found = c;
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

/**
 * Merge results by the tile merged into and the new value: tiles are shared (interned) entities, so
 * the same few merges recur on every turn, and each would otherwise build and intern a params object.
 */
const mergedTiles = new WeakMap<Entity, Map<number, Entity>>();

function merged(pack: Pack, target: Entity, value: number): Entity {
  let byValue = mergedTiles.get(target);
  if (byValue === undefined) {
    byValue = new Map();
    mergedTiles.set(target, byValue);
  }
  let result = byValue.get(value);
  if (result === undefined) {
    result = withValue(pack, target, value);
    // Bounded like the pack's own interning: a pack counting ever higher keeps only so many.
    if (byValue.size < 256) byValue.set(value, result);
  }
  return result;
}

/**
 * The merged tile, or `null` when the two do not merge under the configured predicate. The caller has
 * checked that `target` is mergeable.
 */
function mergeOf(pack: Pack, config: Config, mover: Entity, target: Entity): Entity | null {
  const a = tileValue(mover);
  const b = tileValue(target);
  if (config.mergePredicate === "same_kind") {
    if (mover.kind !== target.kind) return null;
  } else if (a === null || a !== b) {
    return null;
  }
  if (b === null) return null;
  const result = config.mergeResult === "double" ? b * 2 : b + (a ?? 0);
  return merged(pack, target, result);
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
  prepare,
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.mergeAction) return;
    const direction = action.params.direction;
    if (typeof direction !== "string") return;
    const delta = stepOf(direction);
    if (!delta) return;
    const order = visitOrder(draft.width, draft.height, delta);
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
  const { cellClass, mergeable } = ctx.prepared as Prepared;
  const { width, height } = draft;
  const layers = pack.layers.length;
  const cells = ctx.level.cells;
  const [dx, dy] = delta;
  // Merges made so far by the tile now standing in each cell; a tile's count travels with it.
  let merges: Uint16Array | null = null;
  for (let o = 0; o < order.length; o++) {
    const index = order[o] as number;
    // Read through the draft each time: its first write copies the layer.
    const tile = draft.layerCells(layer)[index];
    if (!tile || mergeable[tile.info.index] === 0) continue;
    const x = index % width;
    const y = (index - x) / width;
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
      } else if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
        break;
      }
      const next = ny * width + nx;
      const cell = cellKind(draft, layers, layer, next, cellClass);
      if (cell === VOID) break;
      const other = draft.layerCells(layer)[next];
      if (!other && cell === BLOCKER) break;
      if (other) {
        const own = merges?.[index] ?? 0;
        const theirs = merges?.[next] ?? 0;
        const result =
          own < config.mergeLimit && theirs < config.mergeLimit && mergeable[other.info.index] === 1
            ? mergeOf(pack, config, tile, other)
            : null;
        if (result) {
          merges ??= new Uint16Array(width * height);
          merges[next] = Math.max(own, theirs) + 1;
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
      if (cell === PORTAL) break;
    }
    if (distance === 0) continue;
    const to = cy * width + cx;
    draft.set(layer, x, y, null);
    if (merge) {
      draft.set(layer, cx, cy, merge.result);
    } else {
      draft.set(layer, cx, cy, tile);
      if (merges) merges[to] = merges[index] ?? 0;
    }
    if (merges) merges[index] = 0;
    // The cells' shared positions, as turns report positions (see `sharedPos` in ops).
    const from = cells[index] as Pos;
    slid.push({ tile, layer: pack.layers[layer]?.id, from, to: cells[to] as Pos, distance, merge });
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
