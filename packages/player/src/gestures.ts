import type { Gesture } from "@gridponder/view";
import { playPlannedHint } from "./hints.js";
import { afterCommand, afterTurn } from "./moves.js";
import { announce, type PlayerContext } from "./player-context.js";

/**
 * Acts on a gesture (key, swipe, tap or button) as the controller resolves it. Ignored while a dialog
 * is open; any input stops a playing hint and skips the rest of a running animation.
 */
export function handleGesture(ctx: PlayerContext, g: Gesture): void {
  if (ctx.destroyed || ctx.dialog.open) return;
  ctx.hintRun++;
  ctx.renderer.finish();
  const out = ctx.controller.handle(g);
  if (!out) return;
  switch (out.kind) {
    case "action":
      void afterTurn(ctx, out.action, out.result, out.timeline);
      break;
    case "command":
      void afterCommand(ctx, out.command, out.timeline);
      break;
    case "hint":
      playPlannedHint(ctx, out.actions, out.timeline);
      break;
    case "select":
      ctx.renderer.setScene(ctx.controller.scene);
      announce(
        ctx,
        out.cell ? `Selected column ${out.cell[0] + 1}, row ${out.cell[1] + 1}.` : "Selection cleared.",
      );
      break;
  }
}
