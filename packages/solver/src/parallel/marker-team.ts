import {
  type Outbox,
  RoundWords,
  TeamTransport,
  type TransportBuffers,
  type TransportShape,
  transportBuffers,
} from "./team-transport.js";

export { type Outbox, RoundWords };

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
export type MarkerTeamBuffers = TransportBuffers;

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
  /** 1 + the depth of the listed slot a thread's dive found a win from (see `dive`), else 0. */
  Dove: 13,
  /** How many slots the thread has listed at the current total. */
  Queued: 14,
} as const;
const WORDS = 15;

/** What the lead asks of its helpers: nothing yet, a search (its bound as the job's argument), or go home. */
export const MarkerJob = { Wait: 0, Search: 1, Quit: 2 } as const;

/** Checks of the barrier before a thread sleeps (a few microseconds). */
const SPINS = 2000;

/**
 * The transport's use: one word per `Word` per thread, and boxes of 8 MB (integers in one box: one
 * sender, one receiver, one round parity).
 */
const SHAPE: TransportShape = { own: 0, shared: 0, perThread: WORDS, box: 1 << 21 };
/**
 * A thread ends its part of a round once a box has less than this room left: far more than one
 * core's expansion writes (a visit per marker and action, with a state and its layers).
 */
const ROOM = 1 << 18;

export function markerTeamBuffers(count: number): MarkerTeamBuffers {
  return transportBuffers(count, SHAPE);
}

export class MarkerTeam {
  private readonly transport: TeamTransport;
  /** The searches this lead has posted (see `postSearch`). */
  private searches = 0;
  /** The jobs this helper has taken (see `awaitJob`). */
  private taken = 0;
  /** Scratch for a round's words, by `Word`. */
  private readonly words = new Int32Array(WORDS);

  constructor(
    buffers: MarkerTeamBuffers,
    readonly index: number,
    readonly count: number,
  ) {
    this.transport = new TeamTransport(buffers, SHAPE, index, count);
  }

  /** The box to thread `to` of the round being prepared. */
  outbox(to: number): Outbox {
    return this.transport.outbox(to);
  }

  /** Whether some box of this round has less than `ROOM` left. */
  crowded(): boolean {
    return this.transport.crowded(ROOM);
  }

  /**
   * Ends a round: posts this thread's words (by `Word`, the others 0), waits for every thread (running
   * `idle`, if given, while it waits), then calls `read` with each other thread's box to this one, in
   * thread order, and returns the round's words, valid until the next round (see
   * `TeamTransport.round`).
   */
  round(
    words: Partial<Record<keyof typeof Word, number>>,
    read: (from: number, box: Int32Array, length: number) => void,
    idle?: () => boolean,
  ): RoundWords {
    const posted = this.words;
    for (const [name, word] of Object.entries(Word)) posted[word] = words[name as keyof typeof Word] ?? 0;
    // Most rounds are short: a brief spin saves the cost of falling asleep and being woken.
    return this.transport.round(posted, read, SPINS, idle);
  }

  /** The lead: asks the helpers to search with `bound` (-1: none); each helper takes it once. */
  postSearch(bound: number): void {
    this.searches++;
    this.transport.postJob(MarkerJob.Search, bound);
  }

  /** The lead: whether it has asked the helpers to search (a level may be settled before they join). */
  get searched(): boolean {
    return this.searches > 0;
  }

  /** The lead: sends the helpers home. */
  postQuit(): void {
    this.transport.postJob(MarkerJob.Quit);
  }

  /** A helper: waits for the next job; a search's bound (`null`: none) comes with it. */
  awaitJob(): { job: number; bound: number | null } {
    const { job, argument, posted } = this.transport.awaitJob(this.taken);
    this.taken = posted;
    return { job, bound: argument < 0 ? null : argument };
  }
}

export function joinMarkerTeam(buffers: MarkerTeamBuffers, index: number, count: number): MarkerTeam {
  return new MarkerTeam(buffers, index, count);
}
