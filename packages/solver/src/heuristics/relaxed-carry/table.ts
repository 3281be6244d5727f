import type { RelaxedSpace } from "../../models/index.js";
import {
  admitLead,
  barrier,
  finishedAlone,
  Job,
  joinFill,
  leadJoined,
  paritySlots,
  postedJob,
  postJob,
  setParticipants,
  type TableTeam,
} from "../../parallel/table-team.js";
import { Int32List } from "../../tables/int32-list.js";
import { written } from "../../tables/written.js";

/** Distance value for states farther than the table's horizon (or never able to win). */
export const BEYOND = 255;

/** A distance table and how far its search got: `BEYOND` means more than `reached` steps. */
export interface Distances {
  /**
   * Per state, `BEYOND` minus its distance (read it with `distanceAt`): a new table, all zeros, says
   * `BEYOND` everywhere without a byte written first, which took a quarter of a second for the
   * largest tables (371 M states) before every fill.
   */
  readonly stored: Uint8Array;
  /** The last distance fully filled in. */
  readonly reached: number;
  /** Whether the search ran dry: then `BEYOND` means the goal cannot be reached at all. */
  readonly complete: boolean;
}

/** The distance table `table` holds for state `index`: `BEYOND` when none within it. */
export function distanceAt(table: Distances, index: number): number {
  return BEYOND - (table.stored[index] as number);
}

/** What a table stores for distance `d` (see `Distances.stored`). */
const storedAs = (d: number): number => BEYOND - d;
/** What a table stores for a state it has not reached. */
const UNREACHED = 0;

/**
 * Distances to the goal in a relaxed model the engine built, by breadth-first search backwards from
 * every goal state, out to `horizon` steps: one byte per relaxed state, `BEYOND` past the horizon.
 * Virtual states sit between two states at no cost of their own. The search stops early at
 * `deadline` (a `performance.now()` time), leaving a weaker table. With a `team`, its threads fill
 * the table together (see `fillTogether`).
 */
export function relaxedDistances(
  space: RelaxedSpace,
  horizon: number,
  deadline = Number.POSITIVE_INFINITY,
  team: TableTeam | null = null,
): Distances {
  if (team !== null) return fillTogether(space, horizon, deadline, team);
  const stored = written(new Uint8Array(space.size));
  const virtualStored = written(new Uint8Array(space.virtualSize));
  const claimed = written(new Uint8Array(space.groups));
  const layer = new Int32List();
  space.goals((index) => {
    stored[index] = storedAs(0);
    layer.push(index);
  });
  let reached = 0;
  for (let d = 0; d < horizon && layer.count > 0; d++) {
    if (performance.now() > deadline) return { stored, reached, complete: false };
    const current = layer.take();
    const next = storedAs(d + 1);
    // A step from a state that cannot occur comes as -1 (see `RelaxedSpace`).
    const reach = (from: number) => {
      if (from < 0 || stored[from] !== UNREACHED) return;
      stored[from] = next;
      layer.push(from);
    };
    const virtuals: number[] = [];
    const reachVirtual = (v: number) => {
      if (v < 0 || virtualStored[v] !== UNREACHED) return;
      virtualStored[v] = storedAs(d);
      virtuals.push(v);
    };
    const expand = expander(space, stored, claimed, d, reach, reachVirtual, false);
    for (let i = 0; i < current.length; i++) expand(current[i] as number);
    for (const v of virtuals) space.virtualPredecessors(v, reach);
    reached = d + 1;
  }
  return { stored, reached, complete: layer.count === 0 };
}

/**
 * What expands a state of layer `d`: its predecessors, or, where the space groups its states, those
 * of every state of its group in that layer, the first time a state of the group comes up (`claimed`
 * holds the layer plus one per group; `atomic` when threads share it).
 */
function expander(
  space: RelaxedSpace,
  stored: Uint8Array,
  claimed: Uint8Array,
  d: number,
  reach: (from: number) => void,
  reachVirtual: (v: number) => void,
  atomic: boolean,
): (index: number) => void {
  // Buffers made without room for the groups (see `teamBuffers`) expand state by state.
  if (space.groups === 0 || claimed.length < space.groups)
    return (index) => space.predecessors(index, reach, reachVirtual);
  // Layers stop short of `BEYOND`, so the stamp fits a byte and is never 0, the unclaimed value.
  const stamp = d + 1;
  const inLayer = storedAs(d);
  // A state's layer is written once, before the layer is expanded, so reading it needs no atomics.
  const member = (index: number) => stored[index] === inLayer;
  return (index) => {
    const group = space.groupOf(index);
    if (claimed[group] === stamp) return;
    if (atomic) {
      if (Atomics.exchange(claimed, group, stamp) === stamp) return;
    } else claimed[group] = stamp;
    space.groupPredecessors(index, member, reach, reachVirtual);
  };
}

/** States a thread takes from a shared frontier at a time. */
const CHUNK = 1024;
/** New states a thread puts in the shared frontier at a time. */
const PUT_BATCH = 256;

/**
 * The lead's start of a fill its helpers begin alone (see `fillTogether`): the goal states as the
 * first layer, and the helpers woken. The lead joins them when it needs the table. The team's
 * buffers are for one fill: their table is new, all `BEYOND` (see `Distances.stored`).
 */
