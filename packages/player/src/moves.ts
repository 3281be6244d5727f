import type { ActionInput } from "@gridponder/engine";
import { describeTurn, type Timeline, type ViewController } from "@gridponder/view";
import { announce, emit, type PlayerContext, play, refresh } from "./player-context.js";
import { soundTurn } from "./sounds.js";

/** The history commands; a hint is not one of them (it plays turns). */
export type HistoryCommand = "undo" | "redo" | "reset";

type TurnResult = ReturnType<ViewController["act"]>["result"];

/** Shows a turn the controller has played: animation, HUD, words, events, and the outcome dialog. */
export function afterTurn(
  ctx: PlayerContext,
  action: ActionInput,
  result: TurnResult,
  timeline: Timeline | null,
): Promise<boolean> {
  const moves = ctx.controller.session.actionCount;
  const hud = ctx.controller.hud();
  soundTurn(ctx, result);
  announce(ctx, describeTurn(ctx.pack, action, result, moves, result.lost ? hud.loseText : null));
  if (!timeline) {
    refresh(ctx, hud);
    return Promise.resolve(false);
  }
  const done = play(ctx, timeline);
  refresh(ctx, hud);
  emit(ctx, "turn");
  if (result.won) emit(ctx, "won");
  else if (result.lost) emit(ctx, "lost");
  if (result.won || result.lost) {
    const at = ctx.controller.session.state;
    void done.then(() => ctx.showOutcome(at));
  }
  return done.then(() => true);
}

/** Plays an action now, skipping the rest of a running animation. */
export function actNow(ctx: PlayerContext, action: ActionInput): Promise<boolean> {
  ctx.renderer.finish();
  const { result, timeline } = ctx.controller.act(action);
  return afterTurn(ctx, action, result, timeline);
}

/** Shows an undo, redo or reset the controller has done (a null timeline: there was nothing to do). */
export function afterCommand(
  ctx: PlayerContext,
  command: HistoryCommand,
  timeline: Timeline | null,
): Promise<boolean> {
  if (!timeline) {
    announce(ctx, command === "reset" ? "Already at the start." : `Nothing to ${command}.`);
    return Promise.resolve(false);
  }
  ctx.dialog.close();
  const done = play(ctx, timeline);
  refresh(ctx);
  const moves = ctx.controller.session.actionCount;
  announce(
    ctx,
    command === "reset"
      ? "Level reset."
      : `${command === "undo" ? "Undone" : "Redone"}. ${moves} ${moves === 1 ? "move" : "moves"}.`,
  );
  emit(ctx, "turn");
  return done.then(() => true);
}

/** Undoes, redoes or resets now, stopping a hint and skipping the rest of a running animation. */
export function commandNow(ctx: PlayerContext, command: HistoryCommand): Promise<boolean> {
  ctx.hintRun++;
  ctx.renderer.finish();
  const controller = ctx.controller;
  const timeline =
    command === "undo" ? controller.undo() : command === "redo" ? controller.redo() : controller.reset();
  return afterCommand(ctx, command, timeline);
}
