import { awaitAll } from "./barrier.js";

/**
 * Threads that run one best-first marker search together (see `ReusableMarkerSearch.bestFirst`), each
 * on its own share of the cores: a core belongs to the thread its board's layers hash to (the marker
 * layer left out), so the moves that leave every layer as it was, most of a search's moves, stay with
 * the thread that made them. The others' visits and the states of cores new to them cross in
 * shared-memory boxes, one round at a time; the threads meet at a barrier between rounds.
 *
 * Everything here is synchronous (`Atomics.wait`): the threads must be worker threads.
 */

/** The buffers a lead creates and sends to its helpers once (see `joinMarkerTeam`). */
export interface MarkerTeamBuffers {
  readonly control: SharedArrayBuffer;
  readonly boxes: SharedArrayBuffer;
}

/** What a thread may post to the others at a round: see `MarkerTeam.round`. */
export const Word = {
  /** 1 when the thread has slots of the bucket left for another round. */
  More: 0,
  /** 1 + the bound's number when the thread's limits stopped the search, else 0. */
  Stop: 1,
  /**
   * What went wrong in the thread, worst kept: an inconsistent heuristic (see
   * `ReusableMarkerSearch.bestFirst`), a state outside the marker search, or an error.
   */
  Inconsistent: 2,
  Seen: 3,
  Expanded: 4,
  /** Whether anything is listed at the current total or beyond. */
  Listed: 5,
  /** Paths to won slots at the current depth, and whether the thread holds one. */
  Paths: 6,
  Won: 7,
  /** Solution steps: whether the thread found a predecessor, and by which action. */
  Found: 8,
  Action: 9,
  /** Whether some shortest way was cut by pruning. */
  Pruned: 10,
  /** The next depth the thread may have slots at, within the current total. */
  NextDepth: 11,
  /**
   * 1 + the kind index of the marker entity, once the thread has met one (0 before): a thread that
   * has only received slots with a marker never met it, and needs it to play their marker's actions.
   */
  MarkerKind: 12,
} as const;
const WORDS = 13;

/** What the lead asks of its helpers: nothing yet, a search (its bound in `BOUND`), or go home. */
export const MarkerJob = { Wait: 0, Search: 1, Quit: 2 } as const;

const JOB = 0;
const ARRIVED = 1;
const GENERATION = 2;
const BOUND = 3;
const HEADER = 4;
/** Checks of the barrier before a thread sleeps (a few microseconds). */
const SPINS = 2000;

/** Integers in one box (one sender, one receiver, one round parity): 8 MB. */
const BOX = 1 << 21;
/**
 * A thread ends its part of a round once a box has less than this room left: far more than one
 * core's expansion writes (a visit per marker and action, with a state and its layers).
 */
const ROOM = 1 << 18;

export function markerTeamBuffers(count: number): MarkerTeamBuffers {
  return {
    control: new SharedArrayBuffer(4 * (HEADER + 2 * count * WORDS)),
    // The pages of boxes never written cost nothing.
    boxes: new SharedArrayBuffer(4 * 2 * count * count * BOX),
  };
}

/** A box being written: its integers and how many are in it. */
export interface Outbox {
  data: Int32Array;
  length: number;
}

export class MarkerTeam {
  private readonly control: Int32Array;
  private readonly boxes: Int32Array;
  private parity = 0;
  private readonly out: Outbox[];
  /** The jobs this helper has taken (see `awaitJob`). */
  private taken = 0;

  constructor(
    buffers: MarkerTeamBuffers,
    readonly index: number,
    readonly count: number,
  ) {
    this.control = new Int32Array(buffers.control);
    this.boxes = new Int32Array(buffers.boxes);
    this.out = [];
    for (let to = 0; to < count; to++) this.out.push({ data: this.box(0, index, to), length: 1 });
  }

  private box(parity: number, from: number, to: number): Int32Array {
    const at = ((parity * this.count + from) * this.count + to) * BOX;
    return this.boxes.subarray(at, at + BOX);
  }

  /** The box to thread `to` of the round being prepared. */
  outbox(to: number): Outbox {
    return this.out[to] as Outbox;
  }

