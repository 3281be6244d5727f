import type { ActionInput } from "@gridponder/engine";
import type { ViewController } from "@gridponder/view";

/**
 * What replaying actions when a level opens may cost, as actions × board cells: the engine's work per
 * turn grows with the board, so this bounds the time and memory of a replay (a saved game, a shared
 * link) by counts, the same on every machine. 2,000,000 is 20,000 actions on a 10×10 board, or 1,250
 * on 40×40; replaying that much takes about a second on a slow laptop.
 */
export const REPLAY_BUDGET = 2_000_000;

/** The most actions a replay may hold on a board of `cells` cells. */
export function maxReplayActions(cells: number): number {
  return Math.floor(REPLAY_BUDGET / Math.max(1, cells));
}

/** What became of the actions to replay when a level opened. */
export interface ReplayReport {
  /** How many were played: the first `played` of them. */
  readonly played: number;
  /** The index of the first action the engine refused (the replay stopped there), else `null`. */
  readonly refused: number | null;
  /** The most actions a replay may hold on this level's board ({@link REPLAY_BUDGET}). */
  readonly limit: number;
  /** More actions than `limit`: none was played. */
  readonly tooLong: boolean;
}

/**
 * Plays `actions` on a freshly opened level, without animation and without a scene per turn. A replay
 * over the budget is not played at all (the level stays at its start) rather than cut short, so a
 * position is never shown that the actions did not lead to; a refused action ends the replay, since
 * the actions after it were chosen in a position this one is not.
 */
export function replayActions(controller: ViewController, actions: readonly ActionInput[]): ReplayReport {
  const { width, height } = controller.session.level;
  const limit = maxReplayActions(width * height);
  if (actions.length > limit) return { played: 0, refused: null, limit, tooLong: true };
  const { played, refused } = controller.fastForward(actions);
  return { played, refused, limit, tooLong: false };
}
