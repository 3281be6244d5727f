import { moveAvatar } from "../../board/ops.js";
import { effect } from "./fields.js";

/** `resolve_move`: completes the avatar's pending move, if any. Emits `avatar_exited`, `avatar_entered`. */
export const resolveMove = effect<Record<string, never>>({
  type: "resolve_move",
  compile: () => (ctx) => {
    const move = ctx.turn.pendingMove;
    if (!move) return;
    ctx.turn.pendingMove = null;
    moveAvatar(ctx, move.to, move.direction);
  },
});
