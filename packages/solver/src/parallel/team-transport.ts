import { awaitAll } from "./barrier.js";

/**
 * The shared-memory transport of a team of threads (a lead, index 0, and helpers): the job word the
 * lead posts work on, a barrier, words each thread posts per round, and boxes of integers from each
 * thread to each other one. Rounds alternate between two sets of words and boxes (by parity), so a
 * thread that goes on to the next round cannot overwrite what a slower one still reads. A team (see
 * `MarkerTeam`, `TableTeam`) lays out its own words on it and says what they mean.
 *
 * Everything here is synchronous (`Atomics.wait`): helpers must be worker threads.
 *
 * The control words: the job (jobs posted times 4, plus the job), its argument, the barrier's
 * arrivals and generation, then the team's own words, then per parity the shared words and each
 * thread's words.
 */
const JOB = 0;
const ARGUMENT = 1;
const ARRIVED = 2;
const GENERATION = 3;
const HEADER = 4;

/** How a team uses the transport: counts of integers. */
export interface TransportShape {
  /** Control words of the team's own (see `TeamTransport.own`). */
  readonly own: number;
  /** Per round parity: words every thread shares, and words per thread. */
  readonly shared: number;
  readonly perThread: number;
  /** Integers in one box (one sender, one receiver, one parity); 0 for no boxes. */
  readonly box: number;
}

/** The buffers a lead creates and sends to its helpers once. */
export interface TransportBuffers {
  readonly control: SharedArrayBuffer;
  /** Absent when the shape has no boxes. */
  readonly boxes?: SharedArrayBuffer;
}

export function transportBuffers(count: number, shape: TransportShape): TransportBuffers {
  return {
    control: new SharedArrayBuffer(4 * (HEADER + shape.own + 2 * (shape.shared + count * shape.perThread))),
    // The pages of boxes never written cost nothing.
    boxes: new SharedArrayBuffer(4 * 2 * count * count * shape.box),
  };
}

/** A box being written: its integers (the first holds the length once sent) and how many are in it. */
export interface Outbox {
  data: Int32Array;
  length: number;
}

/** Job values are kept below 4: the job word keeps the count of jobs posted above them. */
const JOB_BITS = 2;

export class TeamTransport {
  readonly control: Int32Array;
  private readonly boxes: Int32Array;
  /** The parity of the round being prepared (see `round`). */
  private parity = 0;
  private readonly out: Outbox[] = [];

  constructor(
    buffers: TransportBuffers,
    private readonly shape: TransportShape,
    readonly index: number,
    readonly count: number,
  ) {
    this.control = new Int32Array(buffers.control);
    this.boxes = new Int32Array(buffers.boxes ?? new SharedArrayBuffer(0));
    if (shape.box > 0)
      for (let to = 0; to < count; to++) this.out.push({ data: this.box(0, index, to), length: 1 });
  }

  /** The control index of the team's own word `i`. */
  own(i: number): number {
    return HEADER + i;
  }

  /** The control index of shared word `i` of round parity `parity`. */
  shared(parity: number, i: number): number {
    const { own, shared, perThread } = this.shape;
    return HEADER + own + (parity & 1) * (shared + this.count * perThread) + i;
  }

  /** The control index of thread `thread`'s word `i` of round parity `parity`. */
  perThread(parity: number, thread: number, i: number): number {
    return this.shared(parity, this.shape.shared) + thread * this.shape.perThread + i;
  }

  /**
   * The lead: posts `job` (below 4) with `argument`, and wakes the helpers. Jobs are counted, so a
   * helper that waits for the job after the ones it has taken takes each exactly once.
   */
  postJob(job: number, argument = 0): void {
    Atomics.store(this.control, ARGUMENT, argument);
    const posted = Atomics.load(this.control, JOB) >> JOB_BITS;
    Atomics.store(this.control, JOB, ((posted + 1) << JOB_BITS) | job);
    Atomics.notify(this.control, JOB);
  }

  /** The job posted last (0 before any). */
  postedJob(): number {
    return Atomics.load(this.control, JOB) & ((1 << JOB_BITS) - 1);
  }

  /**
   * A helper: waits until more than `taken` jobs have been posted; returns the last, its argument,
   * and how many jobs have been posted (pass it as `taken` next time).
   */
  awaitJob(taken: number): { job: number; argument: number; posted: number } {
    for (;;) {
      const word = Atomics.load(this.control, JOB);
      if (word >> JOB_BITS > taken)
        return {
          job: word & ((1 << JOB_BITS) - 1),
          argument: Atomics.load(this.control, ARGUMENT),
          posted: word >> JOB_BITS,
        };
      Atomics.wait(this.control, JOB, word);
    }
  }

  /** Waits for `participants` threads (see `awaitAll`). */
  barrier(participants: number, last?: () => void, spins = 0, idle?: () => boolean): void {
    awaitAll(this.control, ARRIVED, GENERATION, participants, last, spins, idle);
  }

  /** How many barriers have been passed. */
  generation(): number {
    return Atomics.load(this.control, GENERATION);
  }

  /** Waits until barrier number `generation` has been passed (the count wraps around safely). */
  awaitGeneration(generation: number): void {
    for (let g = this.generation(); g - generation < 0; g = this.generation())
      Atomics.wait(this.control, GENERATION, g);
  }

  private box(parity: number, from: number, to: number): Int32Array {
    const { box } = this.shape;
    const at = ((parity * this.count + from) * this.count + to) * box;
    return this.boxes.subarray(at, at + box);
  }

  /** The box to thread `to` of the round being prepared. */
  outbox(to: number): Outbox {
    return this.out[to] as Outbox;
  }

  /** Whether some box of the round being prepared has less than `room` integers left. */
  crowded(room: number): boolean {
    for (const box of this.out) if (box.data.length - box.length < room) return true;
    return false;
  }

  /**
   * Ends a round of every thread: posts this thread's words (`words[i]` as its word `i`, the rest 0)
   * and boxes, waits for every thread (running `idle`, if given, while it waits; checking `spins`
   * times before it sleeps), then calls `read` with each other thread's box to this one, in thread
   * order, and returns the round's words, valid until the round after next.
   */
  round(
    words: ArrayLike<number>,
    read: (from: number, box: Int32Array, length: number) => void,
    spins = 0,
    idle?: () => boolean,
  ): RoundWords {
    const { parity, control } = this;
    for (let i = 0; i < this.shape.perThread; i++)
      Atomics.store(control, this.perThread(parity, this.index, i), words[i] ?? 0);
    for (const box of this.out) box.data[0] = box.length;
    this.barrier(this.count, undefined, spins, idle);
    for (let from = 0; from < this.count; from++) {
      if (from === this.index) continue;
      const box = this.box(parity, from, this.index);
      read(from, box, box[0] as number);
    }
    const result = new RoundWords(control, this.count, (thread, word) =>
      this.perThread(parity, thread, word),
    );
    this.parity ^= 1;
    this.out.forEach((box, to) => {
      box.data = this.box(this.parity, this.index, to);
      box.length = 1;
    });
    return result;
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
