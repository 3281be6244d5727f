// Written by `node scripts/calibrate.mjs`; do not edit by hand.
import type { DifficultyModel } from "./difficulty-types.js";

export const DIFFICULTY_MODEL: DifficultyModel = {
  weights: [0.260871, 0.0759317, 0.0593675, -0.0957854, 0.103816],
  mean: [3.55063, 3.42607, 0.594853, 1.89979, 2.16174],
  sd: [1.12925, 1.09006, 0.1801, 0.815035, 0.305609],
  meanDeadEndRatio: 0.594853,
  low: -0.708188,
  high: 0.549132,
  calibration:
    "93 levels of 7 packs (box_builder, carrot_quest, diagonal_swipes, flood_colors, number_cells, rotate_flip, twinseed)",
};
