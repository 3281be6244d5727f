import { type ActionInput, type Entity, type GameState, stableStringify } from "@gridponder/engine";
import type { Limits } from "../limits.js";
import { type MarkerTeam, type RoundWords, Word } from "../parallel/marker-team.js";
import { Receiver, Shipper } from "../parallel/state-courier.js";
import { kindNamesOf } from "../parallel/state-transfer.js";
import type { SearchSpace } from "../search-space.js";
import { Int32List } from "../tables/int32-list.js";
import { StateTable } from "../tables/state-table.js";
import type { Bound, Heuristic, MarkerHeuristic, SearchOutcome } from "../types.js";
import { searchOutcome } from "./bfs.js";

/**
 * A (core, marker) slot is one 32-bit word: the depth it was first reached at in the high half, the
 * number of shortest paths to it (capped) in the low 15 bits, and whether the best-first search has
 * expanded it in bit 15; one word, so a visit touches one cache line.
 */
const UNSEEN = 0xffff;
const NEVER_REACHED = 0xffff0000;
const EXPANDED = 0x8000;
/** Path counts stop below the expanded bit. */
const MOST_PATHS = 0x7fff;
const depthOf = (word: number): number => word >>> 16;
const pathsOf = (word: number): number => word & MOST_PATHS;
const word = (depth: number, paths: number): number => ((depth << 16) | paths) >>> 0;
/** Successor memo entry: not computed yet / the engine rejected the action or the level was lost. */
const UNKNOWN = -1;
const DEAD = -2;

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

/** Thrown when a state's marker layer holds something other than at most one plain marker. */
class NotAMarkerLayer extends Error {}

/**
 * Thrown by the best-first search when a slot it has expanded is reached again by a path as short or
 * shorter: the heuristic is not consistent there, so expansion order no longer settles depths and
 * path counts (see `ReusableMarkerSearch.bestFirst`).
 */
class Inconsistent extends Error {}

/** What a thread of a team's search reports having gone wrong, worst last. */
const Failure = { Inconsistent: 1, NotMarker: 2, Error: 3 } as const;
/** Bounds by number, for a team's round words. */
const BOUNDS: readonly Bound[] = ["maxDepth", "maxStates", "timeLimit", "memory"];

/** A hash of a layer's contents: the same in every thread. */
function contentHash(layer: readonly (Entity | null)[]): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < layer.length; i++) {
    const e = layer[i];
    let code = 0;
    if (e !== null && e !== undefined) {
      code = e.info.index + 1;
      if (e.params !== null)
        for (const c of stableStringify(e.params)) code = Math.imul(code ^ c.charCodeAt(0), 31);
    }
    h = Math.imul(h ^ code, 0x01000193);
  }
  return h;
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
  /** A helper's part of a team's `bestFirst`: `bound` as the lead posted it. */
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
  const search = new MarkerSearch(space, countLimit, heuristic);
  return {
    run(limits, length) {
      try {
        return search.run(limits, length);
      } catch (error) {
        if (error instanceof NotAMarkerLayer) return null;
        throw error;
      }
    },
    bestFirst(limits, bound, team) {
      try {
        if (team !== undefined && team.count > 1) return search.teamBestFirst(limits, bound, team, true);
        return search.bestFirst(limits, bound);
      } catch (error) {
        if (error instanceof NotAMarkerLayer) return null;
        if (error instanceof Inconsistent) return "inconsistent";
        throw error;
      } finally {
        search.endBestFirst();
      }
    },
    helpBestFirst(bound, team, limits) {
      try {
        search.teamBestFirst(limits, bound, team, false);
      } catch (error) {
        // The lead met the same state and returns null: the level is searched another way.
        if (!(error instanceof NotAMarkerLayer)) throw error;
      } finally {
        search.endBestFirst();
      }
    },
  };
}

