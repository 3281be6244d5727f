import type { ActionInput, Pack } from "@gridponder/engine";
import { type GoldReplay, goldVerdict, replayGold } from "./gold.js";
import { areaGrowthFilter } from "./heuristics/area-growth-heuristic.js";
import { levelHeuristic, zeroHeuristic } from "./heuristics/heuristics.js";
import { Limits } from "./limits.js";
import {
  joinMarkerTeam,
  MarkerJob,
  type MarkerTeam,
  type MarkerTeamBuffers,
  markerTeamBuffers,
} from "./parallel/marker-team.js";
import { awaitJob, Job, joinTeam, postJob, type TeamBuffers } from "./parallel/table-team.js";
import { aStar } from "./search/astar.js";
import { breadthFirst, provenByKnown, type SearchOutcome, searchOutcome } from "./search/bfs.js";
import { markerBreadthFirst, markerSearch } from "./search/marker-bfs.js";
import { markerDeepening, markerProof } from "./search/marker-proof.js";
import { parallelBreadthFirst, type SearchLink } from "./search/parallel-bfs.js";
import { type SearchSpace, searchSpace } from "./search-space.js";
import type { Heuristic, SolveOptions, SolveResult } from "./types.js";

/** The most states the unpruned run before an A* heuristic's tables are built may reach. */
const ASTAR_BLIND_STATES = 250_000;

/**
 * Searches one level for its shortest solution within the given bounds and judges its gold path.
 * When the level allows an admissible heuristic, A* finds the optimum and a pruned breadth-first
 * pass counts the optimal solutions; otherwise breadth-first search does both. A search stopped by a
 * bound still proves that no solution is shorter than `lowerBound`; when that reaches the gold path's
 * length, the gold path is a proven optimum and the level counts as solved. Never throws for a level
 * the engine can load; an unknown level id throws `LevelLoadError` from the engine.
 */
export function solveLevel(pack: Pack, levelId: string, options: SolveOptions = {}): SolveResult {
  return solvePlanned(planLevel(pack, levelId, options), options);
}

/**
 * `solveLevel` shared by several threads (see `parallelBreadthFirst`), each calling this with its own
 * copy of the pack and a link to the others: a level searched by plain breadth-first search is searched
 * by all of them together; any other is searched by thread 0, and when its heuristic fills a table
 * (`Heuristic.shareTable`), the others start filling it at once and thread 0 joins them when it
 * needs it; on a marker level they then run the best-first search with it (see `MarkerTeam`).
 * Thread 0 gets the result (the same `solveLevel` gives, but maybe another optimal solution); the
 * others get `null`.
 */
export async function solveLevelShared(
  pack: Pack,
  levelId: string,
  options: SolveOptions,
  link: SearchLink,
): Promise<SolveResult | null> {
  const plan = planLevel(pack, levelId, options);
  if (plan.plainBreadthFirst) {
    const outcome = await parallelBreadthFirst(plan.space, plan.limits, plan.countLimit, link);
    return link.index === 0 ? finishLevel(plan, outcome, null, link.count) : null;
  }
  // Thread 0 searches; the others, when the heuristic has a table, help fill it once it is needed.
  const known = plan.known;
  const shares = plan.strategy === "bfs" && known?.shareTable !== undefined && known.prepare !== undefined;
  // A marker level's best-first search, after the table, is shared too (see `MarkerTeam`).
  const marker = plan.space.bound !== null;
  // Without a table to fill, the threads still share the best-first search: a level whose relaxed carry
  // model does not fit (more plots than any published level) would otherwise be searched by one thread.
  if (!shares && plan.strategy === "bfs" && marker && known !== null && !plan.space.dead(plan.space.start))
    return shareMarkerSearch(plan, known, options, link);
  if (!shares) return link.index === 0 ? solvePlanned(plan, options) : null;
  const [buffers] = await link.exchange(
    link.index === 0
      ? {
          ...(known.shareTable?.(link.count) ?? {}),
          ...(marker ? { marker: markerTeamBuffers(link.count) } : {}),
        }
      : {},
  );
  const team = joinTeam(buffers as TeamBuffers, link.index, link.count);
  const markerBuffers = (buffers as { marker?: MarkerTeamBuffers }).marker;
  const markerTeam = markerBuffers ? joinMarkerTeam(markerBuffers, link.index, link.count) : undefined;
  if (link.index !== 0) {
    if (awaitJob(team) === Job.Fill) {
      known.prepare?.(Number.POSITIVE_INFINITY, team);
      if (markerTeam) helpMarkerSearches(plan, known, markerTeam);
    }
    return null;
  }
  // The helpers start on the table at once. With a marker team this thread joins them when its search
  // begins (see `markerProof`); without one it first tries the level without the table.
  known.startTable?.(team);
  let used = false;
  const teamed: Heuristic = {
    ...known,
    prepare: (deadline) => {
      used = true;
      known.prepare?.(deadline, team);
    },
  };
  try {
    const result = solvePlanned({ ...plan, known: teamed, ...(markerTeam ? { markerTeam } : {}) }, options);
    return used ? { ...result, threads: link.count } : result;
  } finally {
    // Helpers still parked (the table was never needed, or the searches are over) go home.
    postJob(team, Job.Quit);
    markerTeam?.postQuit();
  }
}

