import { type ActionInput, type Entity, type GameState, stableStringify } from "@gridponder/engine";
import type { Limits } from "../../limits.js";
import { type MarkerTeam, type RoundWords, Word } from "../../parallel/marker-team.js";
import { Receiver, Shipper } from "../../parallel/state-courier.js";
import { kindNamesOf } from "../../parallel/state-transfer.js";
import type { Bound, SearchOutcome } from "../../types.js";
import { searchOutcome } from "../bfs.js";
import { BestFirstRun, bestFirstLength, Inconsistent, type Proof, provedWith } from "./best-first.js";
import { NONE } from "./buckets.js";
import { type DiveFind, dive, diveBudget } from "./dive.js";
import type { MarkerFrontier } from "./frontier.js";
import { enlarged, NEVER_REACHED, UNSEEN } from "./slot-word.js";
import { findPredecessor, type Step } from "./solution-path.js";
import { type MarkerStateCache, NotAMarkerLayer, UNKNOWN } from "./state-cache.js";

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
 * A team's frontier for one thread: slots of cores another thread owns are sent to their owner (see
 * `MarkerTeamSearch.owner`), the thread's own go to its best-first frontier.
 */
class TeamFrontier implements MarkerFrontier {
  constructor(
    private readonly search: MarkerTeamSearch,
    private readonly own: MarkerFrontier,
    private readonly index: number,
  ) {}

  reach(core: number, m: number, slot: number, depth: number, paths: number): void {
    const owner = this.search.owner(core);
    if (owner === this.index) this.own.reach(core, m, slot, depth, paths);
    else this.search.sendVisit(owner, core, m, paths);
  }
}

/**
 * What the threads of a marker team exchange while they run one best-first search together, each
 * with its own cache of the level: a core is expanded by the thread that owns it (see `owner`); a
 * thread sends its visits to another's cores, with the states of cores new to it, and the threads
 * take each best-first bucket (depth plus estimate, then depth) together, in rounds (see
 * `MarkerTeam.round`), so every slot gets its depth and path count before it is expanded, as with one
 * thread: the same states are expanded, the same optimum and count found. Each round's words carry
 * the threads' counters, failures, stops, and what the next depth to expand is.
 */
export class MarkerTeamSearch {
  /** Per core: the thread that owns it (-1 before it is needed), for a team of `ownerCount`. */
  private ownerOf = new Int8Array(0);
  private ownerCount = 0;
  /** Per layer: the content hash of each layer number met (see `owner`). */
  private readonly layerHashes: Map<number, number>[];
  private readonly ownerKey: Int32Array;
  private readonly shipKey: Int32Array;
  private team: MarkerTeam | null = null;
  private run: BestFirstRun | null = null;
  /** Per core another thread owns: its number in the courier's stream to it, -1 before it was sent. */
  private shipNo = new Int32Array(0);
  private shipped: number[] = [];
  private shippers: Shipper[] = [];
  private receivers: Receiver[] = [];
  /** Per other thread: the local core of each number it sent. */
  private fromOther: number[][] = [];
  /** Whether this thread sent a visit while expanding the current bucket. */
  private sentAny = false;
  /** What went wrong in this thread during a team's search (see `Failure`), and the error itself. */
  private failure = 0;
  private error: unknown = null;
  /** The optimum, once a thread's dive proved it (see `Proof`); `null` before. */
  private proof: Proof | null = null;
  /** A solution step's slot as another thread sent it. */
  private target: GameState | null = null;
  private targetMarker = 0;
  /** Where `warmAhead` is in the buckets: its total, depth and position in that depth's list. */
  private warmF = -1;
  private warmG = 0;
  private warmAt = 0;

  constructor(
    private readonly cache: MarkerStateCache,
    private readonly countLimit: number,
    private readonly cap: number,
  ) {
    const { keyWidth } = cache.space;
    this.ownerKey = new Int32Array(keyWidth);
    this.shipKey = new Int32Array(keyWidth);
    this.layerHashes = Array.from({ length: keyWidth - 4 }, () => new Map<number, number>());
  }

