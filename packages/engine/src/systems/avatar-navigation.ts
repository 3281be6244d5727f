import type { AvatarNavigationConfig } from "@gridponder/schema";
import { DIRECTION_DELTAS } from "../model.js";
import { moveAvatar } from "../ops.js";
import type { SystemBehaviour } from "./types.js";

/**
 * `avatar_navigation` (action phase): one step per move action. Off-board, void and (with
 * `validGroundTags`) unsuitable ground stop the move; a solid object either stops it (`block`) or
 * becomes a pending move announced by `move_blocked` (`delegate`) for pushes and rules to settle.
 */
export const avatarNavigation: SystemBehaviour<Required<AvatarNavigationConfig>> = {
  type: "avatar_navigation",
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.moveAction) return;
    const avatar = draft.avatar;
    if (!avatar.enabled || !avatar.position) return;
    const direction = String(action.params.direction);
    if (!config.directions.includes(direction as never)) return;
    const delta = DIRECTION_DELTAS[direction];
    if (!delta) return;
    const from = avatar.position;
    const to = [from[0] + delta[0], from[1] + delta[1]] as const;
    if (!draft.inBounds(to[0], to[1])) return;
    const groundLayer = pack.layerIndex.get(config.groundLayer);
    const ground = groundLayer === undefined ? null : draft.get(groundLayer, to[0], to[1]);
    if (ground?.kind === "void") return;
    if (config.validGroundTags.length > 0 && !config.validGroundTags.some((t) => ground?.info.tags.has(t)))
      return;
    // Only the objects layer can block: solid scenery on other layers (a structure's anchor) is walkable.
    const objects = pack.layerIndex.get("objects");
    const blocker = objects === undefined ? null : draft.get(objects, to[0], to[1]);
    if (blocker?.info.tags.has("solid")) {
      if (config.solidHandling === "delegate") {
        ctx.turn.pendingMove = { from, to, direction };
        ctx.emit({
          type: "move_blocked",
          position: to,
          direction,
          fromPosition: from,
          blockerKind: blocker.kind,
        });
      }
      return;
    }
    moveAvatar(ctx, to, direction);
  },
};
