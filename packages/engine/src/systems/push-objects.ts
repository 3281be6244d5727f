import type { PushObjectsConfig } from "@gridponder/schema";
import { DIRECTION_DELTAS } from "../model.js";
import { moveAvatar, removeEntity } from "../ops.js";
import type { SystemBehaviour } from "./types.js";

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
  prepare(_config, pack): Prepared {
    return { objects: pack.layerIndex.get("objects"), ground: pack.layerIndex.get("ground") };
  },
  movement(ctx) {
    const { config, draft, turn } = ctx;
    const move = turn.pendingMove;
    if (!move) return;
    const { objects, ground } = ctx.prepared as Prepared;
    if (objects === undefined) return;
    const [tx, ty] = move.to;
    const blocker = draft.get(objects, tx, ty);
    if (!blocker) return;
    const item = draft.avatar.item;
    for (const tool of config.toolInteractions) {
      if (item === null || item !== tool.item || !blocker.info.tags.has(tool.targetTag)) continue;
      removeEntity(ctx, objects, move.to, tool.animation);
      // The reference engine uses the item up silently: no `inventory_changed` event.
      if (tool.consumeItem) draft.avatar = { ...draft.avatar, item: null };
      turn.pendingMove = null;
      moveAvatar(ctx, move.to, move.direction);
      return;
    }
    if (!config.pushableTags.some((t) => blocker.info.tags.has(t))) return;
    const delta = DIRECTION_DELTAS[move.direction];
    if (!delta) return;
    const dest = [tx + delta[0], ty + delta[1]] as const;
    if (!draft.inBounds(dest[0], dest[1])) return;
    const groundEntity = ground === undefined ? null : draft.get(ground, dest[0], dest[1]);
    if (!config.validTargetTags.some((t) => groundEntity?.info.tags.has(t))) return;
    if (draft.get(objects, dest[0], dest[1]) !== null) return;
    draft.set(objects, tx, ty, null);
    draft.set(objects, dest[0], dest[1], blocker);
    ctx.emit({
      type: "object_pushed",
      kind: blocker.kind,
      fromPosition: move.to,
      toPosition: dest,
      direction: move.direction,
    });
    ctx.emit({
      type: "object_placed",
      position: dest,
      kind: blocker.kind,
      params: blocker.params ?? {},
      layer: "objects",
    });
    turn.pendingMove = null;
    moveAvatar(ctx, move.to, move.direction);
  },
};
