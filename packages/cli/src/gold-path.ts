import type { Pack } from "@gridponder/engine";
import { describeAction, goldPathSteps } from "./actions.js";
import { messageOf } from "./errors.js";
import { ForwardPlay } from "./forward-play.js";
import { plural } from "./plural.js";

/** How replaying a level's gold path went. */
export interface GoldPathResult {
  level: string;
  won: boolean;
  /** Accepted actions when the replay ended. */
  actions: number;
  /** Why it does not win, when it does not. */
  problem?: string;
  /** The gold-path index the problem points at, when there is one. */
  step?: number;
}

/**
 * Replays a level's gold path from the start, keeping no history (a gold path may be millions of
 * actions long). Engine failures are reported, not thrown.
 */
export function replayGoldPath(pack: Pack, levelId: string): GoldPathResult {
  const def = pack.levels[levelId];
  if (!def) return { level: levelId, won: false, actions: 0, problem: "the pack has no such level" };
  let play: ForwardPlay;
  try {
    play = new ForwardPlay(pack, levelId);
  } catch (error) {
    return { level: levelId, won: false, actions: 0, problem: `cannot be played: ${messageOf(error)}` };
  }
  let firstRejected: { step: number; reason: string; action: string } | undefined;
  let step = 0;
  for (const action of goldPathSteps(def)) {
    let result: ReturnType<ForwardPlay["act"]>;
    try {
      result = play.act(action);
    } catch (error) {
      return {
        level: levelId,
        won: false,
        actions: play.state.actionCount,
        step,
        problem: `the engine failed at step ${step + 1} (${describeAction(action)}): ${messageOf(error)}`,
      };
    }
    if (!result.accepted && !firstRejected)
      firstRejected = { step, reason: result.reason ?? "rejected", action: describeAction(action) };
    if (result.lost) {
      return {
        level: levelId,
        won: false,
        actions: play.state.actionCount,
        step,
        problem: `the level is lost at step ${step + 1} (${describeAction(action)})${result.loseReason ? `: ${result.loseReason}` : ""}`,
      };
    }
    step++;
  }
  if (play.state.won) return { level: levelId, won: true, actions: play.state.actionCount };
  if (firstRejected) {
    return {
      level: levelId,
      won: false,
      actions: play.state.actionCount,
      step: firstRejected.step,
      problem: `the gold path does not win; step ${firstRejected.step + 1} (${firstRejected.action}) was rejected: ${firstRejected.reason}`,
    };
  }
  return {
    level: levelId,
    won: false,
    actions: play.state.actionCount,
    problem: `the gold path ends after ${plural(step, "action")} without winning`,
  };
}
