import type { AnalyzeOptions } from "./analyze.js";

/**
 * The analysis the difficulty model was calibrated with (`scripts/calibrate.mjs`), bounded by counts
 * so that the same corpus always gives the same figures: the state graph keeps 20,000 states, and
 * where it is incomplete the optimum is the gold path's (no solver run, whose time would vary).
 */
export const CALIBRATION_ANALYSIS: AnalyzeOptions = {
  maxStates: 20_000,
  solverStates: 0,
  walks: 200,
  seed: 1,
};
