import type { PushObjectsConfig } from "@gridponder/schema";
import { moveAvatar, removeEntity } from "../board/ops.js";
import { pushEntity, settlementOf } from "../board/push.js";
import type { SystemBehaviour } from "../contract/runtime.js";

interface Prepared {
  readonly objects: number | undefined;
  readonly ground: number | undefined;
}

/**
 * `push_objects` (movement phase): settles a move that a solid object blocked. A matching tool
 * interaction removes the object and lets the avatar in; otherwise a pushable object moves one cell
 * on (onto valid, empty ground) and the avatar takes its cell.
 */
export const pushObjects: SystemBehaviour<Required<PushObjectsConfig>> = {
  type: "push_objects",
  search: {
    layersMoved: () => ["objects"],
    avatarReach: 1,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
    role: (config) => ({ role: "push", config }),
    // The avatar enters a blocker's cell only once a tool removed it or a push moved it on.
    solidObjects: (config) => ({ moves: config.pushableTags, tools: config.toolInteractions }),
  },
  pushRule: (config) => config,
  prepare(_config, pack): Prepared {
    return { objects: pack.layerIndex.get("objects"), ground: pack.layerIndex.get("ground") };
  },
  movement(ctx) {
    const { config, draft, turn } = ctx;
    const move = turn.pendingMove;
    if (!move) return;
    const { objects, ground } = ctx.prepared as Prepared;
    if (objects === undefined) return;
    const settlement = settlementOf(config, draft, objects, ground, move);
    if (settlement === null) return;
    const { blocker } = settlement;
    if (settlement.by === "tool") {
      removeEntity(ctx, objects, move.to, settlement.tool.animation);
      // The reference engine uses the item up silently: no `inventory_changed` event.
      if (settlement.tool.consumeItem) draft.avatar = { ...draft.avatar, item: null };
      turn.pendingMove = null;
      moveAvatar(ctx, move.to, move.direction);
      return;
    }
    pushEntity(ctx, objects, blocker, move.to, settlement.to, move.direction);
    turn.pendingMove = null;
    moveAvatar(ctx, move.to, move.direction);
  },
};