class MarkerSearch {
  private readonly field: number;
  private readonly cells: number;
  /** Marker values: 0 for none, 1 + cell index for a marker on that cell. */
  private readonly values: number;
  /** Indices of the actions that never touch the marker layer, and of those that may. */
  private readonly free: number[] = [];
  private readonly tied: number[] = [];
  private readonly cores: StateTable;
  private readonly coreStates: GameState[] = [];
  private capacity = 0;
  /** Per (core, marker) slot: its depth and path count (see `word`). */
  private slots = new Uint32Array(0);
  /** Per core and free action: the successor core (markers carry over unchanged), UNKNOWN or DEAD. */
  private successors = new Int32Array(0);
  /** Per core: the depth plus one of the frontier that last listed it (to list each core once). */
  private listed = new Int32Array(0);
  private readonly key: Int32Array;
  /** The key of the core being expanded, that key without the avatar's cell, and a scratch key. */
  private readonly coreKey: Int32Array;
  private readonly originFreeKey: Int32Array;
  /**
   * Origin-free teleports: cores that differ only in the avatar's cell form a group (numbered by the
   * table), and the outcome of such a teleport is remembered per group, marker and tied action: the
   * resulting core (UNKNOWN, or DEAD when rejected or lost) and marker.
   */
  private readonly groups: StateTable;
  /** The core being expanded; whether its key is in `coreKey` and announced to the search space. */
  private expanding = -1;
  private primed = false;
  /** Per core: its group, or -1 before it is needed. */
  private coreGroup = new Int32Array(0);
  private teleportCore = new Int32Array(0);
  private teleportMarker = new Int32Array(0);
  private readonly emptyLayer: readonly null[];
  private readonly markerLayers: (readonly (Entity | null)[] | undefined)[];
  private marker: Entity | null = null;
  /** The marker value of the state last placed. */
  private placedMarker = 0;
  private seen = 0;
  private expanded = 0;
  /**
   * Per core: its heuristic estimate, or with a marker heuristic its base (see `MarkerHeuristic`);
   * -1 before it is needed (with pruning).
   */
  private estimates = new Float64Array(0);
  private readonly perMarker: MarkerHeuristic | null;
  /** Whether pruning has dropped any state. */
  private pruned = false;
  /** Per core: 1 when its states are won. */
  private won = new Uint8Array(0);
  /** The depth being expanded, the cores listed for the next one, and the won slots found. */
  private layer = 0;
  private next: number[] = [];
  private winners: number[] = [];
  /** Path counts stop here (one more than the count limit, so "more than the limit" shows). */
  private readonly cap: number;
  /** The current run's pruning length (`null`: none). */
  private length: number | null = null;
  /**
   * The best-first search's open slots by depth plus estimate and depth (`null` in a breadth-first
   * run), and the depth plus estimate being expanded.
   */
  private buckets: Buckets | null = null;
  private bucketF = 0;
  /** Where `warmAhead` is in the buckets: its total, depth and position in that depth's list. */
  private warmF = -1;
  private warmG = 0;
  private warmAt = 0;
  private readonly markers: Int32Array;
  /** Why the lead's limits stopped a best-first search (`null`: they did not). */
  private stopped: Bound | null = null;
  /** A team's best-first search (see `teamBestFirst`); `null` alone. */
  private team: MarkerTeam | null = null;
  /** Per core: the thread that owns it (-1 before it is needed), for a team of `ownerCount`. */
  private ownerOf = new Int8Array(0);
  private ownerCount = 0;
  /** Per layer: the content hash of each layer number met (see `owner`). */
  private readonly layerHashes: Map<number, number>[];
  /** Per core another thread owns: its number in the courier's stream to it, -1 before it was sent. */
  private shipNo = new Int32Array(0);
  private shipped: number[] = [];
  private shippers: Shipper[] = [];
  private receivers: Receiver[] = [];
  /** Per other thread: the local core of each number it sent. */
  private fromOther: number[][] = [];
  private readonly ownerKey: Int32Array;
  private readonly shipKey: Int32Array;
  /** Whether this thread sent a visit while expanding the current bucket. */
  private sentAny = false;
  /** The other threads' counters at the last round. */
  private othersSeen = 0;
  private othersExpanded = 0;
  /** What went wrong in this thread during a team's search (see `Failure`), and the error itself. */
  private failure = 0;
  private error: unknown = null;
  /** A solution step's slot as another thread sent it. */
  private target: GameState | null = null;
  private targetMarker = 0;

  constructor(
    private readonly space: SearchSpace,
    private readonly countLimit: number,
    private readonly heuristic: Heuristic | null,
  ) {
    const bound = space.bound as NonNullable<SearchSpace["bound"]>;
    this.field = bound.field;
    this.cells = space.level.width * space.level.height;
    this.values = this.cells + 1;
    bound.touches.forEach((touches, a) => {
      (touches ? this.tied : this.free).push(a);
    });
    this.cores = new StateTable(space.keyWidth);
    this.key = new Int32Array(space.keyWidth);
    this.coreKey = new Int32Array(space.keyWidth);
    this.originFreeKey = new Int32Array(space.keyWidth);
    this.groups = new StateTable(space.keyWidth);
    this.cap = Math.min(countLimit + 1, 0xffff);
    const h = (heuristic ?? undefined) as Partial<MarkerHeuristic> | undefined;
    this.perMarker = h?.base && h.at ? (h as MarkerHeuristic) : null;
    // Plain arrays copied from an engine layer, not frozen: the engine copies layers it writes, and
    // V8 copies frozen or holey arrays on a slow path.
    const empty = (space.start.layers[this.field] as readonly (Entity | null)[]).slice();
    for (let i = 0; i < empty.length; i++) empty[i] = null;
    this.emptyLayer = empty as null[];
    this.markerLayers = new Array(this.values);
    this.markers = new Int32Array(this.values);
    this.ownerKey = new Int32Array(space.keyWidth);
    this.shipKey = new Int32Array(space.keyWidth);
    this.layerHashes = Array.from({ length: space.keyWidth - 4 }, () => new Map<number, number>());
  }

