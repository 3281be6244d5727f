import { written } from "./written.js";

/**
 * The set of states a search has seen, keyed by fixed-width integer tuples (see `SearchSpace.encode`).
 * States get dense ids in insertion order, which searches use as node numbers. An open-addressing
 * table over typed arrays: no key strings, no per-entry objects, so tens of millions of states fit in
 * memory the garbage collector never has to walk.
 *
 * A slot holds the key's hash beside the id, so a probe past other keys reads one place in memory,
 * and a lookup reads the key (by id) only when the hashes agree: in tables of millions of states each
 * array read is a cache miss.
 */
export class StateTable {
  private keys: Int32Array;
  /** Per slot: hash, then id + 1 (0: empty). Linear probing; kept at most half full. */
  private slots: Int32Array;
  private mask: number;
  private count = 0;

  constructor(readonly width: number) {
    const capacity = 1 << 12;
    this.keys = new Int32Array(capacity * width);
    this.slots = written(new Int32Array(capacity * 4));
    this.mask = capacity * 2 - 1;
  }

  get size(): number {
    return this.count;
  }

  /** The id of the state with this key, or -1. */
  find(key: Int32Array): number {
    const h = hashOf(key, this.width);
    const { slots } = this;
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const entry = slots[2 * s + 1] as number;
      if (entry === 0) return -1;
      if (slots[2 * s] === h && this.equals(entry - 1, key)) return entry - 1;
    }
  }

  /** Copies the key of state `id` into `out`. */
  keyOf(id: number, out: Int32Array): void {
    out.set(this.keys.subarray(id * this.width, (id + 1) * this.width));
  }

  /** Adds a key not yet in the table (check with `find` first) and returns its id. */
  add(key: Int32Array): number {
    const id = this.count;
    if ((id + 1) * this.width > this.keys.length) {
      const keys = new Int32Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    if ((id + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    this.keys.set(key.subarray(0, this.width), id * this.width);
    this.place(id + 1, hashOf(key, this.width));
    this.count++;
    return id;
  }

  private equals(id: number, key: Int32Array): boolean {
    const base = id * this.width;
    for (let i = 0; i < this.width; i++) if (this.keys[base + i] !== key[i]) return false;
    return true;
  }

  private place(entry: number, h: number): void {
    const { slots } = this;
    let s = h & this.mask;
    while (slots[2 * s + 1] !== 0) s = (s + 1) & this.mask;
    slots[2 * s] = h;
    slots[2 * s + 1] = entry;
  }

  private rehash(capacity: number): void {
    const old = this.slots;
    this.slots = written(new Int32Array(capacity * 2));
    this.mask = capacity - 1;
    for (let from = 0; from < old.length; from += 2) {
      const entry = old[from + 1] as number;
      if (entry !== 0) this.place(entry, old[from] as number);
    }
  }
}

/** A 32-bit mix of the key's integers (multiply-rotate, then a final avalanche). */
function hashOf(key: Int32Array, width: number): number {
  let h = 0x9e3779b9 | 0;
  for (let i = 0; i < width; i++) {
    h = Math.imul(h ^ (key[i] as number), 0x85ebca6b);
    h = (h << 13) | (h >>> 19);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h;
}

/** A growable column of 32-bit integers, one per state id, with a value for ids not yet set. */
export class Column {
  private data: Int32Array;

  constructor(private readonly initial: number) {
    this.data = new Int32Array(1 << 12).fill(initial);
  }

  get(id: number): number {
    return this.data[id] as number;
  }

  set(id: number, value: number): void {
    if (id >= this.data.length) {
      const data = new Int32Array(Math.max(this.data.length * 2, id + 1)).fill(this.initial);
      data.set(this.data);
      this.data = data;
    }
    this.data[id] = value;
  }
}
