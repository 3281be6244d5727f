/**
 * `@gridponder/analysis`: design analytics for Gridponder levels, beside the engine and the solver
 * (it only plays levels through them): the optimum and how many optimal solutions there are, the
 * reachable states, dead ends, branching, how often random play wins, the mechanics a level really
 * needs, a calibrated difficulty estimate, and new levels generated and proven by the solver. Runs in
 * browsers; the HTML report lives in `@gridponder/analysis/report`.
 * @module
 */

export { type AnalyzeOptions, analyzeLevel, analyzePack, type LevelAnalysis } from "./analyze.js";
export { CALIBRATION_ANALYSIS } from "./calibration.js";
export {
  type DifficultyFeatures,
  type DifficultyModel,
  difficultyOf,
  difficultyScore,
  FEATURE_NAMES,
  featureVector,
} from "./difficulty.js";
export { DIFFICULTY_MODEL } from "./difficulty-model.js";
export { shortestWinCount, winDistances } from "./distances.js";
export { type ExploreOptions, exploreLevel, type LevelGraph } from "./explore.js";
export { type Cell, type Grid, gridOfState, readGrid, writeGrid } from "./generate/board.js";
export { canonicalStart, type StartShape } from "./generate/canonical.js";
export {
  type CandidateVerdict,
  type GeneratedLevel,
  type GenerateOptions,
  type GenerateReport,
  type GenerationMethod,
  generateLevels,
  hintStopsFor,
} from "./generate/generate.js";
export {
  type MechanicFinding,
  type MechanicsOptions,
  type MechanicsSummary,
  type MechanicVerdict,
  mechanicsNeeded,
  summarizeMechanics,
} from "./mechanics.js";
export { orderCorrelation } from "./order-correlation.js";
export {
  levelFile,
  levelJson,
  PackLoadError,
  type PackSource,
  packSource,
  withFiles,
} from "./pack-source.js";
export { type RandomPlay, type RandomPlayOptions, randomPlay } from "./random-play.js";
export { ranks, spearman } from "./spearman.js";
export {
  type Mechanic,
  mechanicLabel,
  mechanicsOf,
  namesMechanic,
  packWithoutAction,
  withoutMechanic,
} from "./variants.js";
