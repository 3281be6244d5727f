/**
 * `@gridponder/solver`: shortest solutions, optimality and uniqueness proofs, and gold-path verdicts
 * for Gridponder levels, generic over any pack the engine plays. Runs in browsers; the worker-thread
 * pool for solving many levels at once lives in `@gridponder/solver/node`.
 * @module
 */

export { areaGrowthFilter, areaGrowthHeuristic } from "./area-growth-heuristic.js";
export { aStar } from "./astar.js";
export { breadthFirst } from "./bfs.js";
export { judgeGold } from "./gold.js";
export {
  defaultHeuristic,
  HEURISTICS,
  levelHeuristic,
  reachTargetHeuristic,
  strongestOf,
  zeroHeuristic,
} from "./heuristics.js";
export { Limits } from "./limits.js";
export { markerBreadthFirst, markerSearch, type Prune, type ReusableMarkerSearch } from "./marker-bfs.js";
export { markerProof } from "./marker-proof.js";
export {
  joinMarkerTeam,
  MarkerJob,
  MarkerTeam,
  type MarkerTeamBuffers,
  markerTeamBuffers,
  type Outbox,
  RoundWords,
  Word,
} from "./marker-team.js";
export { type LayerBatch, parallelBreadthFirst, type SearchLink } from "./parallel-bfs.js";
export { patternHeuristic } from "./pattern-heuristic.js";
export { placementHeuristic } from "./placement-heuristic.js";
export { relaxedCarryHeuristic } from "./relaxed-carry/heuristic.js";
export { type SearchSpace, type SearchSpaceOptions, searchSpace } from "./search-space.js";
export { solveLevel, solveLevelShared } from "./solve.js";
export type { TableTeam, TeamBuffers } from "./table-team.js";
export type {
  Bound,
  GoldVerdict,
  Heuristic,
  HeuristicFactory,
  MarkerHeuristic,
  MoveFilter,
  SearchOutcome,
  SearchProgress,
  SolveOptions,
  SolveResult,
} from "./types.js";
