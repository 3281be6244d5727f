import type { Limits } from "../limits.js";
import type { MarkerTeam } from "../parallel/marker-team.js";
import type { SearchSpace } from "../search-space.js";
import type { Heuristic, SearchOutcome } from "../types.js";
import { searchOutcome } from "./bfs.js";
import { markerSearch, type ReusableMarkerSearch } from "./marker-bfs.js";

/**
 * The most states the unpruned run before a heuristic's table is built may reach: about 4 s of search,
 * for the largest tables (twinseed's ice levels with every carrier in the model took 5 to 13 s).
 */
const BLIND_STATES = 2_500_000;
/**
 * Table entries taken as worth one state of the unpruned run. A table fills 20 to 60 M entries a
 * second and the marker search expands 0.3 to 0.4 M states (twinseed), so the run stops well within
 * the table's own time: small levels, whose tables are small too, are settled before it, and a level
 * that needs the table (twinseed tw_004: 0.6 M states against 9.4 M unpruned) loses little.
 */
const ENTRIES_PER_STATE = 200;

/**
 * When the heuristic builds a table first, the unpruned run before it, capped by the table's size
 * (see `ENTRIES_PER_STATE`, at most `BLIND_STATES`): small levels are done by it; on the others its
 * engine turns are not lost, as the later runs meet the same shallow states. Returns the outcome
 * when it settled the level (`null`: not a marker level after all), `undefined` when the search
 * goes on.
 */
function blindRun(
  run: (stage: Limits, length: number | null) => SearchOutcome | null,
  limits: Limits,
  heuristic: Heuristic,
): SearchOutcome | null | undefined {
  const entries = heuristic.tableEntries ?? 0;
  if (entries <= 0) return undefined;
  const cap = Math.min(BLIND_STATES, Math.ceil(entries / ENTRIES_PER_STATE));
  const blind = run(limits.stage(Number.POSITIVE_INFINITY, cap), null);
  if (blind === null) return null;
  return blind.status !== "bounded" || blind.bound !== "maxStates" ? blind : undefined;
}

/** The states a marker search without a shared table expands alone before its team joins it. */
const SOLO_STATES = 500_000;

/**
 * Proves the optimum of a marker level (see `markerBreadthFirst`) with an admissible heuristic and a
 * known winning length (the gold path's):
 *
 * 0. When the heuristic builds a table first (`tableEntries`), a breadth-first run without pruning,
 *    capped at the states it expands while the table would fill (see `blindRun`), settles small
 *    levels before it is built. Not with a `team`: its helpers began the table with the search,
 *    and the lead's share of the fill is worth more (see `bestFirstProof`).
 * 1. A best-first search (`ReusableMarkerSearch.bestFirst`) bounded by `known` finds the optimum and
 *    the number of optimal solutions, expanding only states whose depth plus estimate is at most the
 *    optimum: what a breadth-first run pruned at the optimum would, without knowing it.
 * 2. Should the heuristic turn out not to be consistent, a breadth-first run pruned at `known` (see
 *    `Prune`) gives the same answers, at the cost of every state that can win within `known`.
 *
 * Returns `null` when the level is not a marker level (search it another way).
 */
export function markerProof(
  space: SearchSpace,
  limits: Limits,
  countLimit: number,
  heuristic: Heuristic,
  known: number,
  team?: MarkerTeam,
): SearchOutcome | null {
  const first = bestFirstProof(space, limits, countLimit, heuristic, known, team);
  if (!("runs" in first)) return first.done;
  const { run, report } = first.runs;
  const exact = run(limits, known);
  return exact && report(exact);
}

/**
 * What `markerProof` and `markerDeepening` share: the unpruned run for small levels, then the
 * heuristic's tables, then the best-first search within `bound`. Gives the outcome when one of them
 * settled the level (`null`: not a marker level), or the runs so far when the heuristic turned out not
 * to be consistent, for the caller's fallback.
 *
 * A `team`'s lead skips the unpruned run. Its helpers started filling the table when the search
 * began, and the fill takes the lead's part too: the run delayed the table by about half its own
 * length, and most of its remembered turns were of cores another thread owns in the search. On the
 * twinseed levels this took 0.4 to 1.4 s off those that take 2 s or more and added up to 0.6 s to a
 * few small ones the run used to settle (see the solver README).
 */
function bestFirstProof(
  space: SearchSpace,
  limits: Limits,
  countLimit: number,
  heuristic: Heuristic,
  bound: number | null,
  team: MarkerTeam | undefined,
): { done: SearchOutcome | null } | { runs: ReturnType<typeof runsOf> } {
  const search = markerSearch(space, countLimit, heuristic);
  if (search === null) return { done: null };
  const runs = runsOf(search);
  const blind = team === undefined ? blindRun(runs.run, limits, heuristic) : undefined;
  if (blind !== undefined) return { done: blind && runs.report(blind) };
  // Within the time limit: a table cut short is weaker but still admissible.
  heuristic.prepare?.(performance.now() + limits.remainingMs);
  // A team with no table to share starts only where the search is large: its rounds cost more than
  // they save on a small one (th_013 of the hard set: about 1 s alone, 2 s with two threads).
  const solo =
    team !== undefined && !((heuristic.tableEntries ?? 0) > 0)
      ? runs.bestFirst(limits.stage(Number.POSITIVE_INFINITY, SOLO_STATES), bound)
      : null;
  if (solo === "inconsistent") return { runs };
  if (solo !== null && (solo.status !== "bounded" || solo.bound !== "maxStates"))
    return { done: runs.report(solo) };
  const best = runs.bestFirst(limits, bound, team);
  if (best === "inconsistent") return { runs };
  return { done: best && runs.report(best) };
}

