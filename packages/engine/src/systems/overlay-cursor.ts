import type { OverlayCursorConfig } from "@gridponder/schema";
import { stepOf } from "../board/geometry.js";
import type { Pos } from "../contract/model.js";
import type { SystemBehaviour } from "../contract/runtime.js";

/**
 * `overlay_cursor` (action phase): the move action shifts the overlay one cell (or, with
 * `anchorToAvatar`, puts it where the avatar now stands: its top-left for even sizes, its centre for
 * odd ones), kept inside the board when `boundsConstrained`. It reports `overlay_moved` on every move
 * action, even when the board edge held it in place.
 */
export const overlayCursor: SystemBehaviour<Required<OverlayCursorConfig>> = {
  type: "overlay_cursor",
  search: {
    // Writes no layer.
    keepsVoidCells: true,
    layersMoved: () => [],
    avatarReach: 0,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
    // Reads the avatar's cell and the board's size, no layer.
    blindTo: (_config, pack) => pack.layers.map((l) => l.id),
  },
  action(ctx, action) {
    const { config, draft } = ctx;
    if (action.id !== config.moveAction) return;
    const current = draft.overlay;
    const size: Pos = current?.size ?? [config.size[0], config.size[1]];
    let x: number;
    let y: number;
    const avatar = draft.avatar.position;
    if (config.anchorToAvatar && avatar) {
      x = avatar[0] - (size[0] % 2 === 1 ? (size[0] - 1) / 2 : 0);
      y = avatar[1] - (size[1] % 2 === 1 ? (size[1] - 1) / 2 : 0);
    } else {
      const delta = stepOf(String(action.params.direction));
      if (!delta) return;
      x = (current?.position[0] ?? 0) + delta[0];
      y = (current?.position[1] ?? 0) + delta[1];
    }
    if (config.boundsConstrained) {
      x = Math.max(0, Math.min(draft.width - size[0], x));
      y = Math.max(0, Math.min(draft.height - size[1], y));
    }
    const from = current?.position ?? null;
    if (!from || from[0] !== x || from[1] !== y) draft.overlay = { position: [x, y], size };
    ctx.emit({ type: "overlay_moved", position: [x, y], fromPosition: from, size });
  },
};
