import { type Gesture, resolveGesture } from "@gridponder/view";
import { handleGesture } from "./gestures.js";
import { openHelp, switchView } from "./level-flow.js";
import type { PlayerContext } from "./player-context.js";

/**
 * Plays by keyboard while the player has focus: an open dialog gets the keys first, buttons keep
 * Enter and Space, Tab keeps moving focus, and only keys the level binds are taken from the page.
 * Returns what stops listening.
 */
export function listenToKeys(ctx: PlayerContext): () => void {
  const onKeyDown = (e: KeyboardEvent): void => {
    const target = e.composedPath()[0];
    const onButton = target instanceof HTMLElement && target.tagName === "BUTTON";
    if (onButton && (e.key === "Enter" || e.key === " ")) return;
    if (ctx.dialog.open) {
      if (ctx.dialog.key(e.key)) e.preventDefault();
      return;
    }
    if (e.key === "Tab") return;
    const gesture: Gesture = {
      type: "key",
      key: e.key,
      shift: e.shiftKey,
      ctrl: e.ctrlKey,
      alt: e.altKey,
      meta: e.metaKey,
    };
    if (!resolveGesture(ctx.controller.ctx, gesture, { selection: ctx.controller.selection })) {
      // The player's own keys, unless the pack binds them (then their buttons still work): V switches
      // the view, ? lists the controls.
      const plain = !e.ctrlKey && !e.altKey && !e.metaKey;
      if (plain && (e.key === "v" || e.key === "V") && ctx.renderer.setView) {
        e.preventDefault();
        switchView(ctx, ctx.renderer.view === "isometric" ? "top-down" : "isometric");
      } else if (plain && e.key === "?") {
        e.preventDefault();
        openHelp(ctx);
      }
      return;
    }
    e.preventDefault();
    handleGesture(ctx, gesture);
  };
  ctx.element.addEventListener("keydown", onKeyDown);
  return () => ctx.element.removeEventListener("keydown", onKeyDown);
}
