import type { PortalsConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos } from "../board/geometry.js";
import { sharedPos } from "../board/ops.js";
import type { GameEvent } from "../contract/events.js";
import type { Entity, Pos } from "../contract/model.js";
import type { SystemBehaviour, SystemContext } from "../contract/runtime.js";

/** What the hooks need, resolved once per level: the movement hook runs on every turn. */
interface Prepared {
  /** Which layers can hold a portal at all. */
  readonly layers: readonly number[];
  /** The `objects` layer: what portals carry, and what can stand in the way at an exit. */
  readonly objects: number | undefined;
  /** By kind index, 1 when the kind carries one of the teleport tags. */
  readonly isPortal: Uint8Array;
}

function layersWithPortals(ctx: SystemContext<Required<PortalsConfig>>): readonly number[] {
  return (ctx.prepared as Prepared).layers;
}

function isPortal(ctx: SystemContext<Required<PortalsConfig>>, e: Entity): boolean {
  return (ctx.prepared as Prepared).isPortal[e.info.index] === 1;
}

function portalAt(
  ctx: SystemContext<Required<PortalsConfig>>,
  li: number,
  x: number,
  y: number,
): Entity | null {
  const e = ctx.draft.get(li, x, y);
  return e !== null && isPortal(ctx, e) ? e : null;
}

/** The exit of the portal at `at`: the first other portal with the same key (layer, then row-major). */
function exitFor(ctx: SystemContext<Required<PortalsConfig>>, at: Pos): Pos | null {
  const { config, draft } = ctx;
  for (const li of layersWithPortals(ctx)) {
    const entry = portalAt(ctx, li, at[0], at[1]);
    if (!entry) continue;
    const key = own(entry.params, config.matchKey);
    if (key === undefined || key === null) continue;
    for (let y = 0; y < draft.height; y++) {
      for (let x = 0; x < draft.width; x++) {
        if (x === at[0] && y === at[1]) continue;
        const other = portalAt(ctx, li, x, y);
        if (other && own(other.params, config.matchKey) === key) return [x, y];
      }
    }
  }
  return null;
}

function objectsLayer(ctx: SystemContext<Required<PortalsConfig>>): number | undefined {
  return (ctx.prepared as Prepared).objects;
}

/** A solid entity on the objects layer at the exit keeps the avatar on the portal it entered. */
function exitBlocked(ctx: SystemContext<Required<PortalsConfig>>, exit: Pos): boolean {
  const li = objectsLayer(ctx);
  if (li === undefined) return false;
  return ctx.draft.get(li, exit[0], exit[1])?.info.tags.has("solid") === true;
}

/**
 * Sends the avatar from the portal it stands on to the partner; `direction` goes with it, if any.
 * `cameFrom` is the portal a teleport just brought it from: arriving there again would undo the hop.
 */
function teleport(
  ctx: SystemContext<Required<PortalsConfig>>,
  direction: string | null,
  cameFrom: Pos | null = null,
): boolean {
  const avatar = ctx.draft.avatar;
  const at = avatar.position;
  if (!avatar.enabled || !at) return false;
  const exit = exitFor(ctx, at);
  if (!exit || exitBlocked(ctx, exit)) return false;
  if (cameFrom !== null && exit[0] === cameFrom[0] && exit[1] === cameFrom[1]) return false;
  const position = sharedPos(ctx.level, exit[0], exit[1]);
  ctx.draft.avatar = { ...avatar, position };
  ctx.emit({ type: "avatar_exited", position: at });
  // Marked so that the arrival on the partner portal does not teleport the avatar straight back.
  const arrived: Record<string, unknown> = { type: "avatar_entered", position, fromPosition: at };
  if (direction !== null) arrived.direction = direction;
  arrived.viaPortal = true;
  ctx.emit(arrived as GameEvent);
  return true;
}

function arrivedAt(e: GameEvent, at: Pos | null): boolean {
  return at !== null && isPos(e.position) && e.position[0] === at[0] && e.position[1] === at[1];
}

/** Whether the avatar stands on a portal: the cheap test that lets most turns skip the rest. */
function onPortal(ctx: SystemContext<Required<PortalsConfig>>): boolean {
  const at = ctx.draft.avatar.position;
  return at !== null && hasPortal(ctx, at);
}

function hasPortal(ctx: SystemContext<Required<PortalsConfig>>, at: Pos): boolean {
  for (const li of layersWithPortals(ctx)) if (portalAt(ctx, li, at[0], at[1]) !== null) return true;
  return false;
}

/**
 * Whatever stands on the objects layer of a portal cell an event has just named goes to the partner
 * portal, if nothing stands there on that layer (the avatar does not count). A portal that lives on
 * the objects layer itself stays put.
 */