  /** Whether some box of this round has less than `ROOM` left. */
  crowded(): boolean {
    for (const box of this.out) if (box.data.length - box.length < ROOM) return true;
    return false;
  }

  private wordAt(parity: number, thread: number, word: number): number {
    return HEADER + (parity * this.count + thread) * WORDS + word;
  }

  /**
   * Ends a round: posts this thread's words (by `Word`, the others 0), waits for every thread (running
   * `idle`, if given, while it waits), then
   * calls `read` with each other thread's box to this one, in thread order, and returns the round's
   * words, valid until the next round. Boxes and words alternate between two sets, so a thread that
   * goes on to the next round cannot overwrite what a slower one still reads.
   */
  round(
    words: Partial<Record<keyof typeof Word, number>>,
    read: (from: number, box: Int32Array, length: number) => void,
    idle?: () => boolean,
  ): RoundWords {
    const parity = this.parity;
    for (const [name, word] of Object.entries(Word))
      Atomics.store(
        this.control,
        this.wordAt(parity, this.index, word),
        words[name as keyof typeof Word] ?? 0,
      );
    for (const box of this.out) box.data[0] = box.length;
    this.barrier(idle);
    for (let from = 0; from < this.count; from++) {
      if (from === this.index) continue;
      const box = this.box(parity, from, this.index);
      read(from, box, box[0] as number);
    }
    const result = new RoundWords(this.control, this.count, (thread, word) =>
      this.wordAt(parity, thread, word),
    );
    this.parity ^= 1;
    this.out.forEach((box, to) => {
      box.data = this.box(this.parity, this.index, to);
      box.length = 1;
    });
    return result;
  }

  private barrier(idle?: () => boolean): void {
    // Most rounds are short: a brief spin saves the cost of falling asleep and being woken.
    awaitAll(this.control, ARRIVED, GENERATION, this.count, undefined, SPINS, idle);
  }

  /**
   * The lead: asks the helpers to search with `bound` (-1: none). The job word counts the jobs posted
   * (times 4, plus the job), so every helper takes each one once.
   */
  postSearch(bound: number): void {
    Atomics.store(this.control, BOUND, bound);
    this.postJob(MarkerJob.Search);
  }

  /** The lead: sends the helpers home. */
  postQuit(): void {
    this.postJob(MarkerJob.Quit);
  }

  private postJob(job: number): void {
    const posted = Atomics.load(this.control, JOB) >> 2;
    Atomics.store(this.control, JOB, ((posted + 1) << 2) | job);
    Atomics.notify(this.control, JOB);
  }

  /** A helper: waits for the next job; a search's bound (`null`: none) comes with it. */
  awaitJob(): { job: number; bound: number | null } {
    for (;;) {
      const word = Atomics.load(this.control, JOB);
      if (word >> 2 > this.taken) {
        this.taken = word >> 2;
        const bound = Atomics.load(this.control, BOUND);
        return { job: word & 3, bound: bound < 0 ? null : bound };
      }
      Atomics.wait(this.control, JOB, word);
    }
  }
}

/** The words every thread posted for one round. */
export class RoundWords {
  constructor(
    private readonly control: Int32Array,
    readonly count: number,
    private readonly at: (thread: number, word: number) => number,
  ) {}

  get(thread: number, word: number): number {
    return Atomics.load(this.control, this.at(thread, word));
  }

  /** The word summed over the threads. */
  sum(word: number): number {
    let total = 0;
    for (let t = 0; t < this.count; t++) total += this.get(t, word);
    return total;
  }

  /** The least of the word over the threads. */
  min(word: number): number {
    let least = Number.POSITIVE_INFINITY;
    for (let t = 0; t < this.count; t++) least = Math.min(least, this.get(t, word));
    return least;
  }

  /** The first thread whose word is not 0, or -1. */
  first(word: number): number {
    for (let t = 0; t < this.count; t++) if (this.get(t, word) !== 0) return t;
    return -1;
  }
}

export function joinMarkerTeam(buffers: MarkerTeamBuffers, index: number, count: number): MarkerTeam {
  return new MarkerTeam(buffers, index, count);
}