  run(limits: Limits, length: number | null): SearchOutcome {
    if (length !== null && this.heuristic === null)
      throw new Error("a pruned marker search needs a heuristic");
    this.length = length;
    const { space, values } = this;
    const start = Math.floor(this.begin() / values);
    if (space.start.won)
      return this.outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1, lowerBound: 0 });

    const markers = new Int32Array(values);
    let frontier: number[] = [start];
    for (let d = 0; frontier.length > 0; d++) {
      if (d >= limits.maxDepth || d + 1 >= UNSEEN)
        return this.outcome("bounded", "maxDepth", { lowerBound: d + 1 });
      this.layer = d;
      this.next = [];
      this.winners = [];
      let stop: Bound | null = null;
      for (let f = 0; f < frontier.length && stop === null; f++) {
        const core = frontier[f] as number;
        const base = core * values;
        let k = 0;
        const slots = this.slots;
        for (let m = 0; m < values; m++) if (depthOf(slots[base + m] as number) === d) markers[k++] = m;
        this.expanded += k;
        stop = limits.tick(d, this.expanded, this.seen);
        if (stop !== null) break;
        this.expandCore(core, markers, k);
        if (this.seen > limits.maxStates) stop = "maxStates";
      }
      if (stop !== null) return this.outcome("bounded", stop, { lowerBound: d + 1 });
      if (this.winners.length > 0) {
        const cap = this.cap;
        let total = 0;
        for (const w of this.winners) total = Math.min(cap, total + pathsOf(this.slots[w] as number));
        return this.outcome("solved", null, {
          optimalLength: d + 1,
          lowerBound: d + 1,
          solution: this.solutionTo(this.winners[0] as number, d + 1),
          optimalCount: Math.min(total, this.countLimit),
          countCapped: total > this.countLimit,
        });
      }
      frontier = this.next;
    }
    // With pruning, running dry only shows that nothing wins within the pruning length.
    if (this.pruned) return this.outcome("bounded", "maxDepth", { lowerBound: (this.length as number) + 1 });
    return this.outcome("unsolvable", null, { lowerBound: null });
  }

  /**
   * One step of work ahead while this thread waits for the others at the end of a team round: the free
   * actions of one core listed later (deeper in the current best-first total, then in the next total),
   * played and remembered as `successor` would, with the estimates of the cores they reach that this
   * thread owns. Its own turn then finds them. Changes no slot, so the search stays the same; only a
   * core of the next total is played in vain, should the current one end the search. False when there
   * is none left.
   */
  private readonly warmAhead = (): boolean => {
    const buckets = this.buckets;
    if (buckets === null || this.failure !== 0 || this.stopped !== null || this.free.length === 0)
      return false;
    const current = this.warmF === this.bucketF && this.warmG > this.layer;
    if (!current && this.warmF !== this.bucketF + 1) {
      this.warmF = this.bucketF;
      this.warmG = this.layer + 1;
      this.warmAt = 0;
    }
    for (;;) {
      const list = buckets.peek(this.warmF, this.warmG);
      while (list !== null && this.warmAt < list.length) {
        const core = Math.floor((list[this.warmAt++] as number) / this.values);
        if (this.successors[core * this.free.length] !== UNKNOWN) continue;
        this.guarded(() => this.warm(core));
        this.primed = false;
        return true;
      }
      const g = buckets.firstAt(this.warmF, this.warmG + 1);
      if (g !== NONE) {
        this.warmG = g;
        this.warmAt = 0;
      } else if (this.warmF === this.bucketF) {
        this.warmF++;
        this.warmG = 0;
        this.warmAt = 0;
      } else return false;
    }
  };

  /** Plays the free actions of `core` (see `warmAhead`). */
  private warm(core: number): void {
    this.expanding = core;
    this.primed = false;
    const team = this.team as MarkerTeam;
    for (let i = 0; i < this.free.length; i++) {
      const to = this.successor(core, i);
      if (to >= 0 && this.perMarker !== null && this.estimates[to] === -1 && this.owner(to) === team.index)
        this.estimate(to, 0);
    }
  }

  /** Plays the free and tied actions of `core` with the first `k` of `markers`, visiting what they reach. */
  private expandCore(core: number, markers: Int32Array, k: number): void {
    const { free, tied } = this;
    const base = core * this.values;
    const state = this.coreStates[core] as GameState;
    this.expanding = core;
    this.primed = false;
    for (let i = 0; i < free.length; i++) {
      const to = this.successor(core, i);
      if (to >= 0) this.visitAll(to, base, markers, k);
    }
    for (let j = 0; j < k; j++) {
      const m = markers[j] as number;
      for (let t = 0; t < tied.length; t++) {
        const to = this.tiedSuccessor(state, m, t);
        if (to >= 0) this.visitAll(to, base, markers, 1, this.placedMarker, m);
      }
    }
  }

  bestFirst(limits: Limits, bound: number | null): SearchOutcome {
    if (this.heuristic === null) throw new Error("a best-first marker search needs a heuristic");
    this.length = null;
    this.stopped = null;
    this.othersSeen = 0;
    this.othersExpanded = 0;
    const { space, values } = this;
    const start = this.begin();
    if (space.start.won)
      return this.outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1, lowerBound: 0 });
    const h0 = this.estimate(Math.floor(start / values), start % values);
    if (h0 === Number.POSITIVE_INFINITY) return this.outcome("unsolvable", null, { lowerBound: null });
    // Depths stop where a slot's 16 bits do, and at the depth limit.
    this.length = Math.min(bound ?? Number.POSITIVE_INFINITY, limits.maxDepth, UNSEEN - 1);
    const buckets = new Buckets();
    this.buckets = buckets;
    buckets.add(h0, 0, start);
    for (let f = h0; f <= this.length; f++) {
      if (buckets.emptyFrom(f)) break;
      this.bucketF = f;
      // Depth by depth: a slot's predecessors on shortest paths come first (same total, less depth).
      for (let g = 0; g <= f; g++) {
        const list = buckets.take(f, g);
        if (list === null) continue;
        // Slot numbers grow with the core: sorted, each core's slots come in a row.
        list.sort();
        this.layer = g;
        this.expandSlots(list, 0, limits);
        if (this.stopped !== null) return this.outcome("bounded", this.stopped, { lowerBound: f });
      }
      // Every path of length f to a won slot has been counted: its predecessors are all expanded.
      const { total, first } = this.wonAt(f);
      if (first >= 0)
        return this.outcome("solved", null, {
          optimalLength: f,
          lowerBound: f,
          solution: this.solutionTo(first, f),
          optimalCount: Math.min(total, this.countLimit),
          countCapped: total > this.countLimit,
        });
    }
    // Run dry: nothing wins within the bound (or at all, when only dead states were cut).
    if (this.pruned) return this.outcome("bounded", "maxDepth", { lowerBound: this.length + 1 });
    return this.outcome("unsolvable", null, { lowerBound: null });
  }

  /**
   * Expands the slots of a best-first bucket `list` (sorted, at depth `layer`) from position `i`: the
   * slots listed in a row for one core together (one pass over its actions); a slot listed again (a
   * shorter way found, or twice) is skipped. Stops at the end, when `limits` stop the search (see
   * `stopped`), or, in a team, when a box to another thread is getting full. Returns where it stopped.
   */
  private expandSlots(list: Int32Array, i: number, limits: Limits): number {
    const { values, markers } = this;
    const g = this.layer;
    while (i < list.length) {
      const core = Math.floor((list[i] as number) / values);
      const end = (core + 1) * values;
      let k = 0;
      const slots = this.slots;
      for (; i < list.length && (list[i] as number) < end; i++) {
        const slot = list[i] as number;
        const at = slots[slot] as number;
        if (depthOf(at) !== g || (at & EXPANDED) !== 0) continue;
        slots[slot] = at | EXPANDED;
        markers[k++] = slot - core * values;
      }
      if (k === 0) continue;
      this.expanded += k;
      const expanded = this.expanded + this.othersExpanded;
      const seen = this.seen + this.othersSeen;
      this.stopped = limits.tick(g, expanded, seen) ?? (seen > limits.maxStates ? "maxStates" : null);
      if (this.stopped !== null) return i;
      this.expandCore(core, markers, k);
      if (this.team?.crowded()) return i;
    }
    return i;
  }

  /** The won slots at depth `f`: their paths (capped) and the first of them (-1: none). */
  private wonAt(f: number): { total: number; first: number } {
    let total = 0;
    let first = -1;
    for (const w of this.winners) {
      if (depthOf(this.slots[w] as number) !== f) continue;
      if (first < 0) first = w;
      total = Math.min(this.cap, total + pathsOf(this.slots[w] as number));
    }
    return { total, first };
  }

  /**
   * `bestFirst` by a team of threads, each with its own `MarkerSearch` of the level: a core is
   * expanded by the thread that owns it (see `owner`); a thread sends its visits to another's cores,
   * with the states of cores new to it, and the threads take each best-first bucket (depth plus
   * estimate, then depth) together, in rounds (see `MarkerTeam.round`), so every slot gets its depth
   * and path count before it is expanded, as with one thread: the same states are expanded, the same
   * optimum and count found. The `lead` posts the search and gets the outcome; a helper searches
   * with the bound the lead posted (its outcome is the lead's, and goes unused). Any thread's
   * `limits` stop them all.
   */
  teamBestFirst(
    limits: Limits,
    bound: number | null,
    team: MarkerTeam,
    lead: boolean,
  ): SearchOutcome | null | "inconsistent" {
    if (this.heuristic === null) throw new Error("a best-first marker search needs a heuristic");
    const { space, values } = this;
    let length: number;
    if (lead) {
      if (space.start.won)
        return this.outcome("solved", null, {
          optimalLength: 0,
          solution: [],
          optimalCount: 1,
          lowerBound: 0,
        });
      length = Math.min(bound ?? Number.POSITIVE_INFINITY, limits.maxDepth, UNSEEN - 1);
      team.postSearch(length);
    } else length = bound ?? UNSEEN - 1;
    this.joinTeam(team);
    this.length = length;
    // Every thread places the start (its estimate is needed by all); only its owner lists it.
    const start = this.begin();
    const startCore = Math.floor(start / values);
    const mine = this.owner(startCore) === team.index;
    if (!mine) {
      this.slots[start] = NEVER_REACHED;
      this.seen = 0;
    }
    const h0 = this.estimate(startCore, start % values);
    if (h0 === Number.POSITIVE_INFINITY) return this.outcome("unsolvable", null, { lowerBound: null });
    const buckets = new Buckets();
    this.buckets = buckets;
    if (mine) buckets.add(h0, 0, start);
    for (let f = h0; f <= length; f++) {
      let words = this.teamRound(
        { Listed: buckets.emptyFrom(f) ? 0 : 1, NextDepth: buckets.firstAt(f, 0) },
        -1,
      );
      let verdict = this.teamVerdict(words, f);
      if (verdict !== undefined) return verdict;
      if (words.sum(Word.Listed) === 0) break;
      this.bucketF = f;
      // Only the depths some thread has slots at: the next is the least any thread may have, its own
      // lists or (having sent visits) another's at the next depth.
      for (let g = words.min(Word.NextDepth); g <= f; g = words.min(Word.NextDepth)) {
        const list = buckets.take(f, g);
        list?.sort();
        this.layer = g;
        this.sentAny = false;
        let i = 0;
        for (;;) {
          if (list !== null && i < list.length && this.failure === 0)
            this.guarded(() => {
              i = this.expandSlots(list, i, limits);
            });
          const next = Math.min(buckets.firstAt(f, g + 1), this.sentAny ? g + 1 : NONE);
          words = this.teamRound({ More: list !== null && i < list.length ? 1 : 0, NextDepth: next }, g + 1);
          verdict = this.teamVerdict(words, f);
          if (verdict !== undefined) return verdict;
          if (words.sum(Word.More) === 0) break;
        }
      }
      const { total, first } = this.wonAt(f);
      words = this.teamRound({ Paths: total, Won: first >= 0 ? 1 : 0 }, -1);
      verdict = this.teamVerdict(words, f);
      if (verdict !== undefined) return verdict;
      const paths = Math.min(this.cap, words.sum(Word.Paths));
      if (paths > 0) {
        const solution = this.teamSolution(words.first(Word.Won), first, f);
        return this.teamOutcome(words, "solved", null, {
          optimalLength: f,
          lowerBound: f,
          solution,
          optimalCount: Math.min(paths, this.countLimit),
          countCapped: paths > this.countLimit,
        });
      }
    }
    const words = this.teamRound({}, -1);
    const verdict = this.teamVerdict(words, length);
    if (verdict !== undefined) return verdict;
    if (words.sum(Word.Pruned) > 0)
      return this.teamOutcome(words, "bounded", "maxDepth", { lowerBound: length + 1 });
    return this.teamOutcome(words, "unsolvable", null, { lowerBound: null });
  }

  /** Runs `step`, turning what it throws into the failure a team's next round reports. */
  private guarded(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (error instanceof Inconsistent) this.failure = Math.max(this.failure, Failure.Inconsistent);
      else if (error instanceof NotAMarkerLayer) this.failure = Math.max(this.failure, Failure.NotMarker);
      else {
        this.failure = Failure.Error;
        this.error ??= error;
      }
    }
  }

  /**
   * Ends a team round (see `MarkerTeam.round`), posting `words` and this thread's counters, failure
   * and stop; reads what the others sent, at depth `depth` (visits are never sent with -1).
   */
  private teamRound(words: Partial<Record<keyof typeof Word, number>>, depth: number): RoundWords {
    const team = this.team as MarkerTeam;
    const result = team.round(
      {
        ...words,
        Stop: this.stopped === null ? 0 : 1 + BOUNDS.indexOf(this.stopped),
        Inconsistent: this.failure,
        Seen: this.seen,
        Expanded: this.expanded,
        Pruned: this.pruned ? 1 : 0,
        MarkerKind: this.marker === null ? 0 : this.marker.info.index + 1,
      },
      (from, box, length) => {
        if (this.failure === 0) this.guarded(() => this.receive(from, box, length, depth));
      },
      this.warmAhead,
    );
    this.othersSeen = result.sum(Word.Seen) - this.seen;
    this.othersExpanded = result.sum(Word.Expanded) - this.expanded;
    // Slots with a marker may have come in before this thread met the marker entity (see `withMarker`).
    const withKind = this.marker === null ? result.first(Word.MarkerKind) : -1;
    if (withKind >= 0) {
      const kind = kindNamesOf(this.space.pack)[result.get(withKind, Word.MarkerKind) - 1] as string;
      this.marker = this.space.pack.entity(kind);
    }
    return result;
  }

  /**
   * What a team round says about going on: `undefined` to go on; otherwise what the search ends with,
   * the same for every thread (a failure anywhere, or the lead's limits, at total `f`).
   */
  private teamVerdict(words: RoundWords, f: number): SearchOutcome | null | "inconsistent" | undefined {
    let failure = 0;
    for (let t = 0; t < words.count; t++) failure = Math.max(failure, words.get(t, Word.Inconsistent));
    if (failure === Failure.Error) {
      if (this.error !== null) throw this.error;
      throw new Error("internal error: another thread of the marker search failed");
    }
    if (failure === Failure.NotMarker) return null;
    if (failure === Failure.Inconsistent) return "inconsistent";
    const stopper = words.first(Word.Stop);
    const stop = stopper < 0 ? 0 : words.get(stopper, Word.Stop);
    if (stop > 0) return this.teamOutcome(words, "bounded", BOUNDS[stop - 1] as Bound, { lowerBound: f });
    return undefined;
  }

  private teamOutcome(
    words: RoundWords,
    status: SearchOutcome["status"],
    bound: Bound | null,
    extra: Partial<SearchOutcome>,
  ): SearchOutcome {
    return searchOutcome(status, bound, words.sum(Word.Expanded), words.sum(Word.Seen), extra);
  }

  /** Sets up this search for a team's run: who owns which core, and the courier of each pair. */
  private joinTeam(team: MarkerTeam): void {
    const { space } = this;
    if (this.ownerCount !== team.count) this.ownerOf.fill(-1);
    this.ownerCount = team.count;
    this.team = team;
    this.shipNo.fill(-1);
    this.failure = 0;
    this.error = null;
    this.stopped = null;
    this.othersSeen = 0;
    this.othersExpanded = 0;
    const layers = space.keyWidth - 4;
    this.shipped = new Array(team.count).fill(0);
    this.shippers = [];
    this.receivers = [];
    this.fromOther = [];
    for (let t = 0; t < team.count; t++) {
      this.shippers.push(new Shipper(layers, this.cells, this.field));
      this.receivers.push(new Receiver(space.pack, layers, this.cells, this.field, this.emptyLayer));
      this.fromOther.push([]);
    }
  }

  /**
   * The thread that owns a core: by a hash of its layers' contents (the marker layer left out), the
   * same in every thread, so that moves that change no layer keep a core with its thread.
   */
  private owner(core: number): number {
    const known = this.ownerOf[core] as number;
    if (known >= 0) return known;
    const key = this.ownerKey;
    this.cores.keyOf(core, key);
    const state = this.coreStates[core] as GameState;
    let h = 0x2545f491;
    for (let i = 0; i < this.layerHashes.length; i++) {
      if (i === this.field) continue;
      const id = key[i] as number;
      const hashes = this.layerHashes[i] as Map<number, number>;
      let lh = hashes.get(id);
      if (lh === undefined) {
        lh = contentHash(state.layers[i] as readonly (Entity | null)[]);
        hashes.set(id, lh);
      }
      h = Math.imul(h ^ lh, 0x9e3779b1);
    }
    // MurmurHash3's finalizer: every bit of the layers' hashes reaches the low bits.
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    const owner = (h >>> 0) % this.ownerCount;
    this.ownerOf[core] = owner;
    return owner;
  }

  /** Sends a visit of slot (core `to`, marker `m`) to its owner, with the core's state the first time. */
  private sendVisit(owner: number, to: number, m: number, paths: number): void {
    const box = (this.team as MarkerTeam).outbox(owner);
    this.sentAny = true;
    let n = this.shipNo[to] as number;
    if (n < 0) {
      // Numbers from 0: -1 marks a solution step's target (see `teamSolution`).
      n = this.shipped[owner] as number;
      this.shipped[owner] = n + 1;
      this.shipNo[to] = n;
      this.cores.keyOf(to, this.shipKey);
      (this.shippers[owner] as Shipper).ship(box, n, this.coreStates[to] as GameState, this.shipKey);
    }
    (this.shippers[owner] as Shipper).visit(box, n, m, paths);
  }

  /** Reads another thread's box: the cores it sends (this thread's own), then its visits at `depth`. */
  private receive(from: number, box: Int32Array, length: number, depth: number): void {
    const map = this.fromOther[from] as number[];
    const team = this.team as MarkerTeam;
    (this.receivers[from] as Receiver).read(
      box,
      length,
      (n, state) => {
        if (n < 0) {
          this.target = state;
          return;
        }
        const core = this.place(state, true);
        if (this.owner(core) !== team.index)
          throw new Error("internal error: a core sent to a thread that does not own it");
        map[n] = core;
      },
      (n, m, paths) => {
        if (n < 0) {
          this.targetMarker = m;
          return;
        }
        const core = map[n] as number;
        this.visitBest(core, m, core * this.values + m, depth, paths);
      },
    );
  }

  /**
   * One shortest action sequence to a won slot at depth `depth`, owned by thread `owner` (where it is
   * slot `slot`), found backwards as `solutionTo` does, each step by every thread among its own cores:
   * the owner of the slot sends it to the others, and the first thread that finds a predecessor owns
   * the next step's slot.
   */
  private teamSolution(owner: number, slot: number, depth: number): ActionInput[] {
    const team = this.team as MarkerTeam;
    const { values } = this;
    const path: number[] = [];
    for (let d = depth; d > 0; d--) {
      this.target = null;
      if (team.index === owner) {
        const core = Math.floor(slot / values);
        for (let t = 0; t < team.count; t++) {
          if (t === team.index) continue;
          const box = team.outbox(t);
          this.cores.keyOf(core, this.shipKey);
          const shipper = this.shippers[t] as Shipper;
          shipper.ship(box, -1, this.coreStates[core] as GameState, this.shipKey);
          shipper.visit(box, -1, slot % values, 0);
        }
      }
      let words = this.teamRound({}, -1);
      this.teamVerdict(words, depth);
      const local =
        team.index === owner
          ? slot
          : this.target === null
            ? -1
            : this.place(this.target, false) * values + this.targetMarker;
      // Cheapest first, in every thread: the remembered free actions, then marker actions played again
      // from the likely markers, then from all.
      let step: { slot: number; action: number } | null = null;
      let finder = -1;
      for (const how of ["free", "likely", "tied"] as const) {
        if (local >= 0)
          this.guarded(() => {
            step = this.findPredecessor(local, d, how);
          });
        const found = step as { slot: number; action: number } | null;
        words = this.teamRound({ Found: found === null ? 0 : 1, Action: found?.action ?? 0 }, -1);
        this.teamVerdict(words, depth);
        finder = words.first(Word.Found);
        if (finder >= 0) break;
      }
      if (finder < 0) throw new Error("internal error: a reached state has no predecessor");
      path.push(words.get(finder, Word.Action));
      owner = finder;
      slot = finder === team.index ? (step as unknown as { slot: number }).slot : -1;
    }
    return path.reverse().map((a) => this.space.actions[a] as ActionInput);
  }

  /** Ends a best-first search: later runs are breadth-first again. */
  endBestFirst(): void {
    this.buckets = null;
    this.length = null;
    this.team = null;
  }

  /**
   * The best-first part of `visitAll`: slot `slot` of core `to` reached at depth `next` with `paths`
   * paths. A new slot is listed by depth plus estimate (never below the bucket being expanded); a
   * shorter way to a slot not yet expanded lists it again; an expanded slot reached again as short
   * means the heuristic is not consistent.
   */
  private visitBest(to: number, m: number, slot: number, next: number, paths: number): void {
    const { slots } = this;
    const at = slots[slot] as number;
    const depth = depthOf(at);
    if (depth < next) return;
    if ((at & EXPANDED) !== 0) throw new Inconsistent();
    if (depth === next) {
      slots[slot] = word(next, Math.min(pathsOf(at) + paths, this.cap));
      return;
    }
    const h = this.estimate(to, m);
    // A dead state (estimate Infinity) cannot win at any length: cutting it proves nothing less.
    if (h === Number.POSITIVE_INFINITY) return;
    const f = Math.max(this.bucketF, next + h);
    if (f > (this.length as number)) {
      this.pruned = true;
      return;
    }
    slots[slot] = word(next, paths);
    // Won slots are never expanded; the search lists each once, with whatever depth it ends with.
    if (this.won[to] === 1) {
      if (depth === UNSEEN) this.winners.push(slot);
    } else (this.buckets as Buckets).add(f, next, slot);
    if (depth === UNSEEN) this.seen++;
  }

  /**
   * Starts a run: forgets the previous run's slots (see `clearRun`) and puts the start at depth 0.
   * Returns the start's slot.
   */
  private begin(): number {
    this.clearRun();
    const start = this.place(this.space.start, true) * this.values + this.placedMarker;
    this.slots[start] = word(0, 1);
    this.seen = 1;
    return start;
  }

  /** Forgets the previous run's slots and counters; the cores and their successors stay. */
  private clearRun(): void {
    this.slots.fill(NEVER_REACHED);
    this.listed.fill(0);
    this.seen = 0;
    this.expanded = 0;
    this.pruned = false;
    this.next = [];
    this.winners = [];
  }

  /**
   * Reaches, at the next depth, core `to` with each of the first `k` markers of `markers` (from the
   * same markers of the core at `base`); or, when `marker` is given, core `to` with that marker from
   * marker `fromMarker` of the core at `base`.
   */
  private visitAll(
    to: number,
    base: number,
    markers: Int32Array,
    k: number,
    marker = -1,
    fromMarker = 0,
  ): void {
    const { slots, values, cap, team } = this;
    const next = this.layer + 1;
    const toBase = to * values;
    // In a team, a core another thread owns is visited there.
    const owner = team === null ? -1 : this.owner(to);
    const remote = team !== null && owner !== team.index;
    for (let j = 0; j < k; j++) {
      const m = marker < 0 ? (markers[j] as number) : marker;
      const from = base + (marker < 0 ? m : fromMarker);
      const slot = toBase + m;
      if (remote) {
        this.sendVisit(owner, to, m, pathsOf(slots[from] as number));
        continue;
      }
      if (this.buckets !== null) {
        this.visitBest(to, m, slot, next, pathsOf(slots[from] as number));
        continue;
      }
      const at = slots[slot] as number;
      if (depthOf(at) === UNSEEN) {
        const h = this.length === null ? 0 : this.estimate(to, m);
        if (this.length !== null && next + h > this.length) {
          // A dead state (estimate Infinity) cannot win at any length: cutting it proves nothing less.
          if (h !== Number.POSITIVE_INFINITY) this.pruned = true;
          continue;
        }
        slots[slot] = word(next, pathsOf(slots[from] as number));
        this.seen++;
        if (this.won[to] === 1) this.winners.push(slot);
        else if (this.listed[to] !== next + 1) {
          this.listed[to] = next + 1;
          this.next.push(to);
        }
      } else if (depthOf(at) === next) {
        slots[slot] = word(next, Math.min(pathsOf(at) + pathsOf(slots[from] as number), cap));
      }
    }
  }

  private outcome(
    status: SearchOutcome["status"],
    bound: Bound | null,
    extra: Partial<SearchOutcome> = {},
  ): SearchOutcome {
    return searchOutcome(status, bound, this.expanded, this.seen, extra);
  }

  /** The successor core of `core` under free action number `i`, played once and remembered. */
  private successor(core: number, i: number): number {
    const at = core * this.free.length + i;
    const known = this.successors[at] as number;
    if (known !== UNKNOWN) return known;
    this.prime();
    const child = this.space.next(
      this.coreStates[core] as GameState,
      this.space.actions[this.free[i] as number] as ActionInput,
    );
    const to = child === null || child.lost ? DEAD : this.place(child, true);
    // `place` may have grown the tables.
    this.successors[at] = to;
    return to;
  }

  /**
   * The successor core of the core being expanded (its state `core`) with marker `m` under tied action
   * number `t`, its marker left in `placedMarker`; DEAD when rejected or lost. An origin-free teleport is played
   * once for all cores that differ only in the avatar's cell.
   */
  private tiedSuccessor(core: GameState, m: number, t: number): number {
    const { space } = this;
    const a = this.tied[t] as number;
    const teleport = space.teleports[a];
    let memo = -1;
    if (m !== 0 && teleport && teleport.appliesAt(core, m - 1)) {
      memo = (this.groupOfCore() * this.values + m) * this.tied.length + t;
      const known = this.teleportCore[memo] as number;
      if (known !== UNKNOWN) {
        this.placedMarker = this.teleportMarker[memo] as number;
        return known;
      }
    }
    this.prime();
    const child = space.next(this.withMarker(core, m), space.actions[a] as ActionInput);
    const to = child === null || child.lost ? DEAD : this.place(child, true);
    if (memo >= 0) {
      this.teleportCore[memo] = to;
      this.teleportMarker[memo] = this.placedMarker;
    }
    return to;
  }

  /**
   * Reads the key of the core being expanded and announces it to the search space (see
   * `SearchSpace.prime`): done only when the core's turns are played, as most of its successors are
   * remembered.
   */
  private prime(): void {
    if (this.primed) return;
    this.cores.keyOf(this.expanding, this.coreKey);
    this.space.prime(this.coreStates[this.expanding] as GameState, this.coreKey);
    this.primed = true;
  }

  /**
   * The heuristic estimate of a core with marker value `m`: for a marker heuristic from the core's
   * base (read once per core), otherwise the core's own estimate (the marker plays no part in it),
   * computed once.
   */
  private estimate(core: number, m: number): number {
    const known = this.estimates[core] as number;
    const perMarker = this.perMarker;
    if (perMarker !== null) {
      let base = known;
      if (base === -1) {
        base = perMarker.base(this.coreStates[core] as GameState);
        this.estimates[core] = base;
      }
      return perMarker.at(base, m);
    }
    if (known >= 0) return known;
    const h = (this.heuristic as Heuristic).estimate(this.coreStates[core] as GameState);
    this.estimates[core] = h;
    return h;
  }

  /** The group of the core being expanded (see `groups`), numbered when first needed. */
  private groupOfCore(): number {
    const known = this.coreGroup[this.expanding] as number;
    if (known >= 0) return known;
    this.prime();
    const key = this.originFreeKey;
    key.set(this.coreKey);
    this.space.forgetAvatarCell(key);
    let group = this.groups.find(key);
    if (group < 0) {
      group = this.groups.add(key);
      const size = (group + 1) * this.values * this.tied.length;
      if (size > this.teleportCore.length) {
        const length = Math.max(size, this.teleportCore.length * 2, 1024);
        this.teleportCore = enlarged(this.teleportCore, length, UNKNOWN);
        this.teleportMarker = enlarged(this.teleportMarker, length, 0);
      }
    }
    this.coreGroup[this.expanding] = group;
    return group;
  }

  /**
   * The core of a state (added when new and `add` is set; -1 when unknown otherwise); its marker
   * value is left in `placedMarker`.
   */
  private place(state: GameState, add: boolean): number {
    const marker = this.markerOf(state);
    const key = this.key;
    this.space.encode(state, key);
    key[this.field] = 0;
    let core = this.cores.find(key);
    if (core < 0 && add) {
      core = this.cores.add(key);
      this.grow(core + 1);
      this.coreStates[core] = this.withMarker(state, 0);
      this.won[core] = state.won ? 1 : 0;
    }
    this.placedMarker = marker;
    return core;
  }

  private markerOf(state: GameState): number {
    const layer = state.layers[this.field] as readonly (Entity | null)[];
    if (layer === this.emptyLayer) return 0;
    let value = 0;
    for (let i = 0; i < this.cells; i++) {
      const e = layer[i];
      if (e === null || e === undefined) continue;
      if (value !== 0 || e.params !== null) throw new NotAMarkerLayer();
      if (this.marker === null) this.marker = e;
      else if (e !== this.marker && e.kind !== this.marker.kind) throw new NotAMarkerLayer();
      value = i + 1;
    }
    return value;
  }

  /** The state with its marker layer holding marker value `m`. */
  private withMarker(state: GameState, m: number): GameState {
    let layer: readonly (Entity | null)[] | undefined;
    if (m === 0) layer = this.emptyLayer;
    else {
      layer = this.markerLayers[m];
      if (layer === undefined) {
        // Without it the state would lose its marker, and its marker's actions would play wrong.
        if (this.marker === null)
          throw new Error("internal error: a marker cell before the marker entity is known");
        const cells: (Entity | null)[] = this.emptyLayer.slice();
        cells[m - 1] = this.marker;
        layer = cells;
        this.markerLayers[m] = layer;
      }
    }
    if (state.layers[this.field] === layer) return state;
    const layers = state.layers.slice();
    layers[this.field] = layer;
    return { ...state, layers };
  }

  /** Makes room for `cores` cores in the per-core and per-slot tables. */
  private grow(cores: number): void {
    if (cores <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, cores);
    this.slots = enlarged(this.slots, capacity * this.values, NEVER_REACHED);
    this.successors = enlarged(this.successors, capacity * this.free.length, UNKNOWN);
    this.coreGroup = enlarged(this.coreGroup, capacity, -1);
    if (this.heuristic !== null) this.estimates = enlarged(this.estimates, capacity, -1);
    this.won = enlarged(this.won, capacity, 0);
    this.listed = enlarged(this.listed, capacity, 0);
    this.ownerOf = enlarged(this.ownerOf, capacity, -1);
    this.shipNo = enlarged(this.shipNo, capacity, -1);
    this.capacity = capacity;
  }

  /**
   * One shortest action sequence to `slot` (reached at `depth`), found backwards: at each step some
   * slot one layer up whose successor it is. Only depths are stored, so predecessors are looked for
   * among that layer's slots, through the remembered successors first.
   */
  private solutionTo(slot: number, depth: number): ActionInput[] {
    const { space } = this;
    const path: number[] = [];
    for (let d = depth; d > 0; d--) {
      const step = this.predecessor(slot, d);
      path.push(step.action);
      slot = step.slot;
    }
    return path.reverse().map((a) => space.actions[a] as ActionInput);
  }

  private predecessor(slot: number, d: number): { slot: number; action: number } {
    const found = this.findPredecessor(slot, d, "free") ?? this.findPredecessor(slot, d, "tied");
    if (found === null) throw new Error("internal error: a reached state has no predecessor");
    return found;
  }

  /**
   * A slot one layer up (depth `d - 1`) with an action leading to `slot`, or `null`: by a free action
   * (looked up in the remembered successors), or by a marker action, played again from each candidate,
   * the likely markers first (none, the same, the avatar's cell), then all ("tied"); or only the
   * likely ones ("likely").
   */
  private findPredecessor(
    slot: number,
    d: number,
    how: "free" | "likely" | "tied",
  ): { slot: number; action: number } | null {
    const { values, free } = this;
    const core = Math.floor(slot / values);
    const marker = slot % values;
    if (how === "free") {
      const cores = this.cores.size;
      // A free action keeps the marker: look for a core one layer up, with the same marker, leading here.
      for (let c = 0; c < cores; c++) {
        if (depthOf(this.slots[c * values + marker] as number) !== d - 1) continue;
        for (let i = 0; i < free.length; i++) {
          if (this.successors[c * free.length + i] === core)
            return { slot: c * values + marker, action: free[i] as number };
        }
      }
      return null;
    }
    const at = (this.coreStates[core] as GameState).avatar.position;
    const likely = [0, marker];
    if (at) likely.push(1 + at[1] * this.space.level.width + at[0]);
    const found = this.tiedPredecessor(core, marker, d, likely);
    return found !== null || how === "likely" ? found : this.tiedPredecessor(core, marker, d, null);
  }

  private tiedPredecessor(
    core: number,
    marker: number,
    d: number,
    only: readonly number[] | null,
  ): { slot: number; action: number } | null {
    const { values, space } = this;
    const cores = this.cores.size;
    for (let c = 0; c < cores; c++) {
      for (let m = 0; m < values; m++) {
        if (only !== null && !only.includes(m)) continue;
        if (depthOf(this.slots[c * values + m] as number) !== d - 1) continue;
        const from = this.withMarker(this.coreStates[c] as GameState, m);
        for (const a of this.tied) {
          const child = space.next(from, space.actions[a] as ActionInput);
          if (child === null || child.lost) continue;
          if (this.place(child, false) === core && this.placedMarker === marker)
            return { slot: c * values + m, action: a };
        }
      }
    }
    return null;
  }
}

