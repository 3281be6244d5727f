import type { AnchorPointConfig } from "@gridponder/schema";
import { sharedPos } from "../board/ops.js";
import type { SystemBehaviour } from "../contract/runtime.js";

/**
 * `anchor_point` (action phase): one marker per board. The action drops it under the avatar when there
 * is none (silently); otherwise it calls the avatar back to it and lifts it, unless something with a
 * `blockedByTags` tag stands on that cell of `objects`. The arrival has no direction, so ice does
 * not carry the avatar on.
 */
export const anchorPoint: SystemBehaviour<Required<AnchorPointConfig>> = {
  type: "anchor_point",
  search: {
    layersMoved: () => [],
    avatarReach: Number.POSITIVE_INFINITY,
    freeTurns: false,
    kindsCreated: (config) => [config.markerKind],
    role: (config) => ({
      role: "recall",
      action: config.action,
      markerLayer: config.markerLayer,
      markerKind: config.markerKind,
      blockedByTags: config.blockedByTags,
    }),
  },
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.action) return;
    const layer = pack.layerIndex.get(config.markerLayer);
    const avatar = draft.avatar;
    if (layer === undefined || !avatar.enabled || !avatar.position) return;
    const cells = draft.layerCells(layer);
    let at = -1;
    for (let i = 0; i < cells.length; i++) {
      const e = cells[i];
      if (e !== null && e !== undefined && e.kind === config.markerKind) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      draft.set(layer, avatar.position[0], avatar.position[1], pack.entity(config.markerKind));
      return;
    }
    const x = at % draft.width;
    const y = Math.floor(at / draft.width);
    const objects = pack.layerIndex.get("objects");
    const occupant = objects === undefined ? null : draft.get(objects, x, y);
    if (occupant && config.blockedByTags.some((t) => occupant.info.tags.has(t))) return;
    draft.set(layer, x, y, null);
    const from = avatar.position;
    const position = sharedPos(ctx.level, x, y);
    draft.avatar = { ...avatar, position };
    ctx.emit({ type: "avatar_exited", position: from });
    ctx.emit({ type: "avatar_entered", position, fromPosition: from });
  },
};
