/**
 * An optimum is shown only after its solution has been replayed with the engine: the cache file is
 * outside the build's control, and a wrong number on a page ("Optimum: 1 move" for a 58-move level)
 * misleads every player. A replay proves that a solution of the claimed length wins; that nothing
 * shorter exists is the solver's proof, which the cache cannot carry, so a forged entry can at worst
 * claim a winning length between the true optimum and the gold path's length.
 * @module
 */
import { type ActionInput, type Pack, Session } from "@gridponder/engine";

/** A claim to check: the optimum and one solution of that length. */
export interface OptimumClaim {
  readonly optimum: number;
  readonly solution: readonly ActionInput[];
}

/**
 * The claimed optimum when its solution, replayed from the level's start, has exactly that many moves,
 * every one accepted, wins with the last one and not before, and is no longer than the gold path; else
 * `null`. Never throws: a malformed action is a failed claim.
 */
export function provenOptimum(pack: Pack, levelId: string, claim: OptimumClaim): number | null {
  if (!Object.hasOwn(pack.levels, levelId)) return null;
  const level = pack.levels[levelId];
  const { optimum, solution } = claim;
  if (!level || !Number.isSafeInteger(optimum) || solution.length !== optimum) return null;
  if (optimum > level.solution.goldPath.length) return null;
  try {
    const session = new Session(pack, levelId);
    for (const action of solution) {
      if (session.won || session.lost) return null;
      if (!session.act(action as Parameters<Session["act"]>[0]).accepted) return null;
    }
    return session.won ? optimum : null;
  } catch {
    return null;
  }
}
