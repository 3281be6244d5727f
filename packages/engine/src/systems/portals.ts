import type { PortalsConfig } from "@gridponder/schema";
import type { GameEvent } from "../events.js";
import { isPos, type Pos } from "../model.js";
import { sharedPos } from "../ops.js";
import type { SystemBehaviour, SystemContext } from "./types.js";

/** Where the avatar arrived at a portal, and the exit it leads to; `null` when it leads nowhere. */
function exitFor(ctx: SystemContext<Required<PortalsConfig>>, at: Pos): Pos | null {
  const { config, draft, pack } = ctx;
  const isPortal = (li: number, x: number, y: number) => {
    const e = draft.get(li, x, y);
    return e !== null && config.teleportTags.some((t) => e.info.tags.has(t)) ? e : null;
  };
  for (let li = 0; li < pack.layers.length; li++) {
    const entry = isPortal(li, at[0], at[1]);
    if (!entry) continue;
    const key = entry.params?.[config.matchKey];
    if (key === undefined || key === null) continue;
    // The partner is the first other portal with the same key, in row-major order of its layer.
    for (let y = 0; y < draft.height; y++) {
      for (let x = 0; x < draft.width; x++) {
        if (x === at[0] && y === at[1]) continue;
        const other = isPortal(li, x, y);
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
export const portals: SystemBehaviour<Required<PortalsConfig>> = {
  type: "portals",
  movement(ctx) {
    // Standing on a portal after the action is enough: a move that went nowhere still teleports.
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
    const at = ctx.draft.avatar.position;
    for (const e of pending) {
      if (e.type !== "avatar_entered" || e.viaPortal === true || !arrivedAt(e, at)) continue;
      if (teleport(ctx, typeof e.direction === "string" ? e.direction : null)) return;
    }
  },
};
