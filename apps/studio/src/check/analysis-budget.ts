import type { AnalyzeOptions, GenerateOptions } from "@gridponder/analysis";

/**
 * How much the studio lets one analysis do: a state graph of up to 100,000 states, and per mechanic a
 * search of up to 500,000 states or 5 seconds, so a level with many rules is judged in a minute or so.
 */
export const STUDIO_ANALYSIS: AnalyzeOptions = {
  maxStates: 100_000,
  solverStates: 1_000_000,
  timeLimitMs: 10_000,
  mechanics: { maxStates: 500_000, timeLimitMs: 5_000 },
};

/** Generation in the studio: a few candidates per level asked for, each proven within the same budget. */
export const STUDIO_GENERATION: Omit<GenerateOptions, "count"> = {
  maxAttempts: 40,
  solverStates: 500_000,
  timeLimitMs: 5_000,
  exploreStates: 50_000,
};