  /**
   * The team's best-first search (see `ReusableMarkerSearch.bestFirst`). The `lead` posts the search
   * and gets the outcome; a helper searches with the bound the lead posted (its outcome is the lead's,
   * and goes unused). Any thread's `limits` stop them all.
   */
  bestFirst(
    limits: Limits,
    bound: number | null,
    team: MarkerTeam,
    lead: boolean,
  ): SearchOutcome | null | "inconsistent" {
    const { cache } = this;
    if (cache.heuristic === null) throw new Error("a best-first marker search needs a heuristic");
    const { space, values } = cache;
    let length: number;
    if (lead) {
      if (space.start.won)
        return searchOutcome("solved", null, 0, 1, {
          optimalLength: 0,
          solution: [],
          optimalCount: 1,
          lowerBound: 0,
        });
      length = bestFirstLength(bound, limits);
      team.postSearch(length);
    } else length = bound ?? UNSEEN - 1;
    this.joinTeam(team);
    const run = new BestFirstRun(cache, this.cap, length);
    this.run = run;
    const { tally, frontier } = run;
    const { buckets } = frontier;
    const via = new TeamFrontier(this, frontier, team.index);
    const crowded = () => team.crowded();
    // Every thread places the start (its estimate is needed by all); only its owner lists it.
    const start = cache.startRun();
    tally.seen = 1;
    const startCore = Math.floor(start / values);
    const mine = this.owner(startCore) === team.index;
    if (!mine) {
      cache.slots.set(start, NEVER_REACHED);
      tally.seen = 0;
    }
    const h0 = cache.estimate(startCore, start % values);
    if (h0 === Number.POSITIVE_INFINITY)
      return searchOutcome("unsolvable", null, tally.expanded, tally.seen, { lowerBound: null });
    if (mine) buckets.add(h0, 0, start);
    // The search's limits, or once a dive proved the optimum, those of counting (see `Proof`).
    let bucketLimits = limits;
    for (let f = h0; f <= length; f++) {
      frontier.bucketF = f;
      // Each thread dives from its own slots of the bucket, on through any core (see `dive`), with a
      // share of half the budget of one thread's search: its turns of others' cores are played twice,
      // and the dives that prove an optimum in the twinseed sets need less than that.
      const expanded = tally.expanded + run.othersExpanded;
      let win: DiveFind | null = null;
      if (this.failure === 0)
        this.guarded(() => {
          win = dive(cache, buckets, f, diveBudget(expanded, 2 * team.count));
        });
      const found = win as DiveFind | null;
      let words = this.round(
        {
          Listed: buckets.emptyFrom(f) ? 0 : 1,
          NextDepth: buckets.firstAt(f, 0),
          Dove: found === null ? 0 : 1 + found.depth,
          Queued: buckets.countAt(f),
        },
        -1,
      );
      let verdict = this.verdict(words, f);
      if (verdict !== undefined) return verdict;
      if (words.sum(Word.Listed) === 0) break;
      const diver = words.first(Word.Dove);
      if (diver >= 0) {
        const queued = words.sum(Word.Queued);
        this.proof = this.proofFrom(diver, found, words.get(diver, Word.Dove) - 1, f, queued, limits);
        bucketLimits = this.proof.limits;
      }
      // Only the depths some thread has slots at: the next is the least any thread may have, its own
      // lists or (having sent visits) another's at the next depth.
      for (let g = words.min(Word.NextDepth); g <= f; g = words.min(Word.NextDepth)) {
        const list = buckets.take(f, g);
        list?.sort();
        run.layer = g;
        this.sentAny = false;
        let i = 0;
        for (;;) {
          if (list !== null && i < list.length && this.failure === 0)
            this.guarded(() => {
              i = run.expandSlots(list, i, bucketLimits, via, crowded);
            });
          const next = Math.min(buckets.firstAt(f, g + 1), this.sentAny ? g + 1 : NONE);
          words = this.round({ More: list !== null && i < list.length ? 1 : 0, NextDepth: next }, g + 1);
          verdict = this.verdict(words, f);
          if (verdict !== undefined) return verdict;
          if (words.sum(Word.More) === 0) break;
        }
      }
      const { total, first } = run.wonAt(f);
      words = this.round({ Paths: total, Won: first >= 0 ? 1 : 0 }, -1);
      verdict = this.verdict(words, f);
      if (verdict !== undefined) return verdict;
      const paths = Math.min(this.cap, words.sum(Word.Paths));
      if (paths > 0) {
        const solution = this.solution(words.first(Word.Won), first, f);
        return this.outcome(words, "solved", null, {
          optimalLength: f,
          lowerBound: f,
          solution,
          optimalCount: Math.min(paths, this.countLimit),
          countCapped: paths > this.countLimit,
        });
      }
    }
    const words = this.round({}, -1);
    const verdict = this.verdict(words, length);
    if (verdict !== undefined) return verdict;
    if (words.sum(Word.Pruned) > 0)
      return this.outcome(words, "bounded", "maxDepth", { lowerBound: length + 1 });
    return this.outcome(words, "unsolvable", null, { lowerBound: null });
  }

