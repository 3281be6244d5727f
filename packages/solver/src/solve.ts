import type { Pack } from "@gridponder/engine";
import { aStar } from "./astar.js";
import { breadthFirst, provenByKnown, type SearchOutcome } from "./bfs.js";
import { floodFillFilter } from "./flood-heuristic.js";
import { goldVerdict, replayGold } from "./gold.js";
import { levelHeuristic, zeroHeuristic } from "./heuristics.js";
import { Limits } from "./limits.js";
import { markerBreadthFirst } from "./marker-bfs.js";
import { markerProof } from "./marker-proof.js";
import { searchSpace } from "./search-space.js";
import type { Heuristic, SolveOptions, SolveResult } from "./types.js";

/**
 * Searches one level for its shortest solution within the given bounds and judges its gold path.
 * When the level allows an admissible heuristic, A* finds the optimum and a pruned breadth-first
 * pass counts the optimal solutions; otherwise breadth-first search does both. A search stopped by a
 * bound still proves that no solution is shorter than `lowerBound`; when that reaches the gold path's
 * length, the gold path is a proven optimum and the level counts as solved. Never throws for a level
 * the engine can load; an unknown level id throws `LevelLoadError` from the engine.
 */
export function solveLevel(pack: Pack, levelId: string, options: SolveOptions = {}): SolveResult {
  const space = searchSpace(pack, levelId);
  const limits = new Limits(levelId, options);
  const countLimit = options.countLimit ?? 100;
  const known = options.heuristic ?? levelHeuristic(pack, space.level);
  const replay = replayGold(pack, levelId);
  // The gold path as actions when it wins with every action accepted: it bounds the optimum.
  const gold = replay.wins && replay.firstRejected === null ? replay.actions : null;
  // Levels with a marker layer search best breadth-first over marker cores (pruned by the heuristic).
  const strategy = options.strategy ?? (known && space.bound === null ? "astar" : "bfs");
  let outcome: SearchOutcome;
  let heuristic: Heuristic | null = null;
  if (strategy === "astar") {
    heuristic = known ?? zeroHeuristic;
    outcome = aStar(space, limits, heuristic, floodFillFilter(pack, space.level, space.actions));
    if (outcome.status === "solved" && outcome.optimalLength !== null) {
      // A* proved the optimum; a breadth-first pass pruned by the same bound counts the optima.
      // The counting pass shares what is left of the time limit.
      const timeLimitMs =
        options.timeLimitMs === undefined ? undefined : Math.max(0, options.timeLimitMs - limits.elapsedMs);
      const counting = new Limits(levelId, {
        ...options,
        timeLimitMs,
        maxStates: options.maxCountStates ?? 500_000,
      });
      const counted = breadthFirst(space, counting, countLimit, { heuristic, length: outcome.optimalLength });
      if (counted.status === "solved")
        outcome = {
          ...outcome,
          optimalCount: counted.optimalCount,
          countCapped: counted.countCapped,
          statesExpanded: outcome.statesExpanded + counted.statesExpanded,
        };
    }
  } else {
    // A winning gold path bounds the optimum, so with a heuristic the marker search keeps only states
    // that can still win within a length it brings down from the gold path's (see `markerProof`).
    // Built-in heuristics never read the marker layer.
    const proof = known && !options.heuristic && gold !== null;
    if (proof) heuristic = known;
    outcome =
      (proof
        ? markerProof(space, limits, countLimit, known, gold.length)
        : markerBreadthFirst(space, limits, countLimit)) ?? breadthFirst(space, limits, countLimit);
  }
  // A search stopped by a bound after ruling out everything shorter than the gold path proves it optimal.
  outcome = provenByKnown(outcome, gold);
  const elapsedMs = limits.elapsedMs;
  limits.report({
    level: levelId,
    depth: outcome.optimalLength ?? 0,
    statesExpanded: outcome.statesExpanded,
    statesSeen: outcome.statesSeen,
    elapsedMs,
  });
  return {
    level: levelId,
    ...outcome,
    strategy,
    heuristic: heuristic?.name ?? null,
    elapsedMs,
    statesPerSecond: elapsedMs > 0 ? (outcome.statesExpanded / elapsedMs) * 1000 : 0,
    gold: goldVerdict(
      pack,
      levelId,
      outcome.optimalLength,
      outcome.optimalCount,
      outcome.countCapped,
      replay,
    ),
  };
}
