import { type Pack, Session } from "@gridponder/engine";
import { describeAction, goldPathOf } from "./actions.js";
import { messageOf } from "./errors.js";
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

/** Replays a level's gold path on a fresh session. Engine failures are reported, not thrown. */
export function replayGoldPath(pack: Pack, levelId: string): GoldPathResult {
  const def = pack.levels[levelId];
  if (!def) return { level: levelId, won: false, actions: 0, problem: "the pack has no such level" };
  let session: Session;
  try {
    session = new Session(pack, levelId);
  } catch (error) {
    return { level: levelId, won: false, actions: 0, problem: `cannot be played: ${messageOf(error)}` };
  }
  const path = goldPathOf(def);
  let firstRejected: { step: number; reason: string } | undefined;
  for (const [step, action] of path.entries()) {
    let result: ReturnType<Session["act"]>;
    try {
      result = session.act(action);
    } catch (error) {
      return {
        level: levelId,
        won: false,
        actions: session.actionCount,
        step,
        problem: `the engine failed at step ${step + 1} (${describeAction(action)}): ${messageOf(error)}`,
      };
    }
    if (!result.accepted && !firstRejected) firstRejected = { step, reason: result.reason ?? "rejected" };
    if (result.lost) {
      return {
        level: levelId,
        won: false,
        actions: session.actionCount,
        step,
        problem: `the level is lost at step ${step + 1} (${describeAction(action)})${result.loseReason ? `: ${result.loseReason}` : ""}`,
      };
    }
  }
  if (session.won) return { level: levelId, won: true, actions: session.actionCount };
  if (firstRejected) {
    const action = path[firstRejected.step];
    return {
      level: levelId,
      won: false,
      actions: session.actionCount,
      step: firstRejected.step,
      problem: `the gold path does not win; step ${firstRejected.step + 1} (${action ? describeAction(action) : "?"}) was rejected: ${firstRejected.reason}`,
    };
  }
  return {
    level: levelId,
    won: false,
    actions: session.actionCount,
    problem: `the gold path ends after ${plural(path.length, "action")} without winning`,
  };
}
