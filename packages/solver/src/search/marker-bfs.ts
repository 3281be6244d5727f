import type { Limits } from "../limits.js";
import type { MarkerTeam } from "../parallel/marker-team.js";
import type { SearchSpace } from "../search-space.js";
import type { Heuristic, SearchOutcome } from "../types.js";
import { bestFirst, Inconsistent } from "./marker/best-first.js";
import { breadthFirst } from "./marker/breadth-first.js";
import { MOST_PATHS } from "./marker/slot-word.js";
import { MarkerStateCache, NotAMarkerLayer } from "./marker/state-cache.js";
import { MarkerTeamSearch } from "./marker/team-protocol.js";

/**
 * Pruning by an admissible heuristic and a length no optimal solution exceeds (a winning gold path's):
 * states that cannot reach a win within `length` are not kept. Every state of a solution of at most
 * that length passes, so the optimum and the number of optimal solutions stay exact. A plain heuristic
 * is asked about cores (the marker layer empty), so it must not read the marker layer; a
 * `MarkerHeuristic` is asked per (core, marker) slot.
 */
export interface Prune {
  readonly heuristic: Heuristic;
  readonly length: number;
}

/**
 * Breadth-first search for levels with a marker layer: a layer that only some actions touch (see the
 * engine's `actionBoundLayers`, e.g. the twin marker of `anchor_point`) and that holds at most one
 * marker entity. Such a marker multiplies the state space by the number of cells it can stand on, yet
 * the other actions neither read nor write it.
 *
 * So a state is split into its core (everything but the marker layer) and the marker's value (none, or
 * the cell it stands on). Each core is stored once, with a depth and a path count per marker value; the actions that ignore the marker are played once per core, whatever markers the core is
 * reached with, and their successors are remembered; only the marker's own actions are played per
 * (core, marker) pair. The answers are exactly those of `breadthFirst`: the same optimal length, the
 * same number of optimal solutions, and an optimal solution.
 *
 * Returns `null` when the level has no marker layer, when some state turns out to hold more than one
 * marker (or a marker with params) there, or when the count limit is beyond what a slot's 15-bit path
 * count holds; the caller then searches the ordinary way.
 */
export function markerBreadthFirst(
  space: SearchSpace,
  limits: Limits,
  countLimit: number,
  prune?: Prune,
): SearchOutcome | null {
  const search = markerSearch(space, countLimit, prune?.heuristic ?? null);
  return search?.run(limits, prune?.length ?? null) ?? null;
}

/**
 * A marker search that can run several times over the same level, with different pruning lengths
 * (see `markerBreadthFirst`): the cores it has met, their successors under the actions that ignore the
 * marker, and their estimates are kept from one run to the next, so a later run plays the engine only
 * for what earlier runs did not reach. `null` where `markerBreadthFirst` would return `null` up front.
 */
export interface ReusableMarkerSearch {
  /**
   * One breadth-first search from the start. With `length` it keeps only states whose depth plus the
   * heuristic's estimate is at most `length` (see `Prune`). Returns `null` when some state turns out to
   * hold more than one marker (see `markerBreadthFirst`).
   */
  run(limits: Limits, length: number | null): SearchOutcome | null;
  /**
   * One best-first search from the start, in order of depth plus estimate, then of depth: it expands
   * the states a breadth-first run pruned at the optimum would, without knowing the optimum, and finds
   * the optimum with its number of optimal solutions. It needs a consistent heuristic (no action lowers
   * the estimate by more than one), as the relaxed carry distance is, so that a slot's depth and path
   * count are settled when it is expanded. With `bound`, states that cannot win within it are not
   * kept. Returns `null` when some state holds more than one marker, and `"inconsistent"` when the
   * heuristic turned out not to be consistent (then use `run`).
   *
   * With a `team`, its threads search together, each with its own search of the level (see
   * `MarkerTeam`): the lead (thread 0) calls this with its limits and gets the outcome, each helper
   * calls `helpBestFirst` at the same time.
   */
  bestFirst(limits: Limits, bound: number | null, team?: MarkerTeam): SearchOutcome | null | "inconsistent";
  /**
   * A helper's part of a team's `bestFirst`: `bound` as the lead posted it; its own `limits` stop the
   * team too (its memory, above all: no thread checks another's).
   */
  helpBestFirst(bound: number | null, team: MarkerTeam, limits: Limits): void;
}

export function markerSearch(
  space: SearchSpace,
  countLimit: number,
  heuristic: Heuristic | null,
): ReusableMarkerSearch | null {
  if (space.bound === null || countLimit >= MOST_PATHS) return null;
  const cache = new MarkerStateCache(space, heuristic);
  // Path counts stop one above the count limit, so "more than the limit" shows.
  const cap = Math.min(countLimit + 1, 0xffff);
  let team: MarkerTeamSearch | null = null;
  const teamSearch = () => {
    team ??= new MarkerTeamSearch(cache, countLimit, cap);
    return team;
  };
  return {
    run(limits, length) {
      try {
        return breadthFirst(cache, limits, length, countLimit, cap);
      } catch (error) {
        if (error instanceof NotAMarkerLayer) return null;
        throw error;
      }
    },
    bestFirst(limits, bound, markerTeam) {
      try {
        if (markerTeam !== undefined && markerTeam.count > 1)
          return teamSearch().bestFirst(limits, bound, markerTeam, true);
        return bestFirst(cache, limits, bound, countLimit, cap);
      } catch (error) {
        if (error instanceof NotAMarkerLayer) return null;
        if (error instanceof Inconsistent) return "inconsistent";
        throw error;
      } finally {
        team?.end();
      }
    },
    helpBestFirst(bound, markerTeam, limits) {
      try {
        teamSearch().bestFirst(limits, bound, markerTeam, false);
      } catch (error) {
        // The lead met the same state and returns null: the level is searched another way.
        if (!(error instanceof NotAMarkerLayer)) throw error;
      } finally {
        team?.end();
      }
    },
  };
}
