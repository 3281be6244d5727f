/**
 * The controls panel (`?`): every way to play the level, read from the view's input model, with the
 * player's own keys. Loaded when first asked for; most players never open it.
 * @module
 */
import type { PlayerContext } from "./player-context.js";
import { playerKeyFree } from "./player-keys.js";

/** What the board itself takes, in words, for the panel's first rows. */
function gestureRows(ctx: PlayerContext): [string, string][] {
  const input = ctx.controller.input;
  const rows: [string, string][] = [];
  const along = ctx.renderer.view === "isometric" ? " (along the board's lines as drawn)" : "";
  if (input.swipeCardinal || input.swipeDiagonal)
    rows.push(["Swipe on the board", `the same as the arrows${along}`]);
  if (input.tapCell) rows.push(["Tap or click a cell", "select it or play it"]);
  return rows;
}

/** Opens the controls panel over the board; it closes with Escape, Enter or its button. */
export function showHelp(ctx: PlayerContext): void {
  const keys = ctx.controller.input.keys.map((k): [string, string] => [k.key, k.does]);
  const rows: [string, string][] = [...gestureRows(ctx), ...keys];
  if (ctx.renderer.setView && playerKeyFree(ctx, "v"))
    rows.push(["V", "switch between the 3D and the top-down view"]);
  if (playerKeyFree(ctx, "?")) rows.push(["?", "this list of controls"]);
  ctx.dialog.show({
    kind: "help",
    title: "Controls",
    paragraphs: [],
    rows,
    actions: [{ label: "Close", run: () => ctx.dialog.close(), primary: true, name: "close" }],
  });
}
