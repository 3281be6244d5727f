import type { Limits } from "../../limits.js";
import type { Bound, SearchOutcome } from "../../types.js";
import { searchOutcome } from "../bfs.js";
import { expandCore } from "./expand-core.js";
import { type MarkerFrontier, RunTally } from "./frontier.js";
import { depthOf, enlarged, pathsOf, slotWord, UNSEEN } from "./slot-word.js";
import { solutionTo } from "./solution-path.js";
import type { MarkerStateCache } from "./state-cache.js";

/**
 * The breadth-first frontier: the cores with slots reached at the next depth, each listed once, and
 * with a pruning `length`, only slots whose depth plus estimate is within it (see `Prune`).
 */
export class LayeredFrontier implements MarkerFrontier {
  /** The cores listed for the next depth. */
  next: number[] = [];
  /** Per core: the depth plus one of the frontier that last listed it (to list each core once). */
  private listed = new Int32Array(0);

  constructor(
    private readonly cache: MarkerStateCache,
    private readonly tally: RunTally,
    private readonly length: number | null,
  ) {}

  reach(to: number, m: number, slot: number, next: number, paths: number): void {
    const { slots } = this.cache;
    const at = slots.get(slot);
    if (depthOf(at) === UNSEEN) {
      const h = this.length === null ? 0 : this.cache.estimate(to, m);
      if (this.length !== null && next + h > this.length) {
        // A dead state (estimate Infinity) cannot win at any length: cutting it proves nothing less.
        if (h !== Number.POSITIVE_INFINITY) this.tally.pruned = true;
        return;
      }
      slots.set(slot, slotWord(next, paths));
      this.tally.seen++;
      if (this.cache.won[to] === 1) this.tally.winners.push(slot);
      else {
        if (to >= this.listed.length) this.listed = enlarged(this.listed, this.cache.won.length, 0);
        if (this.listed[to] !== next + 1) {
          this.listed[to] = next + 1;
          this.next.push(to);
        }
      }
    } else if (depthOf(at) === next) {
      slots.set(slot, slotWord(next, Math.min(pathsOf(at) + paths, this.tally.cap)));
    }
  }
}

/**
 * One breadth-first search from the start, core by core and depth by depth; with `length`, keeping
 * only states whose depth plus the heuristic's estimate is at most `length` (see `Prune`).
 */
export function breadthFirst(
  cache: MarkerStateCache,
  limits: Limits,
  length: number | null,
  countLimit: number,
  cap: number,
): SearchOutcome {
  if (length !== null && cache.heuristic === null)
    throw new Error("a pruned marker search needs a heuristic");
  const { space, values } = cache;
  const tally = new RunTally(cap);
  const outcome = (status: SearchOutcome["status"], bound: Bound | null, extra: Partial<SearchOutcome>) =>
    searchOutcome(status, bound, tally.expanded, tally.seen, extra);
  const start = Math.floor(cache.startRun() / values);
  tally.seen = 1;
  if (space.start.won)
    return outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1, lowerBound: 0 });

  const markers = new Int32Array(values);
  const layer = new LayeredFrontier(cache, tally, length);
  let frontier: number[] = [start];
  for (let d = 0; frontier.length > 0; d++) {
    if (d >= limits.maxDepth || d + 1 >= UNSEEN) return outcome("bounded", "maxDepth", { lowerBound: d + 1 });
    layer.next = [];
    tally.winners = [];
    let stop: Bound | null = null;
    for (let f = 0; f < frontier.length && stop === null; f++) {
      const core = frontier[f] as number;
      const base = core * values;
      let k = 0;
      const slots = cache.slots;
      for (let m = 0; m < values; m++) if (depthOf(slots.get(base + m)) === d) markers[k++] = m;
      tally.expanded += k;
      stop = limits.tick(d, tally.expanded, tally.seen);
      if (stop !== null) break;
      expandCore(cache, layer, core, markers, k, d);
      if (tally.seen > limits.maxStates) stop = "maxStates";
    }
    if (stop !== null) return outcome("bounded", stop, { lowerBound: d + 1 });
    if (tally.winners.length > 0) {
      let total = 0;
      for (const w of tally.winners) total = Math.min(cap, total + pathsOf(cache.slots.get(w)));
      return outcome("solved", null, {
        optimalLength: d + 1,
        lowerBound: d + 1,
        solution: solutionTo(cache, tally.winners[0] as number, d + 1),
        optimalCount: Math.min(total, countLimit),
        countCapped: total > countLimit,
      });
    }
    frontier = layer.next;
  }
  // With pruning, running dry only shows that nothing wins within the pruning length.
  if (tally.pruned) return outcome("bounded", "maxDepth", { lowerBound: (length as number) + 1 });
  return outcome("unsolvable", null, { lowerBound: null });
}
