import { DIFFICULTY_MODEL } from "./difficulty-model.js";
import type { DifficultyFeatures, DifficultyModel } from "./difficulty-types.js";

export type { DifficultyFeatures, DifficultyModel } from "./difficulty-types.js";

/**
 * The features on the scales the model weighs: lengths and state counts by their logarithm (a level
 * twice as long is not twice as hard), and random play by how surprising a random win is.
 */
export function featureVector(f: DifficultyFeatures, model: DifficultyModel = DIFFICULTY_MODEL): number[] {
  const wins = f.randomWinRate * f.walks;
  return [
    Math.log2(1 + f.optimum),
    Math.log10(Math.max(1, f.reachableStates)),
    f.deadEndRatio ?? model.meanDeadEndRatio,
    -Math.log10((wins + 0.5) / (f.walks + 1)),
    Math.log2(1 + f.branching),
  ];
}

/** The names of {@link featureVector}'s entries, for reports. */
export const FEATURE_NAMES = [
  "log2(1 + optimum)",
  "log10(reachable states)",
  "dead-end ratio",
  "-log10(random win rate)",
  "log2(1 + branching)",
] as const;

/** The model's raw score: the weighted sum of the standardised features. */
export function difficultyScore(f: DifficultyFeatures, model: DifficultyModel = DIFFICULTY_MODEL): number {
  const x = featureVector(f, model);
  let score = 0;
  for (let i = 0; i < x.length; i++)
    score += (model.weights[i] ?? 0) * (((x[i] as number) - (model.mean[i] ?? 0)) / (model.sd[i] || 1));
  return score;
}

/**
 * A difficulty estimate from 1 (easiest) to 10 (hardest), one decimal: the raw score placed on the
 * range the calibration levels spanned (their easiest at 1, hardest at 10; beyond it, clamped).
 */
export function difficultyOf(f: DifficultyFeatures, model: DifficultyModel = DIFFICULTY_MODEL): number {
  const s = difficultyScore(f, model);
  const t = (s - model.low) / (model.high - model.low || 1);
  return Math.round(10 * Math.min(10, Math.max(1, 1 + 9 * t))) / 10;
}
