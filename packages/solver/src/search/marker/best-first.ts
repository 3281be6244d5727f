import type { ActionInput } from "@gridponder/engine";
import type { Limits } from "../../limits.js";
import type { Bound, SearchOutcome } from "../../types.js";
import { searchOutcome } from "../bfs.js";
import { Buckets } from "./buckets.js";
import { dive, diveBudget } from "./dive.js";
import { expandCore } from "./expand-core.js";
import { type MarkerFrontier, RunTally } from "./frontier.js";
import { depthOf, EXPANDED, pathsOf, slotWord, UNSEEN } from "./slot-word.js";
import { solutionTo } from "./solution-path.js";
import type { MarkerStateCache } from "./state-cache.js";

/**
 * Thrown by the best-first search when a slot it has expanded is reached again by a path as short or
 * shorter: the heuristic is not consistent there, so expansion order no longer settles depths and
 * path counts (see `ReusableMarkerSearch.bestFirst`).
 */
export class Inconsistent extends Error {}

/**
 * The best-first frontier: a new slot is listed by depth plus estimate (never below the bucket being
 * expanded, `bucketF`); a shorter way to a slot not yet expanded lists it again; an expanded slot
 * reached again as short means the heuristic is not consistent. Slots that cannot win within
 * `length` are dropped.
 */
export class BestFirstFrontier implements MarkerFrontier {
  readonly buckets = new Buckets();
  /** The depth plus estimate being expanded. */
  bucketF = 0;

  constructor(
    private readonly cache: MarkerStateCache,
    private readonly tally: RunTally,
    readonly length: number,
  ) {}

  reach(to: number, m: number, slot: number, next: number, paths: number): void {
    const { slots } = this.cache;
    const at = slots.get(slot);
    const depth = depthOf(at);
    if (depth < next) return;
    if ((at & EXPANDED) !== 0) throw new Inconsistent();
    if (depth === next) {
      slots.set(slot, slotWord(next, Math.min(pathsOf(at) + paths, this.tally.cap)));
      return;
    }
    const h = this.cache.estimate(to, m);
    // A dead state (estimate Infinity) cannot win at any length: cutting it proves nothing less.
    if (h === Number.POSITIVE_INFINITY) return;
    const f = Math.max(this.bucketF, next + h);
    if (f > this.length) {
      this.tally.pruned = true;
      return;
    }
    slots.set(slot, slotWord(next, paths));
    // Won slots are never expanded; the search lists each once, with whatever depth it ends with.
    if (this.cache.won[to] === 1) {
      if (depth === UNSEEN) this.tally.winners.push(slot);
    } else this.buckets.add(f, next, slot);
    if (depth === UNSEEN) this.tally.seen++;
  }
}

/** One best-first run's frontier and counters, alone or as one thread of a team. */
export class BestFirstRun {
  readonly tally: RunTally;
  readonly frontier: BestFirstFrontier;
  /** The depth being expanded. */
  layer = 0;
  /** Why the limits stopped the search (`null`: they did not). */
  stopped: Bound | null = null;
  /** The other threads' counters at the last round (a team's). */
  othersSeen = 0;
  othersExpanded = 0;
  private readonly markers: Int32Array;

  constructor(
    private readonly cache: MarkerStateCache,
    cap: number,
    length: number,
  ) {
    this.tally = new RunTally(cap);
    this.frontier = new BestFirstFrontier(cache, this.tally, length);
    this.markers = new Int32Array(cache.values);
  }

  /**
   * Expands the slots of a bucket `list` (sorted, at depth `layer`) from position `i`, handing what
   * they reach to `via`: the slots listed in a row for one core together (one pass over its actions);
   * a slot listed again (a shorter way found, or twice) is skipped. Stops at the end, when `limits`
   * stop the search (see `stopped`), or when `crowded` says so (a team's box is getting full). Returns
   * where it stopped.
   */
  expandSlots(
    list: Int32Array,
    i: number,
    limits: Limits,
    via: MarkerFrontier = this.frontier,
    crowded?: () => boolean,
  ): number {
    const { cache, markers, tally } = this;
    const { values } = cache;
    const g = this.layer;
    while (i < list.length) {
      const core = Math.floor((list[i] as number) / values);
      const end = (core + 1) * values;
      let k = 0;
      const slots = cache.slots;
      for (; i < list.length && (list[i] as number) < end; i++) {
        const slot = list[i] as number;
        const at = slots.get(slot);
        if (depthOf(at) !== g || (at & EXPANDED) !== 0) continue;
        slots.set(slot, (at | EXPANDED) >>> 0);
        markers[k++] = slot - core * values;
      }
      if (k === 0) continue;
      tally.expanded += k;
      const expanded = tally.expanded + this.othersExpanded;
      const seen = tally.seen + this.othersSeen;
      this.stopped = limits.tick(g, expanded, seen) ?? (seen > limits.maxStates ? "maxStates" : null);
      if (this.stopped !== null) return i;
      expandCore(cache, via, core, markers, k, g);
      if (crowded?.()) return i;
    }
    return i;
  }

