/** The table is split in 2^8 parts by the top bits of a slot's hash, each grown on its own. */
const PART_BITS = 8;
const PARTS = 1 << PART_BITS;
/**
 * Places per part at first: 16 to 32, spread evenly on a log scale, so that parts filled at the same
 * rate (hashing spreads slots evenly) still double at different moments and the table's load stays
 * near the middle of its range instead of falling by half at once. Small levels allocate 256 × 16 – 32
 * × 8 bytes.
 */
const firstPlaces = (part: number): number => Math.round(16 * 2 ** (part / PARTS));
/** A part doubles when more than this share of its places is taken (linear probing stays short). */
const MOST_LOAD = 0.7;
/** The largest slot number a table holds (keys are stored plus one, 0 marking an empty place). */
export const MOST_SLOT = 0xfffffffe;

/** A 32-bit mix of a slot number (the murmur3 finaliser), so parts and places fill evenly. */
function mix(slot: number): number {
  let h = slot | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A hash's first place in a part of `places` places: its low 24 bits scaled (the top 8 chose the part). */
const placeOf = (h: number, places: number): number => Math.floor(((h & 0xffffff) * places) / 0x1000000);

/**
 * Slot words kept only for the slots written (see `SlotWords`): an open-addressing table (linear
 * probing, the key beside the word, so a probe reads one cache line) split into parts that grow one at
 * a time: a growth copies 1/256 of the table, never holds two copies of all of it, and the parts,
 * sized apart, double at different moments, so the table's load stays spread between half and all of
 * `MOST_LOAD`.
 */
export class SparseWords {
  /** Per part: places of two numbers, the slot plus one (0: empty) and its word. */
  private readonly parts: Uint32Array[] = [];
  private readonly counts = new Int32Array(PARTS);
  private words = 0;

  /** `blank`: what a slot not yet written reads. */
  constructor(private readonly blank: number) {
    for (let p = 0; p < PARTS; p++) this.parts.push(new Uint32Array(2 * firstPlaces(p)));
  }

  /** How many slots hold a word. */
  get size(): number {
    return this.words;
  }

  get(slot: number): number {
    const h = mix(slot);
    const part = this.parts[h >>> (32 - PART_BITS)] as Uint32Array;
    const places = part.length >>> 1;
    const key = slot + 1;
    for (let i = placeOf(h, places); ; i = i + 1 === places ? 0 : i + 1) {
      const k = part[2 * i] as number;
      if (k === key) return part[2 * i + 1] as number;
      if (k === 0) return this.blank;
    }
  }

  set(slot: number, word: number): void {
    if (!(slot >= 0 && slot <= MOST_SLOT)) throw new RangeError(`slot ${slot} is out of range`);
    const h = mix(slot);
    const p = h >>> (32 - PART_BITS);
    const part = this.parts[p] as Uint32Array;
    const places = part.length >>> 1;
    const key = slot + 1;
    for (let i = placeOf(h, places); ; i = i + 1 === places ? 0 : i + 1) {
      const k = part[2 * i] as number;
      if (k === key) {
        part[2 * i + 1] = word;
        return;
      }
      if (k === 0) {
        part[2 * i] = key;
        part[2 * i + 1] = word;
        this.words++;
        const count = (this.counts[p] as number) + 1;
        this.counts[p] = count;
        if (count > places * MOST_LOAD) this.grow(p);
        return;
      }
    }
  }

  /** Every slot back to `blank`; the parts keep their size, as the next run reaches about as many. */
  clear(): void {
    for (const part of this.parts) part.fill(0);
    this.counts.fill(0);
    this.words = 0;
  }

  private grow(p: number): void {
    const old = this.parts[p] as Uint32Array;
    const part = new Uint32Array(old.length * 2);
    const places = part.length >>> 1;
    for (let j = 0; j < old.length; j += 2) {
      const key = old[j] as number;
      if (key === 0) continue;
      let i = placeOf(mix(key - 1), places);
      while (part[2 * i] !== 0) i = i + 1 === places ? 0 : i + 1;
      part[2 * i] = key;
      part[2 * i + 1] = old[j + 1] as number;
    }
    this.parts[p] = part;
  }
}

/** Dense words per chunk: 2^20, 4 MB. */
const SHIFT = 20;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;
/** The first chunk starts this small and doubles up to `CHUNK`, so small levels allocate little. */
const FIRST = 1024;
/** Past this many slots (2^26: 256 MB of words) the words turn sparse. */
export const MOST_DENSE_SLOTS = 1 << 26;

/**
 * The slot words of a marker search (see `slot-word.ts`). First one word per (core, marker) slot, in
 * 4 MB chunks added as cores are and never copied: a slot is read where it lies, the fastest way. But a
 * core has a slot per marker cell (plus none) and the twinseed levels' runs reach only 7 – 15 % of
 * them, so past `mostDense` slots (256 MB of words) the words move into a `SparseWords` table that
 * keeps only the slots written: about 15 bytes a word instead of 27 – 53 (th_004, th_002 of the hard
 * set, which then no longer stop at the memory bound of two threads). Dense is kept below that because
 * the sparse table's lookups make a search about a fifth slower (th_009: 1.21, 1.18 – 1.25).
 */
export class SlotWords {
  /** The dense chunks; `null` once the words are sparse. */
  private chunks: Uint32Array[] | null = [new Uint32Array(0)];
  /** The dense words allocated, all reading `blank` until written. */
  private capacity = 0;
  private sparse: SparseWords | null = null;

  /** `blank`: what a slot not yet written reads. */
  constructor(
    private readonly blank: number,
    private readonly mostDense = MOST_DENSE_SLOTS,
  ) {}

  /** Whether the words have moved into a sparse table. */
  get isSparse(): boolean {
    return this.sparse !== null;
  }

  get(slot: number): number {
    const chunks = this.chunks;
    if (chunks !== null) return (chunks[slot >>> SHIFT] as Uint32Array)[slot & MASK] as number;
    return (this.sparse as SparseWords).get(slot);
  }

  set(slot: number, word: number): void {
    const chunks = this.chunks;
    if (chunks !== null) (chunks[slot >>> SHIFT] as Uint32Array)[slot & MASK] = word;
    else (this.sparse as SparseWords).set(slot, word);
  }

  /** Makes slots `0 .. length - 1` readable (dense), or moves the words into a sparse table. */
  ensure(length: number): void {
    const chunks = this.chunks;
    if (chunks === null || length <= this.capacity) return;
    if (length > this.mostDense) {
      this.goSparse(chunks);
      return;
    }
    const first = chunks[0] as Uint32Array;
    if (first.length < CHUNK) {
      const size = Math.min(CHUNK, Math.max(FIRST, first.length * 2, length));
      const grown = new Uint32Array(size);
      grown.set(first);
      grown.fill(this.blank, first.length);
      chunks[0] = grown;
      this.capacity = size;
    }
    while (this.capacity < length) {
      chunks.push(new Uint32Array(CHUNK).fill(this.blank));
      this.capacity += CHUNK;
    }
  }

  /** Every slot back to `blank`. */
  clear(): void {
    if (this.chunks !== null) for (const chunk of this.chunks) chunk.fill(this.blank);
    else (this.sparse as SparseWords).clear();
  }

  private goSparse(chunks: Uint32Array[]): void {
    const sparse = new SparseWords(this.blank);
    let base = 0;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++) {
        const word = chunk[i] as number;
        if (word !== this.blank) sparse.set(base + i, word);
      }
      base += chunk.length;
    }
    this.sparse = sparse;
    this.chunks = null;
  }
}
