import type { AvatarNavigationConfig } from "@gridponder/schema";
import { stepOf } from "../board/geometry.js";
import { moveAvatar } from "../board/ops.js";
import type { Pos } from "../contract/model.js";
import type { SystemBehaviour } from "../contract/runtime.js";

interface Prepared {
  /** The unit steps of the allowed directions (the shared ones `stepOf` returns). */
  readonly steps: readonly Pos[];
  readonly ground: number | undefined;
  readonly objects: number | undefined;
}

/**
 * `avatar_navigation` (action phase): one step per move action. Off-board, void and (with
 * `validGroundTags`) unsuitable ground stop the move; a solid object on the objects layer either stops
 * it (`block`) or becomes a pending move announced by `move_blocked` (`delegate`) for pushes and rules
 * to settle. Solid things on other layers (a structure's anchor) do not block.
 */
export const avatarNavigation: SystemBehaviour<Required<AvatarNavigationConfig>> = {
  type: "avatar_navigation",
  search: {
    // Writes no layer.
    keepsVoidCells: true,
    layersMoved: () => [],
    avatarReach: 1,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
    // Reads its ground layer, and `objects` only for a solid tag, which no kind may carry there.
    blindTo(config, pack) {
      const objects = pack.layerIndex.get("objects");
      const solidObjects = [...pack.kinds.values()].some(
        (k) => k.layerIndex === objects && k.tags.has("solid"),
      );
      return pack.layers
        .map((l) => l.id)
        .filter((id) => id !== config.groundLayer && (id !== "objects" || !solidObjects));
    },
    // A solid object stops the step (or leaves it pending for a push system to settle).
    solidObjects: () => ({ moves: [], tools: [] }),
    role: (config) => ({
      role: "avatar-step",
      moveAction: config.moveAction,
      groundLayer: config.groundLayer,
      validGroundTags: config.validGroundTags,
      directions: config.directions,
    }),
  },
  prepare(config, pack): Prepared {
    return {
      steps: config.directions.map(stepOf).filter((d): d is Pos => d !== undefined),
      ground: pack.layerIndex.get(config.groundLayer),
      objects: pack.layerIndex.get("objects"),
    };
  },
  action(ctx, action) {
    const { config, draft } = ctx;
    if (action.id !== config.moveAction) return;
    const avatar = draft.avatar;
    const from = avatar.position;
    if (!avatar.enabled || !from) return;
    const prepared = ctx.prepared as Prepared;
    const direction = action.params.direction as string;
    const delta = stepOf(direction);
    if (!delta || !prepared.steps.includes(delta)) return;
    const tx = from[0] + delta[0];
    const ty = from[1] + delta[1];
    if (!draft.inBounds(tx, ty)) return;
    // The cell's shared position: the move keeps it (see `sharedPos`), so no pair is made per move.
    const to: Pos = ctx.level.cells[ty * draft.width + tx] as Pos;
    const ground = prepared.ground === undefined ? null : draft.get(prepared.ground, tx, ty);
    if (ground?.kind === "void") return;
    if (config.validGroundTags.length > 0 && !config.validGroundTags.some((t) => ground?.info.tags.has(t)))
      return;
    const blocker = prepared.objects === undefined ? null : draft.get(prepared.objects, to[0], to[1]);
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
