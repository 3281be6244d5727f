import { type Pack, Session } from "@gridponder/engine";
import type { GoldVerdict } from "./types.js";

/** Replays a level's gold path and judges it against what the search found (if it found anything). */
export function judgeGold(
  pack: Pack,
  levelId: string,
  optimalLength: number | null,
  optimalCount: number | null,
  countCapped: boolean,
): GoldVerdict {
  const def = pack.levels[levelId];
  const gold = def?.solution.goldPath ?? [];
  const hintStops = def?.solution.hintStops ?? [];
  const session = new Session(pack, levelId);
  let firstRejected: number | null = null;
  gold.forEach((action, i) => {
    if (!session.act(action).accepted && firstRejected === null) firstRejected = i;
  });
  const wins = session.won;
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
