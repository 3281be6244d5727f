import type { LevelAnalysis } from "./analyze.js";
import { spearman } from "./spearman.js";

/**
 * The Spearman correlation of the levels' difficulty estimates with their play order, or `null` for
 * fewer than two rated levels.
 */
export function orderCorrelation(levels: readonly LevelAnalysis[]): number | null {
  // Levels proven unsolvable have no estimate: the correlation is over the others.
  const rated = levels.filter((a) => a.difficulty !== null);
  const rho = spearman(
    rated.map((a) => a.difficulty ?? 0),
    rated.map((a) => a.position),
  );
  return Number.isNaN(rho) ? null : rho;
}
