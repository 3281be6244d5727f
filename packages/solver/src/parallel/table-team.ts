import { TeamTransport, type TransportShape, transportBuffers } from "./team-transport.js";

/**
 * Threads that fill one distance table together, in shared memory: a lead (index 0), which searches
 * the level and decides when the table is needed, and helpers parked until then. Everything here is
 * synchronous (`Atomics.wait`), so a search can have the table filled in the middle of its own
 * synchronous run. Helpers must be worker threads: the main thread may not wait.
 */
export interface TableTeam {
  readonly index: number;
  readonly count: number;
  /** The job, the barrier, the team's words and per layer parity its round words (see `paritySlots`). */
  readonly transport: TeamTransport;
  /** The transport's control words. */
  readonly control: Int32Array;
  /**
   * The table and its virtual states' distances, shared by every thread, stored as `BEYOND` minus the
   * distance (see `Distances.stored`): new buffers need no writing before a fill.
   */
  readonly stored: Uint8Array;
  readonly virtualStored: Uint8Array;
  /**
   * Per group of states (see `RelaxedSpace.groups`), the layer plus one whose states of that group a
   * thread has taken on; empty when the space does not group its states.
   */
  readonly claimed: Uint8Array;
  /**
   * Two frontier buffers, used by turns: the layer being expanded, which threads take in chunks, and
   * the next, which they fill. States beyond a buffer's length stay with the thread that found them.
   */
  readonly frontiers: readonly [Int32Array, Int32Array];
}

/** The buffers a lead creates and sends to its helpers once (see `joinTeam`). */
export interface TeamBuffers {
  readonly control: SharedArrayBuffer;
  readonly stored: SharedArrayBuffer;
  readonly virtualStored: SharedArrayBuffer;
  readonly claimed: SharedArrayBuffer;
  readonly frontiers: readonly [SharedArrayBuffer, SharedArrayBuffer];
}

/** The team's own control words: how many threads the barrier waits for (the helpers fill alone until the lead joins them). */
const PARTICIPANTS = 0;
/** The lead asks to join (1); the layer at which it joined, or -1 before, or -2 when the helpers finished alone. */
const JOIN = 1;
const JOINED_AT = 2;
/** What the helpers' fill reached when they finished alone, and whether it was complete (1). */
const DONE_REACHED = 3;
const DONE_COMPLETE = 4;
/** The barrier generation from which the lead takes part (see `admitLead`). */
const JOINED_GENERATION = 5;
/**
 * Per layer parity: the stop flag, the states put in and taken out of that frontier buffer (shared),
 * then per thread the states it kept. No boxes: the frontiers are buffers of their own.
 */
const SHAPE: TransportShape = { own: 6, shared: 3, perThread: 1, box: 0 };

/** The most states a shared frontier buffer holds (32 MB each); the rest stay with their finders. */
const FRONTIER_CAPACITY = 1 << 23;

/** What the lead asks of its helpers: nothing yet, fill the table, or go home. */
export const Job = { Wait: 0, Fill: 1, Quit: 2 } as const;

/**
 * Buffers for a table of `entries` states and `virtualEntries` virtual ones, in `groups` groups (see
 * `RelaxedSpace.groups`), shared by `count` threads. The table is not touched until it is filled, so its pages cost nothing until then.
 */
export function teamBuffers(count: number, entries: number, virtualEntries: number, groups = 0): TeamBuffers {
  return {
    control: transportBuffers(count, SHAPE).control,
    stored: new SharedArrayBuffer(entries),
    virtualStored: new SharedArrayBuffer(virtualEntries),
    claimed: new SharedArrayBuffer(groups),
    frontiers: [
      new SharedArrayBuffer(4 * Math.min(entries, FRONTIER_CAPACITY)),
      new SharedArrayBuffer(4 * Math.min(entries, FRONTIER_CAPACITY)),
    ],
  };
}

/** Thread `index` of `count` on the team the buffers belong to. */
export function joinTeam(buffers: TeamBuffers, index: number, count: number): TableTeam {
  const transport = new TeamTransport({ control: buffers.control }, SHAPE, index, count);
  return {
    index,
    count,
    transport,
    control: transport.control,
    stored: new Uint8Array(buffers.stored),
    virtualStored: new Uint8Array(buffers.virtualStored),
    claimed: new Uint8Array(buffers.claimed),
    frontiers: [new Int32Array(buffers.frontiers[0]), new Int32Array(buffers.frontiers[1])],
  };
}

/** Sets the helpers' job and wakes them (the lead only). */
export function postJob(team: TableTeam, job: number): void {
  team.transport.postJob(job);
}