export function startFill(space: RelaxedSpace, team: TableTeam, participants = team.count - 1): void {
  const { stored, control, frontiers } = team;
  for (const layer of [0, 1]) {
    const slots = paritySlots(team, layer);
    Atomics.store(control, slots.stop, 0);
    Atomics.store(control, slots.put, 0);
    Atomics.store(control, slots.taken, 0);
  }
  // Written once before the threads read it (see `written`): the table is still all zeros.
  written(stored);
  written(team.virtualStored);
  written(team.claimed);
  const capacity = frontiers[0].length;
  let goals = 0;
  space.goals((index) => {
    stored[index] = storedAs(0);
    // The goals are far fewer than a buffer holds.
    if (goals < capacity) frontiers[0][goals++] = index;
  });
  Atomics.store(control, paritySlots(team, 0).put, goals);
  setParticipants(team, participants);
  postJob(team, Job.Fill);
}

/**
 * `relaxedDistances` run by every thread of `team` on its shared table; the lead (thread 0) watches
 * the deadline. A layer's states sit in a shared buffer that the threads take in chunks, so each
 * expands about as many as the others whatever it found; a thread claims each state it finds with an
 * atomic exchange, so it joins the next layer once, and puts it in the other buffer (or keeps it,
 * when that is full). The threads wait for each other between layers.
 *
 * The helpers may start alone (`startFill`), while the lead still searches without the table; the
 * lead then joins them at the start of a layer, or takes the table they finished. Without a lead,
 * nobody watches a deadline: the lead stops the helpers (`Job.Quit`) if it never needs the table.
 */
function fillTogether(space: RelaxedSpace, horizon: number, deadline: number, team: TableTeam): Distances {
  const { stored, virtualStored, control, frontiers } = team;
  const lead = team.index === 0;
  let first = 0;
  if (lead) {
    if (postedJob(team) === Job.Fill) {
      const joined = joinFill(team);
      if (!("layer" in joined)) return { stored, reached: joined.reached, complete: joined.complete };
      first = joined.layer;
    } else startFill(space, team, team.count);
  }
  const capacity = frontiers[0].length;
  let kept = new Int32List();
  // A thread's new states go to the shared buffer a batch at a time: one atomic add per state on the
  // shared count kept both threads waiting on its cache line.
  const batch = new Int32Array(PUT_BATCH);
  let batched = 0;
  let batchLayer = 0;
  const flush = () => {
    if (batched === 0) return;
    const at = Atomics.add(control, paritySlots(team, batchLayer).put, batched);
    const buffer = frontiers[batchLayer % 2] as Int32Array;
    for (let j = 0; j < batched; j++) {
      if (at + j < capacity) buffer[at + j] = batch[j] as number;
      else kept.push(batch[j] as number);
    }
    batched = 0;
  };
  const put = (layer: number, index: number) => {
    batchLayer = layer;
    batch[batched++] = index;
    if (batched === PUT_BATCH) flush();
  };
  let reached = first;
  const end = (complete: boolean): Distances => {
    if (!lead && !leadJoined(team)) finishedAlone(team, reached, complete);
    return { stored, reached, complete };
  };
  for (let d = first; d < horizon; d++) {
    const slots = paritySlots(team, d);
    const following = paritySlots(team, d + 1);
    if (lead ? performance.now() > deadline : postedJob(team) === Job.Quit)
      Atomics.store(control, slots.stop, 1);
    Atomics.store(control, slots.kept + team.index, kept.count);
    const layerSize = () => {
      let size = Math.min(Atomics.load(control, slots.put), capacity);
      for (let t = 0; t < team.count; t++) size += Atomics.load(control, slots.kept + t);
      return size;
    };
    // The buffer of the next layer was the last layer's: emptied once every thread is done with it.
    // A lead that asked to join comes in at the next layer, when the fill goes on to it.
    barrier(team, () => {
      Atomics.store(control, following.put, 0);
      Atomics.store(control, following.taken, 0);
      if (d + 1 < horizon && Atomics.load(control, slots.stop) === 0 && layerSize() > 0)
        admitLead(team, d + 1);
    });
    const inBuffer = Math.min(Atomics.load(control, slots.put), capacity);
    const left = layerSize();
    if (left === 0) return end(true);
    if (Atomics.load(control, slots.stop) === 1) return end(false);
    const mine = kept.take();
    kept = new Int32List();
    const next = d + 1;
    const nextStored = storedAs(next);
    // A step from a state that cannot occur comes as -1 (see `RelaxedSpace`).
    const reach = (from: number) => {
      if (from < 0 || stored[from] !== UNREACHED) return;
      if (Atomics.compareExchange(stored, from, UNREACHED, nextStored) === UNREACHED) put(next, from);
    };
    const virtuals: number[] = [];
    const reachVirtual = (v: number) => {
      if (v < 0 || virtualStored[v] !== UNREACHED) return;
      if (Atomics.compareExchange(virtualStored, v, UNREACHED, storedAs(d)) === UNREACHED) virtuals.push(v);
    };
    const buffer = frontiers[d % 2] as Int32Array;
    const expand = expander(space, stored, team.claimed, d, reach, reachVirtual, true);
    for (;;) {
      const from = Atomics.add(control, slots.taken, CHUNK);
      if (from >= inBuffer) break;
      const to = Math.min(inBuffer, from + CHUNK);
      for (let i = from; i < to; i++) expand(buffer[i] as number);
    }
    for (let i = 0; i < mine.length; i++) expand(mine[i] as number);
    for (const v of virtuals) space.virtualPredecessors(v, reach);
    flush();
    reached = next;
  }
  // Stopped at the horizon: the table counts as cut short (a weaker bound past it, still admissible).
  return end(false);
}