/**
 * The best-first marker search of a level whose heuristic has no shared table, run by every thread
 * (see `MarkerTeam`); thread 0 gets the result.
 */
async function shareMarkerSearch(
  plan: LevelPlan,
  known: Heuristic,
  options: SolveOptions,
  link: SearchLink,
): Promise<SolveResult | null> {
  const [buffers] = await link.exchange(link.index === 0 ? { marker: markerTeamBuffers(link.count) } : {});
  const markerTeam = joinMarkerTeam(
    (buffers as { marker: MarkerTeamBuffers }).marker,
    link.index,
    link.count,
  );
  if (link.index !== 0) {
    // Each thread estimates its own cores: a heuristic with tables of its own builds them here too.
    known.prepare?.(performance.now() + plan.limits.remainingMs);
    helpMarkerSearches(plan, known, markerTeam);
    return null;
  }
  try {
    const result = solvePlanned({ ...plan, markerTeam }, options);
    return markerTeam.searched ? { ...result, threads: link.count } : result;
  } finally {
    markerTeam.postQuit();
  }
}

/** A helper's part in the lead's best-first marker searches (see `markerProof`), until it quits. */
function helpMarkerSearches(plan: LevelPlan, heuristic: Heuristic, team: MarkerTeam): void {
  const search = markerSearch(plan.space, plan.countLimit, heuristic);
  for (;;) {
    const { job, bound } = team.awaitJob();
    if (job !== MarkerJob.Search || search === null) return;
    search.helpBestFirst(bound, team, plan.limits);
  }
}

function solvePlanned(plan: LevelPlan, options: SolveOptions): SolveResult {
  const { pack, levelId, space, limits, countLimit, known, gold, strategy, markerTeam } = plan;
  let outcome: SearchOutcome;
  let heuristic: Heuristic | null = null;
  if (space.dead(space.start)) {
    // The engine's analyses already rule out every win: proven without a search.
    outcome = searchOutcome("unsolvable", null, 0, 1, { lowerBound: null });
  } else if (strategy === "astar") {
    heuristic = known ?? zeroHeuristic;
    // A heuristic that fills tables first can cost more than a small level's whole search: plain
    // breadth-first search, capped, goes first (as in `markerProof`, with a lower cap: A* expands
    // far fewer states than the marker search, so a level it needs would waste more of its time).
    const blind =
      (heuristic.tableEntries ?? 0) > 0
        ? breadthFirst(space, limits.stage(Number.POSITIVE_INFINITY, ASTAR_BLIND_STATES), countLimit)
        : null;
    if (blind !== null && (blind.status !== "bounded" || blind.bound !== "maxStates"))
      return finishLevel(plan, blind, null);
    heuristic.prepare?.(performance.now() + limits.remainingMs);
    outcome = aStar(space, limits, heuristic, areaGrowthFilter(pack, space.level, space.actions));
    if (blind !== null)
      outcome = { ...outcome, statesExpanded: outcome.statesExpanded + blind.statesExpanded };
    if (outcome.status === "solved" && outcome.optimalLength !== null) {
      // A* proved the optimum; a breadth-first pass pruned by the same bound counts the optima.
      // The counting pass shares what is left of the time limit.
      const timeLimitMs =
        options.timeLimitMs === undefined ? undefined : Math.max(0, options.timeLimitMs - limits.elapsedMs);
      const counting = new Limits(levelId, {
        ...options,
        timeLimitMs,
        maxStates: limits.countStates,
      });
      const counted = breadthFirst(space, counting, countLimit, { heuristic, length: outcome.optimalLength });
      if (counted.status === "solved")
        outcome = {
          ...outcome,
          optimalCount: counted.optimalCount,
          countCapped: counted.countCapped,
          statesExpanded: outcome.statesExpanded + counted.statesExpanded,
        };
    }
  } else {
    // A winning gold path bounds the optimum, so with a heuristic the marker search keeps only states
    // that can still win within a length it brings down from the gold path's (see `markerProof`).
    // Built-in heuristics never read the marker layer.
    // Without a winning path to start from, the length comes up from the heuristic's estimate instead.
    const guided = known !== null && !options.heuristic;
    if (guided) heuristic = known;
    outcome =
      (guided
        ? gold !== null
          ? markerProof(space, limits, countLimit, known, gold.length, markerTeam)
          : markerDeepening(space, limits, countLimit, known, markerTeam)
        : markerBreadthFirst(space, limits, countLimit)) ?? breadthFirst(space, limits, countLimit);
  }
  return finishLevel(plan, outcome, heuristic);
}

