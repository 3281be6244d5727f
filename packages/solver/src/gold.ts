import { type ActionInput, type Pack, runTurn, Session } from "@gridponder/engine";
import type { GoldVerdict } from "./types.js";

/** A level's gold path played through: the actions as resolved, whether it wins, the first rejection. */
export interface GoldReplay {
  readonly actions: ActionInput[];
  readonly wins: boolean;
  readonly firstRejected: number | null;
}

/**
 * Plays the gold path forward without the undo history a `Session` keeps: a gold path may be millions
 * of actions long, and only the accepted actions are needed.
 */
export function replayGold(pack: Pack, levelId: string): GoldReplay {
  const { level, initial } = new Session(pack, levelId);
  let state = initial;
  let firstRejected: number | null = null;
  const actions: ActionInput[] = [];
  (pack.levels[levelId]?.solution.goldPath ?? []).forEach((input, i) => {
    const result = runTurn(pack, level, state, input);
    if (!result.accepted) firstRejected ??= i;
    else if (result.action !== null) actions.push({ ...result.action.params } as ActionInput);
    state = result.state;
  });
  return { actions, wins: state.won, firstRejected };
}

/** Replays a level's gold path and judges it against what the search found (if it found anything). */
export function judgeGold(
  pack: Pack,
  levelId: string,
  optimalLength: number | null,
  optimalCount: number | null,
  countCapped: boolean,
): GoldVerdict {
  return goldVerdict(pack, levelId, optimalLength, optimalCount, countCapped, replayGold(pack, levelId));
}

/** `judgeGold` for a caller that has already replayed the gold path. */
export function goldVerdict(
  pack: Pack,
  levelId: string,
  optimalLength: number | null,
  optimalCount: number | null,
  countCapped: boolean,
  replay: GoldReplay,
): GoldVerdict {
  const def = pack.levels[levelId];
  const gold = def?.solution.goldPath ?? [];
  const hintStops = def?.solution.hintStops ?? [];
  const { wins, firstRejected } = replay;
  const optimal = optimalLength === null ? null : wins && gold.length === optimalLength;
  let uniqueOptimum: boolean | null = null;
  if (optimal === false) uniqueOptimum = false;
  else if (optimal === true && optimalCount !== null)
    uniqueOptimum = optimalCount === 1 ? true : optimalCount > 1 || countCapped ? false : null;
  return {
    length: gold.length,
    wins,
    optimal,
    uniqueOptimum,
    hintStops,
    hintStopsValid: hintStops.every((s) => Number.isInteger(s) && s > 0 && s <= gold.length),
    firstRejected,
  };
}
