import type { ActionInput } from "@gridponder/engine";
import type { Timeline } from "@gridponder/view";
import { actNow, afterCommand } from "./moves.js";
import { announce, type PlayerContext } from "./player-context.js";

/** Plays hint actions one by one, animated, until done or the player does something else. */
async function playHint(ctx: PlayerContext, run: number, actions: readonly ActionInput[]): Promise<number> {
  if (actions.length === 0) {
    announce(ctx, ctx.controller.session.won ? "The level is already solved." : "No hint available.");
    return 0;
  }
  announce(ctx, `Hint: ${actions.length} ${actions.length === 1 ? "move" : "moves"}.`);
  let played = 0;
  for (const action of actions) {
    await ctx.running;
    if (run !== ctx.hintRun || ctx.destroyed) break;
    await actNow(ctx, action);
    played++;
  }
  return played;
}

/** Starts hint run `run`: first the reset a hint off the gold path needs (its timeline), then the actions. */
function startHint(
  ctx: PlayerContext,
  run: number,
  actions: readonly ActionInput[],
  reset: Timeline | null,
): Promise<number> {
  if (reset) void afterCommand(ctx, "reset", reset);
  const played = playHint(ctx, run, actions);
  ctx.hinting = played;
  return played;
}

/** Plays a hint asked for by a gesture: the controller has planned it and done its reset, if any. */
export function playPlannedHint(
  ctx: PlayerContext,
  actions: readonly ActionInput[],
  reset: Timeline | null,
): void {
  void startHint(ctx, ++ctx.hintRun, actions, reset);
}

/** Plans a hint and plays it, skipping a running animation and closing any dialog. */
export function hintNow(ctx: PlayerContext): Promise<number> {
  const run = ++ctx.hintRun;
  ctx.renderer.finish();
  ctx.dialog.close();
  const plan = ctx.controller.hintPlan();
  // Off the gold path the hint starts the level over, then plays from the start.
  return startHint(ctx, run, plan.actions, plan.reset ? ctx.controller.reset() : null);
}