function carryObject(ctx: SystemContext<Required<PortalsConfig>>, at: Pos): void {
  const li = objectsLayer(ctx);
  if (li === undefined || !hasPortal(ctx, at)) return;
  const { draft } = ctx;
  const entity = draft.get(li, at[0], at[1]);
  if (entity === null) return;
  if (isPortal(ctx, entity)) return;
  const exit = exitFor(ctx, at);
  if (!exit || draft.get(li, exit[0], exit[1]) !== null) return;
  const layer = ctx.pack.layers[li]?.id;
  const position = sharedPos(ctx.level, exit[0], exit[1]);
  draft.set(li, at[0], at[1], null);
  draft.set(li, exit[0], exit[1], entity);
  ctx.emit({ type: "object_removed", position: at, kind: entity.kind, layer });
  // `wasTeleported` keeps the arrival from being carried on again; `fromPosition` lets a view move it.
  ctx.emit({
    type: "object_placed",
    position,
    kind: entity.kind,
    params: entity.params ?? {},
    layer,
    fromPosition: at,
    wasTeleported: true,
  });
}

/**
 * `portals` (movement and cascade phases). A portal's partner is the first other portal with the same
 * `matchKey` value (layer, then row-major), so with three or more portals of one key every portal but
 * the first leads to the first, and the first to the second.
 * - Avatar: standing on a portal after the action phase teleports it, even after a move that went
 *   nowhere; in the cascade, so does arriving on one (a slide, or the exit of another teleport, so a
 *   teleport can chain: the third of three portals leads to the first, which leads on to the second).
 *   A hop never leads straight back to the portal the avatar just came from, and never onto a solid
 *   object: then the avatar stays where it is.
 * - Objects: whenever an `object_placed` event names a portal cell (at load: any entity placed there,
 *   the portal's own placement included), the entity on the objects layer there goes to the partner
 *   if that cell is free on the objects layer.
 */
export const portals: SystemBehaviour<Required<PortalsConfig>> = {
  type: "portals",
  search: {
    layersMoved: () => ["objects"],
    avatarReach: Number.POSITIVE_INFINITY,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
    // It sends the avatar and objects only from one portal cell to another: void cells stay as they are
    // unless a portal stands on one.
    keepsVoidCells: (config, pack, start) => {
      const ground = pack.layerIndex.get("ground");
      if (ground === undefined) return true;
      const groundCells = start.layers[ground] ?? [];
      return start.layers.every((cells) =>
        cells.every(
          (e, i) =>
            e === null ||
            !config.teleportTags.some((t) => e.info.tags.has(t)) ||
            groundCells[i]?.kind !== "void",
        ),
      );
    },
    // A hop never lands the avatar on a solid object, and objects hop only on arriving at a portal; but
    // a portal created under a standing object would send it away.
    solidObjects: (config) => ({ moves: [], tools: [], sentAwayBy: config.teleportTags }),
    role: (config) => ({ role: "teleport", teleportTags: config.teleportTags }),
  },
  prepare(config, pack): Prepared {
    const found = new Set<number>();
    const portal = new Uint8Array(pack.kinds.size);
    for (const info of pack.kinds.values()) {
      if (!config.teleportTags.some((t) => info.tags.has(t))) continue;
      found.add(info.layerIndex);
      portal[info.index] = 1;
    }
    return {
      layers: [...found].filter((li) => li >= 0).sort((a, b) => a - b),
      objects: pack.layerIndex.get("objects"),
      isPortal: portal,
    };
  },
  movement(ctx) {
    // Standing on a portal after the action is enough: a move that went nowhere still teleports.
    if (!onPortal(ctx)) return;
    const at = ctx.draft.avatar.position;
    const events = ctx.turn.events;
    // An avatar that did not arrive this turn leaves in the direction it faces, so an exit on ice
    // slides it that way (fuzz: `fw_ice_003`).
    let direction: string | null = ctx.draft.avatar.facing;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i] as GameEvent;
      if (e.type !== "avatar_entered") continue;
      if (arrivedAt(e, at)) direction = typeof e.direction === "string" ? e.direction : null;
      break;
    }
    teleport(ctx, direction);
  },
  cascade(ctx, pending) {
    // The avatar goes first: an object carried off the avatar's exit in this pass does not free it
    // until the next (fuzz: a crate pushed onto the partner of the portal the avatar steps on).
    if (onPortal(ctx)) {
      const at = ctx.draft.avatar.position;
      for (const e of pending) {
        if (e.type !== "avatar_entered" || !arrivedAt(e, at)) continue;
        const cameFrom = e.viaPortal === true && isPos(e.fromPosition) ? e.fromPosition : null;
        if (teleport(ctx, typeof e.direction === "string" ? e.direction : null, cameFrom)) break;
      }
    }
    for (const e of pending) {
      if (e.type === "object_placed" && e.wasTeleported !== true && isPos(e.position))
        carryObject(ctx, e.position);
    }
  },
};
