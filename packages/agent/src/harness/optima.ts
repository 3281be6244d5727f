/**
 * The solver's verdict on a level, computed once per pack and level however many times a run asks
 * (the reference length and the optimal agent both need it).
 * @module
 */
import type { Pack } from "@gridponder/engine";
import { type SolveResult, solveLevel } from "@gridponder/solver";

const solved = new WeakMap<Pack, Map<string, SolveResult>>();

export function solvedLevel(pack: Pack, level: string, timeLimitMs: number): SolveResult {
  const byLevel = solved.get(pack) ?? new Map<string, SolveResult>();
  solved.set(pack, byLevel);
  const known = byLevel.get(level);
  if (known) return known;
  const result = solveLevel(pack, level, { timeLimitMs });
  byLevel.set(level, result);
  return result;
}
