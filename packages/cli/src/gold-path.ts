import { type GameAction, type Pack, stateKey } from "@gridponder/engine";
import type { LevelDefinition } from "@gridponder/schema";
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
  /** The action at `step`, as `describeAction` writes it. */
  action?: string;
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
  let step = 0;
  for (const action of goldPathSteps(def)) {
    let result: ReturnType<ForwardPlay["act"]>;
    try {
      result = play.act(action);
    } catch (error) {
      return failedAt(levelId, play, step, action, "the engine failed", `: ${messageOf(error)}`);
    }
    if (result.lost) {
      const reason = result.loseReason ? `: ${result.loseReason}` : "";
      return failedAt(levelId, play, step, action, "the level is lost", reason);
    }
    step++;
  }
  const actions = play.state.actionCount;
  if (play.state.won) return { level: levelId, won: true, actions };
  const stalled = firstStalledStep(pack, levelId, def);
  if (stalled) {
    const what = stalled.refusal === undefined ? "changes nothing" : `was rejected: ${stalled.refusal}`;
    return {
      level: levelId,
      won: false,
      actions,
      step: stalled.step,
      action: stalled.action,
      problem: `the gold path does not win; step ${stalled.step + 1} (${stalled.action}) ${what}`,
    };
  }
  return {
    level: levelId,
    won: false,
    actions,
    problem: `the gold path ends after ${plural(step, "action")} without winning`,
  };
}

/** A replay that ended at `step`: `what` happened there, `detail` says why. */
function failedAt(
  levelId: string,
  play: ForwardPlay,
  step: number,
  action: GameAction,
  what: string,
  detail: string,
): GoldPathResult {
  const described = describeAction(action);
  return {
    level: levelId,
    won: false,
    actions: play.state.actionCount,
    step,
    action: described,
    problem: `${what} at step ${step + 1} (${described})${detail}`,
  };
}

/** A gold-path step after which play is where it was before. */
interface StalledStep {
  step: number;
  action: string;
  /** The engine's reason when it refused the step; none when it accepted a step that changed nothing. */
  refusal?: string;
}

/**
 * The first gold-path step that is refused or changes nothing (a push the game no longer allows, say):
 * where a path that does not win most likely went wrong. A second replay, so that paths that win never
 * pay for a state key per step. The action count is not part of the key, so an accepted step that only
 * counts is a step that changes nothing.
 */
function firstStalledStep(pack: Pack, levelId: string, def: LevelDefinition): StalledStep | undefined {
  const play = new ForwardPlay(pack, levelId);
  let before = stateKey(pack, play.state);
  let step = 0;
  for (const action of goldPathSteps(def)) {
    const result = play.act(action);
    const after = stateKey(pack, play.state);
    if (!result.accepted)
      return { step, action: describeAction(action), refusal: result.reason ?? "rejected" };
    if (after === before) return { step, action: describeAction(action) };
    before = after;
    step++;
  }
  return undefined;
}