  /** Ends a team's search: the run and the team are let go. */
  end(): void {
    this.run = null;
    this.team = null;
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
    const { run, cache } = this;
    if (run === null || this.failure !== 0 || run.stopped !== null || cache.free.length === 0) return false;
    const { buckets, bucketF } = run.frontier;
    const current = this.warmF === bucketF && this.warmG > run.layer;
    if (!current && this.warmF !== bucketF + 1) {
      this.warmF = bucketF;
      this.warmG = run.layer + 1;
      this.warmAt = 0;
    }
    for (;;) {
      const list = buckets.peek(this.warmF, this.warmG);
      while (list !== null && this.warmAt < list.length) {
        const core = Math.floor((list[this.warmAt++] as number) / cache.values);
        if (cache.successors[core * cache.free.length] !== UNKNOWN) continue;
        this.guarded(() => this.warm(core));
        return true;
      }
      const g = buckets.firstAt(this.warmF, this.warmG + 1);
      if (g !== NONE) {
        this.warmG = g;
        this.warmAt = 0;
      } else if (this.warmF === bucketF) {
        this.warmF++;
        this.warmG = 0;
        this.warmAt = 0;
      } else return false;
    }
  };

  /** Plays the free actions of `core` (see `warmAhead`). */
  private warm(core: number): void {
    const { cache } = this;
    const index = (this.team as MarkerTeam).index;
    cache.startExpanding(core);
    for (let i = 0; i < cache.free.length; i++) {
      const to = cache.successor(core, i);
      if (to >= 0 && cache.perMarker !== null && cache.estimates[to] === -1 && this.owner(to) === index)
        cache.estimate(to, 0);
    }
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
  private round(words: Partial<Record<keyof typeof Word, number>>, depth: number): RoundWords {
    const team = this.team as MarkerTeam;
    const run = this.run as BestFirstRun;
    const { cache } = this;
    const { tally } = run;
    const result = team.round(
      {
        ...words,
        Stop: run.stopped === null ? 0 : 1 + BOUNDS.indexOf(run.stopped),
        Inconsistent: this.failure,
        Seen: tally.seen,
        Expanded: tally.expanded,
        Pruned: tally.pruned ? 1 : 0,
        MarkerKind: cache.marker === null ? 0 : cache.marker.info.index + 1,
      },
      (from, box, length) => {
        if (this.failure === 0) this.guarded(() => this.receive(from, box, length, depth));
      },
      this.warmAhead,
    );
    run.othersSeen = result.sum(Word.Seen) - tally.seen;
    run.othersExpanded = result.sum(Word.Expanded) - tally.expanded;
    // Slots with a marker may have come in before this thread met the marker entity (see `withMarker`).
    const withKind = cache.marker === null ? result.first(Word.MarkerKind) : -1;
    if (withKind >= 0) {
      const kind = kindNamesOf(cache.space.pack)[result.get(withKind, Word.MarkerKind) - 1] as string;
      cache.marker = cache.space.pack.entity(kind);
    }
    return result;
  }

  /**
   * What a team round says about going on: `undefined` to go on; otherwise what the search ends with,
   * the same for every thread (a failure anywhere, or the lead's limits, at total `f`).
   */
  private verdict(words: RoundWords, f: number): SearchOutcome | null | "inconsistent" | undefined {
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
    if (stop === 0) return undefined;
    const bound = BOUNDS[stop - 1] as Bound;
    if (this.proof?.settles(bound)) return this.outcome(words, "solved", null, this.proof.uncounted);
    return this.outcome(words, "bounded", bound, { lowerBound: f });
  }

  private outcome(
    words: RoundWords,
    status: SearchOutcome["status"],
    bound: Bound | null,
    extra: Partial<SearchOutcome>,
  ): SearchOutcome {
    return searchOutcome(status, bound, words.sum(Word.Expanded), words.sum(Word.Seen), extra);
  }

  /** Sets up this search for a team's run: who owns which core, and the courier of each pair. */
  private joinTeam(team: MarkerTeam): void {
    const { cache } = this;
    if (this.ownerCount !== team.count) this.ownerOf.fill(-1);
    this.ownerCount = team.count;
    this.team = team;
    this.shipNo.fill(-1);
    this.failure = 0;
    this.error = null;
    this.proof = null;
    this.warmF = -1;
    this.warmG = 0;
    this.warmAt = 0;
    const layers = cache.space.keyWidth - 4;
    this.shipped = new Array(team.count).fill(0);
    this.shippers = [];
    this.receivers = [];
    this.fromOther = [];
    for (let t = 0; t < team.count; t++) {
      this.shippers.push(new Shipper(layers, cache.cells, cache.field));
      this.receivers.push(new Receiver(cache.space.pack, layers, cache.cells, cache.field, cache.emptyLayer));
      this.fromOther.push([]);
    }
  }

  /**
   * The thread that owns a core: by a hash of its layers' contents (the marker layer left out), the
   * same in every thread, so that moves that change no layer keep a core with its thread.
   */
  owner(core: number): number {
    if (core >= this.ownerOf.length) this.ownerOf = enlarged(this.ownerOf, this.cache.won.length, -1);
    const known = this.ownerOf[core] as number;
    if (known >= 0) return known;
    const { cache } = this;
    const key = this.ownerKey;
    cache.cores.keyOf(core, key);
    const state = cache.coreStates[core] as GameState;
    let h = 0x2545f491;
    for (let i = 0; i < this.layerHashes.length; i++) {
      if (i === cache.field) continue;
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
  sendVisit(owner: number, to: number, m: number, paths: number): void {
    const box = (this.team as MarkerTeam).outbox(owner);
    this.sentAny = true;
    if (to >= this.shipNo.length) this.shipNo = enlarged(this.shipNo, this.cache.won.length, -1);
    let n = this.shipNo[to] as number;
    if (n < 0) {
      // Numbers from 0: -1 marks a solution step's target (see `solution`).
      n = this.shipped[owner] as number;
      this.shipped[owner] = n + 1;
      this.shipNo[to] = n;
      this.cache.cores.keyOf(to, this.shipKey);
      (this.shippers[owner] as Shipper).ship(box, n, this.cache.coreStates[to] as GameState, this.shipKey);
    }
    (this.shippers[owner] as Shipper).visit(box, n, m, paths);
  }

  /** Reads another thread's box: the cores it sends (this thread's own), then its visits at `depth`. */
  private receive(from: number, box: Int32Array, length: number, depth: number): void {
    const map = this.fromOther[from] as number[];
    const team = this.team as MarkerTeam;
    const { cache } = this;
    const frontier = (this.run as BestFirstRun).frontier;
    (this.receivers[from] as Receiver).read(
      box,
      length,
      (n, state) => {
        if (n < 0) {
          this.target = state;
          return;
        }
        const core = cache.place(state, true);
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
        frontier.reach(core, m, core * cache.values + m, depth, paths);
      },
    );
  }

  /**
   * The proof of optimum `f` from thread `diver`'s dive (its `win`, `null` in the others), found by the
   * team together: the way to the listed slot it dove from (see `solution`), then the dive's actions,
   * which the diver posts one a round.
   */
  private proofFrom(
    diver: number,
    win: DiveFind | null,
    depth: number,
    f: number,
    queued: number,
    limits: Limits,
  ): Proof {
    const team = this.team as MarkerTeam;
    const mine = team.index === diver && win !== null;
    const path = this.solution(diver, mine ? win.slot : -1, depth);
    for (let k = depth; k < f; k++) {
      const words = this.round({ Action: mine ? (win.actions[k - depth] as number) : 0 }, -1);
      this.verdict(words, f);
      path.push(this.cache.space.actions[words.get(diver, Word.Action)] as ActionInput);
    }
    const run = this.run as BestFirstRun;
    return provedWith(path, f, run.tally.seen + run.othersSeen, queued, limits);
  }

  /**
   * One shortest action sequence to a won slot at depth `depth`, owned by thread `owner` (where it is
   * slot `slot`), found backwards as `solutionTo` does, each step by every thread among its own cores:
   * the owner of the slot sends it to the others, and the first thread that finds a predecessor owns
   * the next step's slot.
   */
  private solution(owner: number, slot: number, depth: number): ActionInput[] {
    const team = this.team as MarkerTeam;
    const { cache } = this;
    const { values } = cache;
    const path: number[] = [];
    for (let d = depth; d > 0; d--) {
      this.target = null;
      if (team.index === owner) {
        const core = Math.floor(slot / values);
        for (let t = 0; t < team.count; t++) {
          if (t === team.index) continue;
          const box = team.outbox(t);
          cache.cores.keyOf(core, this.shipKey);
          const shipper = this.shippers[t] as Shipper;
          shipper.ship(box, -1, cache.coreStates[core] as GameState, this.shipKey);
          shipper.visit(box, -1, slot % values, 0);
        }
      }
      let words = this.round({}, -1);
      this.verdict(words, depth);
      const local =
        team.index === owner
          ? slot
          : this.target === null
            ? -1
            : cache.place(this.target, false) * values + this.targetMarker;
      // Cheapest first, in every thread: the remembered free actions, then marker actions played again
      // from the likely markers, then from all.
      let step: Step | null = null;
      let finder = -1;
      for (const how of ["free", "likely", "tied"] as const) {
        if (local >= 0)
          this.guarded(() => {
            step = findPredecessor(cache, local, d, how);
          });
        const found = step as Step | null;
        words = this.round({ Found: found === null ? 0 : 1, Action: found?.action ?? 0 }, -1);
        this.verdict(words, depth);
        finder = words.first(Word.Found);
        if (finder >= 0) break;
      }
      if (finder < 0) throw new Error("internal error: a reached state has no predecessor");
      path.push(words.get(finder, Word.Action));
      owner = finder;
      slot = finder === team.index ? (step as unknown as Step).slot : -1;
    }
    return path.reverse().map((a) => cache.space.actions[a] as ActionInput);
  }
}