/**
 * Proves the optimum of a marker level with an admissible heuristic but no winning path to start from
 * (a level whose gold path fails, or that has none): after the same unpruned run for small levels as
 * `markerProof`, a best-first search without a bound finds the optimum with its exact number of optima,
 * or proves the level unsolvable when it runs dry with nothing cut but dead states (estimate
 * `Infinity`). Should the heuristic not be consistent, pruned breadth-first runs take over: the
 * pruning length starts at the heuristic's estimate of the start and grows run by run (see
 * `nextLength`); the first run that finds a solution gives the optimum and its count. The runs share
 * one `markerSearch`, so each replays the engine only for what the ones before it did not meet.
 * Returns `null` when the level is not a marker level.
 */
export function markerDeepening(
  space: SearchSpace,
  limits: Limits,
  countLimit: number,
  heuristic: Heuristic,
  team?: MarkerTeam,
): SearchOutcome | null {
  const first = bestFirstProof(space, limits, countLimit, heuristic, null, team);
  if (!("runs" in first)) return first.done;
  const { run, report } = first.runs;
  const h0 = heuristic.estimate(space.start);
  // A dead start (the heuristic is admissible) wins never.
  if (h0 === Number.POSITIVE_INFINITY)
    return report(searchOutcome("unsolvable", null, 0, 0, { lowerBound: null }));
  // No solution is shorter than the estimate. A run at a length finds the shortest solution if one is
  // no longer than that (every state of it survives the pruning) with the exact count, so the length
  // may grow by more than one action a run (see `nextLength`); an unsolvable level's runs stop growing
  // in cost, so its steps double until a length cuts nothing.
  /** No solution is shorter than this: the estimate, then one more than each length run dry. */
  let proven = h0;
  const dry: DryRun[] = [];
  for (let length = Math.max(1, h0); ; ) {
    // The last length tried is the depth bound itself; past it, what the runs proved is the answer.
    if (proven > limits.maxDepth)
      return report(searchOutcome("bounded", "maxDepth", 0, 0, { lowerBound: proven }));
    length = Math.min(length, limits.maxDepth);
    const outcome = run(limits, length);
    if (outcome === null) return null;
    if (outcome.status === "bounded" && outcome.bound === "maxDepth" && outcome.lowerBound === length + 1) {
      proven = length + 1;
      dry.push({ length, states: outcome.statesExpanded });
      length = nextLength(dry);
      continue;
    }
    // Solved, unsolvable, or stopped by another bound (what this run's finished layers prove counts too).
    if (outcome.status === "bounded")
      return report({ ...outcome, lowerBound: Math.max(proven, outcome.lowerBound ?? 0) });
    return report(outcome);
  }
}

/** A pruned run that ran dry: its length and the states it expanded. */
interface DryRun {
  readonly length: number;
  readonly states: number;
}

/** Runs below this many states cost little: the next may grow to about this size (see `nextLength`). */
const CHEAP_RUN = 20_000;
/** How much more a deepening run should cost than the one before it (see `nextLength`). */
const RUN_GROWTH = 2;

/**
 * The next pruning length after the dry runs so far (the last one the longest). A run's cost grows
 * about geometrically with its length (1.4 to 1.9 times per action on the twinseed ice levels), so a
 * length far past the optimum can cost hundreds of times the run at the optimum, while steps of one
 * action repeat many runs. The step is chosen so that the next run should cost about `RUN_GROWTH`
 * times the last one (or `CHEAP_RUN` states, when that is more), from the growth per action between
 * the last two runs: then all runs together cost at most about twice the last, which overshoots the
 * optimum's run by at most that factor. A step at most doubles the one before; when runs stop growing
 * (no growth rate to read, as on an unsolvable level), it doubles.
 */
export function nextLength(dry: readonly DryRun[]): number {
  const last = dry[dry.length - 1] as DryRun;
  const before = dry[dry.length - 2];
  if (before === undefined) return last.length + 1;
  const span = last.length - before.length;
  if (before.states <= 0 || last.states <= 0) return last.length + 2 * span;
  const perAction = (last.states / before.states) ** (1 / span);
  if (perAction <= 1) return last.length + 2 * span;
  const target = Math.max(RUN_GROWTH * last.states, CHEAP_RUN);
  const step = Math.floor(Math.log(target / last.states) / Math.log(perAction));
  return last.length + Math.min(2 * span, Math.max(1, step));
}

/**
 * Runs of one reusable marker search, counted together: `report` gives an outcome the states expanded
 * over every run so far, and the most states any run held.
 */
function runsOf(search: ReusableMarkerSearch) {
  let expanded = 0;
  let seen = 0;
  const counted = (outcome: SearchOutcome) => {
    expanded += outcome.statesExpanded;
    seen = Math.max(seen, outcome.statesSeen);
  };
  return {
    run(stage: Limits, length: number | null): SearchOutcome | null {
      const outcome = search.run(stage, length);
      if (outcome !== null) counted(outcome);
      return outcome;
    },
    bestFirst(stage: Limits, bound: number | null, team?: MarkerTeam): SearchOutcome | null | "inconsistent" {
      const outcome = search.bestFirst(stage, bound, team);
      if (outcome !== null && outcome !== "inconsistent") counted(outcome);
      return outcome;
    },
    report: (outcome: SearchOutcome): SearchOutcome => ({
      ...outcome,
      statesExpanded: expanded,
      statesSeen: seen,
    }),
  };
}
