/** A calibrated difficulty model: feature means and spreads, weights, and the calibration's score range. */
export interface DifficultyModel {
  readonly weights: readonly number[];
  readonly mean: readonly number[];
  readonly sd: readonly number[];
  readonly meanDeadEndRatio: number;
  readonly low: number;
  readonly high: number;
  /** What the model was calibrated on. */
  readonly calibration: string;
}

/** What the difficulty estimate reads of a level's analysis. */
export interface DifficultyFeatures {
  /** The optimum (or the gold path's length when no optimum is proven). */
  readonly optimum: number;
  readonly reachableStates: number;
  readonly deadEndRatio: number | null;
  readonly branching: number;
  readonly randomWinRate: number;
  readonly walks: number;
}
