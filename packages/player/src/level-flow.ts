import type { ActionInput, GameState } from "@gridponder/engine";
import { type BoardView, resolveAsset, ViewController } from "@gridponder/view";
import { buildControls } from "./controls.js";
import { handleGesture } from "./gestures.js";
import { applyTheme } from "./layout.js";
import { commandNow } from "./moves.js";
import { announce, emit, type PlayerContext, refresh } from "./player-context.js";
import { playerKeyFree } from "./player-keys.js";
import { type ReplayReport, replayActions } from "./replay.js";
import { hasSounds, rememberMuted } from "./sounds.js";
import { nextLevel, storiesBefore } from "./story.js";

/**
 * Opens a level: replays `initialActions` (without animation, within the replay budget, up to the
 * first refused one), themes the player, builds the level's controls, and shows its story screens
 * (when `story`) and, for a finished replay, its outcome. `built` is a fresh controller already made
 * for `id` (the mount's), so it is not made twice. Returns what became of `initialActions`.
 */
export function changeLevel(
  ctx: PlayerContext,
  id: string,
  initialActions: readonly ActionInput[],
  story: boolean,
  built?: ViewController,
): ReplayReport {
  const { pack } = ctx;
  if (!pack.levels[id]) throw new Error(`no level ${JSON.stringify(id)} in this pack`);
  ctx.hintRun++;
  ctx.renderer.finish();
  ctx.dialog.close();
  ctx.levelId = id;
  const controller =
    built ?? new ViewController(pack, id, { assets: ctx.catalog, reducedMotion: ctx.reducedMotion });
  ctx.controller = controller;
  const replay = replayActions(controller, initialActions);
  applyTheme(ctx.root, controller.scene.theme);
  ctx.renderer.diagonalSwipes = controller.input.swipeDiagonal;
  mountControls(ctx);
  ctx.renderer.setScene(controller.scene);
  announce(ctx, `${refresh(ctx).title}.`);
  emit(ctx, "level-change");
  if (story && ctx.options.story !== false) showStories(ctx);
  // Read afresh: the host may have opened another level from its event handler.
  const { session } = ctx.controller;
  if (session.won || session.lost) showOutcome(ctx, session.state);
  return replay;
}

/** Builds the level's controls for the board's current view and swaps them in. */
export function mountControls(ctx: PlayerContext): void {
  const { renderer } = ctx;
  const toggle = renderer.setView
    ? () => switchView(ctx, renderer.view === "isometric" ? "top-down" : "isometric")
    : null;
  const controls = buildControls(ctx.controller.input, (g) => handleGesture(ctx, g), {
    view: renderer.view,
    toggle,
    toggleKey: playerKeyFree(ctx, "v"),
    help: () => openHelp(ctx),
    sound: hasSounds(ctx)
      ? {
          muted: () => ctx.muted,
          toggle: () => {
            ctx.muted = !ctx.muted;
            rememberMuted(ctx.muted);
          },
        }
      : null,
  });
  ctx.controls = controls;
  ctx.controlsSlot.replaceWith(controls.root);
  ctx.controlsSlot = controls.root;
  ctx.root.dataset.view = renderer.view;
}

/**
 * Shows the board in `view` (on a board that has both), with the pad redrawn to match; sends
 * `view-change` so a host can remember the choice. Keyboard focus stays on the toggle when it had it.
 */
export function switchView(ctx: PlayerContext, view: BoardView): void {
  const { renderer } = ctx;
  if (!renderer.setView || renderer.view === view) return;
  const hadFocus =
    ctx.shadow.activeElement instanceof HTMLElement && ctx.shadow.activeElement.dataset.viewToggle;
  renderer.setView(view);
  mountControls(ctx);
  // The new buttons take the history's state (undo, redo, hint) from a refresh.
  refresh(ctx);
  if (hadFocus) ctx.controlsSlot.querySelector<HTMLElement>("[data-view-toggle]")?.focus();
  announce(ctx, view === "top-down" ? "Showing the board from above." : "Showing the board in 3D.");
  ctx.options.onViewChange?.(view);
  ctx.element.dispatchEvent(
    new CustomEvent("view-change", { detail: { view }, bubbles: true, composed: true }),
  );
}

/** Opens the controls panel, loading its code on first use. */
export function openHelp(ctx: PlayerContext): void {
  void import("./help.js").then(({ showHelp }) => {
    if (!ctx.destroyed && !ctx.dialog.open) showHelp(ctx);
  });
}

/** Shows the story screens due before the current level, one dialog each. */
function showStories(ctx: PlayerContext): void {
  const stories = storiesBefore(ctx.pack.game, ctx.levelId);
  const step = (i: number): void => {
    const story = stories[i];
    if (!story) {
      ctx.dialog.close();
      return;
    }
    const image = story.image ? resolveAsset(ctx.catalog, story.image) : null;
    ctx.dialog.show({
      kind: "story",
      title: story.title ?? "",
      paragraphs: story.text ? story.text.split(/\n{2,}/) : [],
      imageUrl: image ? ctx.url(image) : null,
      actions: [{ name: "continue", label: "Continue", primary: true, run: () => step(i + 1) }],
    });
  };
  step(0);
}

/** The won or lost dialog, if the level ended in `at` and that is still the state shown. */
export function showOutcome(ctx: PlayerContext, at: GameState): void {
  const { controller, dialog } = ctx;
  const { session } = controller;
  // Only when the finished state is still the one showing (no undo or level change meanwhile).
  if (ctx.destroyed || session.state !== at || dialog.open) return;
  const hud = controller.hud();
  if (session.won) {
    const next = nextLevel(ctx.pack.levelOrder, ctx.levelId);
    dialog.show({
      kind: "won",
      title: "Level solved",
      paragraphs: [solvedText(session.actionCount, session.actions.length, hud.goldLength)],
      actions: [
        ...(next
          ? [
              {
                name: "next",
                label: "Next level",
                primary: true,
                run: () => changeLevel(ctx, next, [], true),
              },
            ]
          : []),
        { name: "replay", label: "Play again", run: () => commandNow(ctx, "reset") },
        { name: "close", label: "Close", primary: next === null, run: () => dialog.close() },
      ],
    });
  } else if (session.lost) {
    dialog.show({
      kind: "lost",
      title: "Level lost",
      paragraphs: [hud.loseText ?? "This attempt cannot succeed any more."],
      actions: [
        { name: "undo", label: "Undo", primary: true, run: () => commandNow(ctx, "undo") },
        { name: "reset", label: "Reset", run: () => commandNow(ctx, "reset") },
      ],
    });
  }
}

/**
 * The win message. Moves are what the counter shows; the gold path counts every accepted action
 * (selections too), so the comparison uses actions when the two differ.
 */
export function solvedText(moves: number, actions: number, gold: number | null): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const solved = `Solved in ${count(moves, "move")}${actions !== moves ? ` (${count(actions, "action")})` : ""}`;
  if (gold === null) return `${solved}.`;
  const unit = actions !== moves ? "action" : "move";
  return actions <= gold
    ? `${solved}: as good as the reference solution (${count(gold, unit)}).`
    : `${solved}. The reference solution needs ${count(gold, unit)}.`;
}