/** Whether the lead has joined the helpers' fill (or filled with them from the start). */
export function leadJoined(team: TableTeam): boolean {
  return Atomics.load(team.control, team.transport.own(JOINED_AT)) >= 0;
}

/** The job the lead posted last. */
export function postedJob(team: TableTeam): number {
  return team.transport.postedJob();
}

/** Parks a helper until the lead posts a job, and returns it. */
export function awaitJob(team: TableTeam): number {
  // The lead posts one job for a helper's life: the first one.
  return team.transport.awaitJob(0).job;
}

/**
 * Waits until every thread filling the table has arrived; the last to arrive runs `last` before it
 * lets the others go.
 */
export function barrier(team: TableTeam, last?: () => void): void {
  const { control, transport } = team;
  transport.barrier(Atomics.load(control, transport.own(PARTICIPANTS)), last);
}

/** Sets who fills the table from the first layer on: every thread, or the helpers alone (the lead joins later). */
export function setParticipants(team: TableTeam, participants: number): void {
  const { control, transport } = team;
  Atomics.store(control, transport.own(PARTICIPANTS), participants);
  Atomics.store(control, transport.own(JOIN), 0);
  Atomics.store(control, transport.own(JOINED_AT), -1);
}

/**
 * Lets the lead in from layer `layer` on, if it asked to join; returns whether it did. Only the last
 * thread to reach a barrier may call this, before it lets the others go: then every thread reads the
 * new count at the next barrier. (A helper that let the lead in before its own barrier could leave
 * another helper, already waiting there, counting one thread fewer: the barrier opened before the
 * lead arrived, and the lead then ran a layer behind the helpers, labelling states with distances
 * that were too small.)
 */
export function admitLead(team: TableTeam, layer: number): boolean {
  const { control, transport } = team;
  const joinedAt = transport.own(JOINED_AT);
  if (Atomics.load(control, transport.own(JOIN)) !== 1 || Atomics.load(control, joinedAt) !== -1)
    return false;
  Atomics.add(control, transport.own(PARTICIPANTS), 1);
  // The barrier being passed still has to count its arrivals down: the lead arrives at the next one.
  Atomics.store(control, transport.own(JOINED_GENERATION), transport.generation() + 1);
  Atomics.store(control, joinedAt, layer);
  Atomics.notify(control, joinedAt);
  return true;
}

/** Helpers that finished the table before the lead joined say what they reached. */
export function finishedAlone(team: TableTeam, reached: number, complete: boolean): void {
  const { control, transport } = team;
  const joinedAt = transport.own(JOINED_AT);
  Atomics.store(control, transport.own(DONE_REACHED), reached);
  Atomics.store(control, transport.own(DONE_COMPLETE), complete ? 1 : 0);
  if (Atomics.compareExchange(control, joinedAt, -1, -2) === -1) Atomics.notify(control, joinedAt);
}

/**
 * The lead asks to join helpers that started without it, and waits: the layer it joins at, or what
 * the helpers reached when they had already finished.
 */
export function joinFill(team: TableTeam): { layer: number } | { reached: number; complete: boolean } {
  const { control, transport } = team;
  const joinedAt = transport.own(JOINED_AT);
  Atomics.store(control, transport.own(JOIN), 1);
  for (;;) {
    const at = Atomics.load(control, joinedAt);
    if (at >= 0) {
      transport.awaitGeneration(Atomics.load(control, transport.own(JOINED_GENERATION)));
      return { layer: at };
    }
    if (at === -2)
      return {
        reached: Atomics.load(control, transport.own(DONE_REACHED)),
        complete: Atomics.load(control, transport.own(DONE_COMPLETE)) === 1,
      };
    Atomics.wait(control, joinedAt, at);
  }
}

/** The control slots of a frontier parity (the layer number modulo 2). */
export interface ParitySlots {
  /** 1 once the lead has asked to stop before this layer. */
  readonly stop: number;
  /** How many states were put in the parity's buffer (some may not fit), and taken out so far. */
  readonly put: number;
  readonly taken: number;
  /** The first of one slot per thread: how many states it kept for itself (beyond the buffer). */
  readonly kept: number;
}

/**
 * The slots of a layer's parity. Layers alternate between two sets: a thread that went on to the next
 * layer cannot overwrite what a slower one still has to read.
 */
export function paritySlots(team: TableTeam, layer: number): ParitySlots {
  const { transport } = team;
  const parity = layer % 2;
  return {
    stop: transport.shared(parity, 0),
    put: transport.shared(parity, 1),
    taken: transport.shared(parity, 2),
    kept: transport.perThread(parity, 0, 0),
  };
}