/** What `solveLevel` settles before searching: the search space, bounds, heuristic, gold path, strategy. */
export interface LevelPlan {
  readonly pack: Pack;
  readonly levelId: string;
  readonly space: SearchSpace;
  readonly limits: Limits;
  readonly countLimit: number;
  readonly known: Heuristic | null;
  readonly replay: GoldReplay;
  /** The gold path as actions when it wins with every action accepted: it bounds the optimum. */
  readonly gold: readonly ActionInput[] | null;
  readonly strategy: "bfs" | "astar";
  /** Whether the search is plain breadth-first search (no heuristic, no marker layer), which threads can share. */
  readonly plainBreadthFirst: boolean;
  /** Threads to share a best-first marker search with (see `solveLevelShared`). */
  readonly markerTeam?: MarkerTeam;
}

export function planLevel(pack: Pack, levelId: string, options: SolveOptions = {}): LevelPlan {
  const space = searchSpace(pack, levelId);
  const known = options.heuristic ?? levelHeuristic(pack, space.level);
  const replay = replayGold(pack, levelId);
  // Levels with a marker layer search best breadth-first over marker cores (pruned by the heuristic).
  const strategy = options.strategy ?? (known && space.bound === null ? "astar" : "bfs");
  return {
    pack,
    levelId,
    space,
    limits: new Limits(levelId, options),
    countLimit: options.countLimit ?? 100,
    known,
    replay,
    gold: replay.wins && replay.firstRejected === null ? replay.actions : null,
    strategy,
    plainBreadthFirst: strategy === "bfs" && space.bound === null && !space.dead(space.start),
  };
}

/** Turns a search's outcome into the level's result: a bounded search may still prove the gold path. */
export function finishLevel(
  plan: LevelPlan,
  found: SearchOutcome,
  heuristic: Heuristic | null,
  threads = 1,
): SolveResult {
  const { pack, levelId, limits, gold, replay, strategy } = plan;
  // A search stopped by a bound after ruling out everything shorter than the gold path proves it optimal.
  const outcome = provenByKnown(found, gold as ActionInput[] | null);
  const elapsedMs = limits.elapsedMs;
  limits.report({
    level: levelId,
    depth: outcome.optimalLength ?? 0,
    statesExpanded: outcome.statesExpanded,
    statesSeen: outcome.statesSeen,
    elapsedMs,
  });
  return {
    level: levelId,
    ...outcome,
    strategy,
    heuristic: heuristic?.name ?? null,
    threads,
    elapsedMs,
    statesPerSecond: elapsedMs > 0 ? (outcome.statesExpanded / elapsedMs) * 1000 : 0,
    memoryLimitMb: limits.memoryLimitMb,
    gold: goldVerdict(
      pack,
      levelId,
      outcome.optimalLength,
      outcome.optimalCount,
      outcome.countCapped,
      replay,
    ),
  };
}