  /** The won slots at depth `f`: their paths (capped) and the first of them (-1: none). */
  wonAt(f: number): { total: number; first: number } {
    const { slots } = this.cache;
    let total = 0;
    let first = -1;
    for (const w of this.tally.winners) {
      if (depthOf(slots.get(w)) !== f) continue;
      if (first < 0) first = w;
      total = Math.min(this.tally.cap, total + pathsOf(slots.get(w)));
    }
    return { total, first };
  }
}

/**
 * The optimum, proved at total `f` before its bucket is expanded: a dive (see `dive`) found a win
 * there. The bucket is still expanded, to count the optimal solutions, under `limits`: the search's
 * own, and at most `countStates` more slots seen. Should they stop it first, the optimum stands
 * (`uncounted`), its count unknown.
 */
export interface Proof {
  readonly limits: Limits;
  readonly uncounted: Partial<SearchOutcome>;
  /** Whether a stop by `bound` still leaves the optimum proved. */
  settles(bound: Bound): boolean;
}

/** Dives at total `f` (see `dive`) and gives the proof when it finds a win, else `null`. */
export function proofAt(
  cache: MarkerStateCache,
  buckets: Buckets,
  f: number,
  tally: RunTally,
  limits: Limits,
): Proof | null {
  const win = dive(cache, buckets, f, diveBudget(tally.expanded));
  if (win === null) return null;
  const { actions } = cache.space;
  const solution = [
    ...solutionTo(cache, win.slot, win.depth),
    ...win.actions.map((a) => actions[a] as ActionInput),
  ];
  return provedWith(solution, f, tally.seen, buckets.countAt(f), limits);
}

/**
 * The proof of optimum `f` with `solution` (see `Proof`), counting from `seen` slots seen, with
 * `queued` slots listed at `f` still to expand. The stop that leaves it proved: the count's own state
 * budget, time or memory (the optimum needs no more search); not a smaller state cap of the caller's
 * (a stage that a larger search follows, which may then count in full). When more slots are listed
 * than the budget allows, the count would run out of it anyway: `limits` then stop the search at once.
 */
export function provedWith(
  solution: ActionInput[],
  f: number,
  seen: number,
  queued: number,
  limits: Limits,
): Proof {
  const countStop = queued > limits.countStates ? seen : seen + limits.countStates;
  const own = countStop < limits.maxStates;
  return {
    limits: limits.stage(Number.POSITIVE_INFINITY, countStop),
    uncounted: { optimalLength: f, lowerBound: f, solution, optimalCount: null, countCapped: false },
    settles: (bound) => bound !== "maxStates" || own,
  };
}

/** The length a best-first run searches to: the bound, the depth limit, and what a slot word holds. */
export function bestFirstLength(bound: number | null, limits: Limits): number {
  return Math.min(bound ?? Number.POSITIVE_INFINITY, limits.maxDepth, UNSEEN - 1);
}

/**
 * One best-first search from the start, in order of depth plus estimate, then of depth (see
 * `ReusableMarkerSearch.bestFirst`).
 */
export function bestFirst(
  cache: MarkerStateCache,
  limits: Limits,
  bound: number | null,
  countLimit: number,
  cap: number,
): SearchOutcome {
  if (cache.heuristic === null) throw new Error("a best-first marker search needs a heuristic");
  const { space, values } = cache;
  const run = new BestFirstRun(cache, cap, bestFirstLength(bound, limits));
  const { tally, frontier } = run;
  const outcome = (status: SearchOutcome["status"], stop: Bound | null, extra: Partial<SearchOutcome>) =>
    searchOutcome(status, stop, tally.expanded, tally.seen, extra);
  const start = cache.startRun();
  tally.seen = 1;
  if (space.start.won)
    return outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1, lowerBound: 0 });
  const h0 = cache.estimate(Math.floor(start / values), start % values);
  if (h0 === Number.POSITIVE_INFINITY) return outcome("unsolvable", null, { lowerBound: null });
  const { buckets, length } = frontier;
  buckets.add(h0, 0, start);
  for (let f = h0; f <= length; f++) {
    if (buckets.emptyFrom(f)) break;
    frontier.bucketF = f;
    // A win found ahead proves the optimum; the bucket's expansion then only counts (see `Proof`).
    const proof = proofAt(cache, buckets, f, tally, limits);
    // Depth by depth: a slot's predecessors on shortest paths come first (same total, less depth).
    for (let g = 0; g <= f; g++) {
      const list = buckets.take(f, g);
      if (list === null) continue;
      // Slot numbers grow with the core: sorted, each core's slots come in a row.
      list.sort();
      run.layer = g;
      run.expandSlots(list, 0, proof?.limits ?? limits);
      if (run.stopped === null) continue;
      if (proof?.settles(run.stopped)) return outcome("solved", null, proof.uncounted);
      return outcome("bounded", run.stopped, { lowerBound: f });
    }
    // Every path of length f to a won slot has been counted: its predecessors are all expanded.
    const { total, first } = run.wonAt(f);
    if (first >= 0)
      return outcome("solved", null, {
        optimalLength: f,
        lowerBound: f,
        solution: solutionTo(cache, first, f),
        optimalCount: Math.min(total, countLimit),
        countCapped: total > countLimit,
      });
  }
  // Run dry: nothing wins within the bound (or at all, when only dead states were cut).
  if (tally.pruned) return outcome("bounded", "maxDepth", { lowerBound: length + 1 });
  return outcome("unsolvable", null, { lowerBound: null });
}
