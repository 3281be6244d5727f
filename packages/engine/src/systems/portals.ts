import type { PortalsConfig } from "@gridponder/schema";
import type { GameEvent } from "../events.js";
import { type Entity, isPos, type Pos } from "../model.js";
import { sharedPos } from "../ops.js";
import type { SystemBehaviour, SystemContext } from "./types.js";

/** Which layers can hold a portal at all: the movement hook runs on every turn. */
function layersWithPortals(ctx: SystemContext<Required<PortalsConfig>>): readonly number[] {
  return ctx.prepared as readonly number[];
}

function portalAt(
  ctx: SystemContext<Required<PortalsConfig>>,
  li: number,
  x: number,
  y: number,
): Entity | null {
  const e = ctx.draft.get(li, x, y);
  if (e === null) return null;
  for (const t of ctx.config.teleportTags) if (e.info.tags.has(t)) return e;
  return null;
}

/** The exit of the portal at `at`: the first other portal with the same key (layer, then row-major). */
function exitFor(ctx: SystemContext<Required<PortalsConfig>>, at: Pos): Pos | null {
  const { config, draft } = ctx;
  for (const li of layersWithPortals(ctx)) {
    const entry = portalAt(ctx, li, at[0], at[1]);
    if (!entry) continue;
    const key = entry.params?.[config.matchKey];
    if (key === undefined || key === null) continue;
    for (let y = 0; y < draft.height; y++) {
      for (let x = 0; x < draft.width; x++) {
        if (x === at[0] && y === at[1]) continue;
        const other = portalAt(ctx, li, x, y);
        if (other && other.params?.[config.matchKey] === key) return [x, y];
      }
    }
  }
  return null;
}

/** Sends the avatar from the portal it stands on to the partner; `direction` goes with it, if any. */
function teleport(ctx: SystemContext<Required<PortalsConfig>>, direction: string | null): boolean {
  const avatar = ctx.draft.avatar;
  const at = avatar.position;
  if (!avatar.enabled || !at) return false;
  const exit = exitFor(ctx, at);
  if (!exit) return false;
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

/**
 * `portals` (movement and cascade phases): an avatar on a portal comes out of the portal with the same
 * `matchKey` value. In the movement phase that happens whenever the avatar stands on a portal, even
 * after a move that went nowhere; in the cascade, when a slide brings it onto one. Arriving at the
 * partner never sends it straight back in the same turn.
 */
/** Whether the avatar stands on a portal: the cheap test that lets most turns skip the rest. */
function onPortal(ctx: SystemContext<Required<PortalsConfig>>): boolean {
  const at = ctx.draft.avatar.position;
  if (at === null) return false;
  for (const li of layersWithPortals(ctx)) if (portalAt(ctx, li, at[0], at[1]) !== null) return true;
  return false;
}

export const portals: SystemBehaviour<Required<PortalsConfig>> = {
  type: "portals",
  prepare(config, pack): number[] {
    const found = new Set<number>();
    for (const info of pack.kinds.values())
      if (config.teleportTags.some((t) => info.tags.has(t))) found.add(info.layerIndex);
    return [...found].filter((li) => li >= 0).sort((a, b) => a - b);
  },
  movement(ctx) {
    // Standing on a portal after the action is enough: a move that went nowhere still teleports.
    if (!onPortal(ctx)) return;
    const at = ctx.draft.avatar.position;
    const events = ctx.turn.events;
    let direction: string | null = null;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i] as GameEvent;
      if (e.type !== "avatar_entered") continue;
      if (arrivedAt(e, at) && typeof e.direction === "string") direction = e.direction;
      break;
    }
    teleport(ctx, direction);
  },
  cascade(ctx, pending) {
    if (!onPortal(ctx)) return;
    const at = ctx.draft.avatar.position;
    for (const e of pending) {
      if (e.type !== "avatar_entered" || e.viaPortal === true || !arrivedAt(e, at)) continue;
      if (teleport(ctx, typeof e.direction === "string" ? e.direction : null)) return;
    }
  },
};
