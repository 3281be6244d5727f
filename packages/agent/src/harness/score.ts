/**
 * How attempts are scored. A level's reference length is its proven optimum (the solver's), or its
 * gold path's length when no optimum is proven. A solved level's efficiency is the reference length
 * over the moves the agent won in, at most 1; an unsolved level scores 0. A pack's solve rate is the
 * share of its levels solved, its efficiency the mean efficiency of the solved ones, and its score the
 * mean over every level (unsolved ones 0): the solve rate times the efficiency.
 * @module
 */
import type { ActionCounts } from "../agent-session.js";

/** How an attempt ended. */
export type Ending =
  | "won"
  | "lost"
  | "gave_up"
  | "out_of_moves"
  /** The agent sent more requests than its allowance. */
  | "request_limit"
  /** The wall-clock budget ran out. */
  | "time_limit"
  /** The agent stopped (returned, or its process exited) while the level was still being played. */
  | "stopped";

export interface Reference {
  readonly length: number;
  /** `optimum`: proven shortest by the solver; `gold`: the level's gold path, an upper bound. */
  readonly kind: "optimum" | "gold";
}

export interface LevelScore {
  readonly level: string;
  readonly title: string;
  readonly solved: boolean;
  readonly ending: Ending;
  /** Moves of the attempt when it ended (the winning line's length when solved). */
  readonly moves: number;
  readonly reference: Reference;
  readonly moveLimit: number;
  /** Reference length over moves when solved (at most 1), else 0. */
  readonly efficiency: number;
  readonly timeMs: number;
  readonly counts: ActionCounts;
  /** The attempt's transcript, relative to the report, when transcripts are written. */
  readonly transcript?: string;
  /** A link, relative to the report, that replays the attempt's final line in a catalog built beside it. */
  readonly replay?: string;
}

export interface Totals {
  readonly levels: number;
  readonly solved: number;
  readonly solveRate: number;
  /** Mean efficiency of the solved levels (0 when none is solved). */
  readonly efficiency: number;
  /** Mean efficiency over every level, unsolved ones 0. */
  readonly score: number;
  readonly counts: ActionCounts;
  readonly timeMs: number;
}

export interface PackScore extends Totals {
  readonly pack: string;
  readonly title: string;
  readonly levelScores: readonly LevelScore[];
}

export interface Report {
  readonly agent: string;
  readonly seed: number;
  /** Each level's move limit is this times its reference length. */
  readonly budgetFactor: number;
  readonly packs: readonly PackScore[];
  readonly overall: Totals;
}

export function efficiencyOf(solved: boolean, moves: number, reference: Reference): number {
  if (!solved || moves <= 0) return 0;
  return Math.min(1, reference.length / moves);
}

export function moveLimitOf(reference: Reference, budgetFactor: number): number {
  return Math.max(1, Math.ceil(reference.length * budgetFactor));
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function totalsOf(levels: readonly LevelScore[]): Totals {
  const solved = levels.filter((l) => l.solved);
  const sum = (f: (l: LevelScore) => number, of = levels) => of.reduce((n, l) => n + f(l), 0);
  return {
    levels: levels.length,
    solved: solved.length,
    solveRate: levels.length === 0 ? 0 : round(solved.length / levels.length),
    efficiency: solved.length === 0 ? 0 : round(sum((l) => l.efficiency, solved) / solved.length),
    score: levels.length === 0 ? 0 : round(sum((l) => l.efficiency) / levels.length),
    counts: {
      accepted: sum((l) => l.counts.accepted),
      refused: sum((l) => l.counts.refused),
      malformed: sum((l) => l.counts.malformed),
    },
    timeMs: sum((l) => l.timeMs),
  };
}
