import { resolveGesture } from "@gridponder/view";
import type { PlayerContext } from "./player-context.js";

/**
 * Whether a key is the player's to use (V for the view, ? for the controls panel): the pack binds it to
 * nothing. A selection is given, so a swipe key that needs one still counts as bound.
 */
export function playerKeyFree(ctx: PlayerContext, key: string): boolean {
  return resolveGesture(ctx.controller.ctx, { type: "key", key }, { selection: [0, 0] }) === null;
}
