import type { ActionInput, GameState, LevelRuntime, Pack } from "@gridponder/engine";
import type { TableTeam, TeamBuffers } from "./parallel/table-team.js";

/** Estimates the number of actions still needed from a state. */
export interface Heuristic {
  /** Shown in reports. */
  readonly name: string;
  /**
   * A lower bound on the actions still needed to win from `state` (admissible), so A* stays optimal.
   * Return `Infinity` for a state known to be dead.
   */
  estimate(state: GameState): number;
  /**
   * When the heuristic fills a table on first use: how many entries. Building it can cost more than
   * a small level's whole search, so a search may try without the heuristic first.
   */
  readonly tableEntries?: number;
  /**
   * Builds the table now, stopping at `deadline` (a `performance.now()` time) with a weaker table that
   * is still admissible. Without a call, the first estimate builds it whole. With a `team` (see
   * `shareTable`), every thread of it calls this and they fill one shared table together: the lead
   * (thread 0) with its deadline, which it alone watches, the helpers once the lead has called it.
   */
  prepare?(deadline: number, team?: TableTeam): void;
  /** For a table that threads can fill together: the shared buffers for a team of `count` threads. */
  shareTable?(count: number): TeamBuffers;
  /**
   * The lead of a team (see `prepare`) has its helpers start filling the table at once, before it is
   * needed; the lead's `prepare` then joins them, or takes the table they finished.
   */
  startTable?(team: TableTeam): void;
}

/**
 * A heuristic that also answers for each cell of a marker layer (see `markerBreadthFirst`): `base`
 * reads a state whose marker layer is empty once, and `at` gives the estimate with marker value `m`
 * (0 for none, else 1 + the marker's cell index), cheaply, for each marker the search meets.
 */
export interface MarkerHeuristic extends Heuristic {
  base(state: GameState): number;
  at(base: number, marker: number): number;
}

/**
 * Narrows the actions worth trying from a state without losing every optimal solution (a dominance
 * rule). Returns the indices (into the search space's actions) to try, or `null` for all of them.
 */
export interface MoveFilter {
  readonly name: string;
  only(state: GameState): readonly number[] | null;
}

/** Builds a heuristic for a level, or returns `null` when it has none that is admissible there. */
export type HeuristicFactory = (pack: Pack, level: LevelRuntime) => Heuristic | null;

/** Why a search stopped before it proved anything. */
export type Bound = "maxDepth" | "maxStates" | "timeLimit" | "memory";

/** Limits and choices of a search. Every bound is optional; the defaults suit the bundled packs. */
export interface SolveOptions {
  /**
   * `bfs` proves the optimum by breadth-first search; `astar` by A* with a heuristic, then counts the
   * optimal solutions with a pruned breadth-first pass. Default: `astar` when the level allows an
   * admissible heuristic, else `bfs`.
   */
  readonly strategy?: "bfs" | "astar";
  /** The heuristic for `astar` (default: the best admissible one the level allows, else zero). */
  readonly heuristic?: Heuristic;
  /** Deepest solution length searched. Default 200. */
  readonly maxDepth?: number;
  /** Most distinct states kept. Default 100,000,000 (the memory bound usually comes first). */
  readonly maxStates?: number;
  /** Wall-time limit in milliseconds. Default: none. */
  readonly timeLimitMs?: number;
  /**
   * Memory limit in megabytes (the JavaScript heap plus the search's typed arrays), checked in hosts
   * that report memory use (Node). Default 3072 there. Heap use counts garbage not yet collected, so a
   * search that allocates fast can stop somewhat early.
   */
  readonly maxMemoryMb?: number;
  /**
   * This search's share of a memory budget shared with other threads, in megabytes, read at every
   * memory check: it replaces `maxMemoryMb` and may change while the search runs. `solveLevels` sets
   * it from its budget (see `PoolOptions.maxMemoryMb`).
   */
  readonly memoryShareMb?: () => number;
  /** Count optimal solutions up to this many. Default 100. */
  readonly countLimit?: number;
  /**
   * Once the optimum is proved, the most states counting the optimal solutions may add: the pass after
   * A*, or the rest of a marker search's last total once a dive found a win there (see the solver
   * README); beyond it the count is left unknown (levels whose moves commute have very many optimal
   * solutions). Default 500,000.
   */
  readonly maxCountStates?: number;
  /** Called now and then with how far the search got. */
  readonly onProgress?: (progress: SearchProgress) => void;
}

/** A snapshot of a running search. */
export interface SearchProgress {
  readonly level: string;
  readonly depth: number;
  readonly statesExpanded: number;
  readonly statesSeen: number;
  readonly elapsedMs: number;
}

/** What a search established about a level, before timing and the gold verdict are added. */
export interface SearchOutcome {
  /**
   * `solved`: an optimal solution was found. `unsolvable`: every reachable state was explored and
   * none wins (a proof). `bounded`: a bound stopped the search first (see `bound`).
   */
  readonly status: "solved" | "unsolvable" | "bounded";
  readonly bound: Bound | null;
  /** The length of the shortest winning action sequence. */
  readonly optimalLength: number | null;
  /** One shortest winning action sequence. */
  readonly solution: ActionInput[] | null;
  /** How many distinct shortest winning action sequences there are, up to `countLimit`; `null` when unknown. */
  readonly optimalCount: number | null;
  /** Whether `optimalCount` stopped at the cap (there may be more). */
  readonly countCapped: boolean;
  /**
   * What the search proved even when a bound stopped it: no solution is shorter than this. Equal to
   * `optimalLength` when solved; `null` when the level is proven unsolvable.
   */
  readonly lowerBound: number | null;
  readonly statesExpanded: number;
  readonly statesSeen: number;
}

/** What a search found out about a level. */
export interface SolveResult extends SearchOutcome {
  readonly level: string;
  readonly strategy: "bfs" | "astar";
  readonly heuristic: string | null;
  /**
   * How many threads worked on the level together (see `solveLevels`): searching it, or filling its
   * heuristic's table (and, on a marker level, running the best-first search after it together).
   */
  readonly threads: number;
  readonly elapsedMs: number;
  readonly statesPerSecond: number;
  /**
   * The least memory, in megabytes, the search was allowed at any of its checks (its share of a
   * `solveLevels` budget, or `maxMemoryMb`); `null` where the host reports no memory use (browsers).
   */
  readonly memoryLimitMb: number | null;
  /** How the level's gold path compares. */
  readonly gold: GoldVerdict;
}

/** How a gold path fares: does it win, is it optimal, is it the only optimum, are hint stops inside it. */
export interface GoldVerdict {
  readonly length: number;
  readonly wins: boolean;
  /** `null` when the optimum is unknown (the search was bounded). */
  readonly optimal: boolean | null;
  /** `null` when unknown (bounded search, A*, or the count was capped above one). */
  readonly uniqueOptimum: boolean | null;
  /** The hint stops, and whether each is a valid index into the gold path (0 < stop <= length). */
  readonly hintStops: readonly number[];
  readonly hintStopsValid: boolean;
  /** When the gold path fails: the index of the first rejected action, if any. */
  readonly firstRejected: number | null;
}