/** No depth at all (see `Buckets.firstAt`): beyond every depth a search reaches. */
const NONE = 0xffff;

/** Slots listed by depth plus estimate (`f`) and depth (`g`), for the best-first search. */
class Buckets {
  private readonly lists: (Int32List | undefined)[][] = [];

  add(f: number, g: number, slot: number): void {
    const row = this.lists[f] ?? [];
    this.lists[f] = row;
    let list = row[g];
    if (list === undefined) {
      list = new Int32List(64);
      row[g] = list;
    }
    list.push(slot);
  }

  /** The slots listed at (f, g), taken out; `null` when none. */
  take(f: number, g: number): Int32Array | null {
    const row = this.lists[f];
    const list = row?.[g];
    if (row === undefined || list === undefined) return null;
    row[g] = undefined;
    return list.view();
  }

  /** The slots listed at (f, g), left in place (valid until the next change); `null` when none. */
  peek(f: number, g: number): Int32Array | null {
    return this.lists[f]?.[g]?.view() ?? null;
  }

  /** The least depth from `g` with slots listed at total `f` (`NONE`: none). */
  firstAt(f: number, g: number): number {
    const row = this.lists[f];
    if (row !== undefined) for (let i = g; i < row.length; i++) if (row[i] !== undefined) return i;
    return NONE;
  }

  /** Whether nothing is listed at `f` or beyond. */
  emptyFrom(f: number): boolean {
    for (let i = f; i < this.lists.length; i++) if (this.lists[i]?.some((l) => l !== undefined)) return false;
    return true;
  }
}

/**
 * A copy of `old`, `length` long, with the new entries set to `fill`: written even when `fill` is 0,
 * as these arrays are read before they are written (see `written`).
 */
function enlarged<A extends Int8Array | Uint8Array | Int32Array | Uint32Array | Float64Array>(
  old: A,
  length: number,
  fill: number,
): A {
  const next = new (old.constructor as new (length: number) => A)(length);
  next.fill(fill, old.length);
  next.set(old);
  return next;
}
