import { LANES } from "./fingerprint.js";
import { written } from "./written.js";

/**
 * The states of a breadth-first search that several threads share, in shared memory: a set of
 * fingerprints (see `SearchSpace.fingerprint`) that gives each state a dense id, and per id the
 * depth it was first reached at, its parent, the action from it, and the number of shortest paths
 * into it (capped). Threads insert concurrently: one compare-and-swap claims an empty slot, and a
 * state's data is written before its slot is published, so a thread that finds it reads it whole.
 *
 * The buffers do not grow while threads work: between layers, when the next layer might not fit
 * (`needsRoom`), one thread makes a larger copy (`grown`) and hands it to the others.
 */
export interface SharedStateBuffers {
  /** Per slot: a word (0 empty, -1 being written, id + 1), then the fingerprint's lanes. */
  readonly slots: SharedArrayBuffer;
  /** The number of ids given out. */
  readonly count: SharedArrayBuffer;
  /** Per id: depth, parent id (-1 for the start), action index, paths. */
  readonly data: SharedArrayBuffer;
}

const SLOT = 1 + LANES;
const FIELDS = 4;
const DEPTH = 0;
const PARENT = 1;
const VIA = 2;
const PATHS = 3;
const WRITING = -1;

export class SharedStates {
  private readonly slots: Int32Array;
  private readonly counter: Int32Array;
  private readonly data: Int32Array;
  private readonly mask: number;
  /** How many ids the data arrays hold. */
  readonly capacity: number;

  constructor(readonly buffers: SharedStateBuffers) {
    this.slots = new Int32Array(buffers.slots);
    this.counter = new Int32Array(buffers.count);
    this.data = new Int32Array(buffers.data);
    this.mask = this.slots.length / SLOT - 1;
    this.capacity = this.data.length / FIELDS;
  }

  /** Room for `capacity` states (the fingerprint table twice as large, rounded up to a power of two). */
  static create(capacity: number): SharedStates {
    let slots = 1024;
    while (slots < 2 * capacity) slots *= 2;
    const buffer = new SharedArrayBuffer(4 * SLOT * slots);
    written(new Int32Array(buffer));
    return new SharedStates({
      slots: buffer,
      count: new SharedArrayBuffer(4),
      data: new SharedArrayBuffer(4 * FIELDS * Math.max(capacity, 1)),
    });
  }

  get size(): number {
    return Atomics.load(this.counter, 0);
  }

  /**
   * Whether `more` states beyond `size` may not fit (the table would be over half full, or the data
   * full). Threads pass a size they agree on (another may be adding states already).
   */
  needsRoom(size: number, more: number): boolean {
    const after = size + more;
    return after > this.capacity || 2 * after > this.mask + 1;
  }

  /** A copy with room for `capacity` states (between layers, by one thread while the others wait). */
  grown(capacity: number): SharedStates {
    const bigger = SharedStates.create(capacity);
    const n = this.size;
    bigger.data.set(this.data.subarray(0, n * FIELDS));
    Atomics.store(bigger.counter, 0, n);
    for (let s = 0; s <= this.mask; s++) {
      const word = this.slots[s * SLOT] as number;
      if (word <= 0) continue;
      let t = (this.slots[s * SLOT + 1] as number) & bigger.mask;
      while (bigger.slots[t * SLOT] !== 0) t = (t + 1) & bigger.mask;
      for (let i = 0; i < SLOT; i++) bigger.slots[t * SLOT + i] = this.slots[s * SLOT + i] as number;
    }
    return bigger;
  }

  /**
   * The id of the state with fingerprint `print`, adding it (with the data given) when new. Returns
   * the id, or `-(id + 1)` when this call added it.
   */
  findOrAdd(print: Int32Array, depth: number, parent: number, via: number, paths: number): number {
    const { slots, mask } = this;
    for (let s = (print[0] as number) & mask; ; s = (s + 1) & mask) {
      const at = s * SLOT;
      let word = Atomics.load(slots, at);
      if (word === 0) {
        word = Atomics.compareExchange(slots, at, 0, WRITING);
        if (word === 0) {
          for (let l = 0; l < LANES; l++) slots[at + 1 + l] = print[l] as number;
          const id = Atomics.add(this.counter, 0, 1);
          const d = id * FIELDS;
          this.data[d + DEPTH] = depth;
          this.data[d + PARENT] = parent;
          this.data[d + VIA] = via;
          this.data[d + PATHS] = paths;
          // Published last: whoever sees the id sees its lanes and data.
          Atomics.store(slots, at, id + 1);
          return -(id + 1);
        }
      }
      // Another thread is writing this slot: its lanes are not there yet.
      while (word === WRITING) word = Atomics.load(slots, at);
      let same = true;
      for (let l = 0; l < LANES && same; l++) same = slots[at + 1 + l] === print[l];
      if (same) return word - 1;
    }
  }

  depth(id: number): number {
    return Atomics.load(this.data, id * FIELDS + DEPTH);
  }

  parent(id: number): number {
    return this.data[id * FIELDS + PARENT] as number;
  }

  via(id: number): number {
    return this.data[id * FIELDS + VIA] as number;
  }

  paths(id: number): number {
    return Atomics.load(this.data, id * FIELDS + PATHS);
  }

  /** Adds `more` shortest paths into `id`, stopping at `cap`. */
  addPaths(id: number, more: number, cap: number): void {
    const at = id * FIELDS + PATHS;
    for (;;) {
      const old = Atomics.load(this.data, at);
      const next = Math.min(cap, old + more);
      if (next === old || Atomics.compareExchange(this.data, at, old, next) === old) return;
    }
  }
}
