/**
 * `@gridponder/solver`: shortest solutions, optimality and uniqueness proofs, and gold-path verdicts
 * for Gridponder levels, generic over any pack the engine plays. Runs in browsers; the worker-thread
 * pool for solving many levels at once lives in `@gridponder/solver/node`.
 * @module
 */

export { judgeGold } from "./gold.js";
export { areaGrowthFilter, areaGrowthHeuristic } from "./heuristics/area-growth-heuristic.js";
export {
  defaultHeuristic,
  HEURISTICS,
  levelHeuristic,
  reachTargetHeuristic,
  strongestOf,
  zeroHeuristic,
} from "./heuristics/heuristics.js";
export { joiningBoxesHeuristic } from "./heuristics/joining-boxes-heuristic.js";
export { patternHeuristic } from "./heuristics/pattern-heuristic.js";
export { placementHeuristic } from "./heuristics/placement-heuristic.js";
export { relaxedCarryHeuristic } from "./heuristics/relaxed-carry/heuristic.js";
export { Limits } from "./limits.js";
export type { OriginFreeTeleport } from "./models/index.js";
export { MarkerTeam, type MarkerTeamBuffers, type Outbox, RoundWords, Word } from "./parallel/marker-team.js";
export type { TableTeam, TeamBuffers } from "./parallel/table-team.js";
export type { TeamTransport, TransportBuffers, TransportShape } from "./parallel/team-transport.js";
export { aStar } from "./search/astar.js";
export { breadthFirst } from "./search/bfs.js";
export {
  markerBreadthFirst,
  markerSearch,
  type Prune,
  type ReusableMarkerSearch,
} from "./search/marker-bfs.js";
export { markerProof } from "./search/marker-proof.js";
export { type LayerBatch, parallelBreadthFirst, type SearchLink } from "./search/parallel-bfs.js";
export { type SearchSpace, type SearchSpaceOptions, searchSpace } from "./search-space.js";
export { solveLevel } from "./solve.js";
export { Int32List } from "./tables/int32-list.js";
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
