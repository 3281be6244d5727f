/** Words per chunk: 2^20, 4 MB. */
const SHIFT = 20;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;
/** The first chunk starts this small and doubles up to `CHUNK`, so small levels allocate little. */
const FIRST = 1024;

/**
 * The slot words of a marker search (see `slot-word.ts`), one per (core, marker) slot, in chunks of
 * 4 MB that are added as cores are, never copied: a table grown by copying into one twice as large
 * writes every word twice over its growth, holds both copies while it copies, and holds up to twice the
 * words it needs after; on this project's virtual machines writing fresh memory costs about 4 ms a
 * megabyte, and a memory budget counts what is allocated.
 */
export class SlotWords {
  private chunks: Uint32Array[] = [new Uint32Array(0)];
  /** The words allocated, all reading `blank` until written. */
  private capacity = 0;

  /** `blank`: what a slot not yet written reads. */
  constructor(private readonly blank: number) {}

  get(slot: number): number {
    return (this.chunks[slot >>> SHIFT] as Uint32Array)[slot & MASK] as number;
  }

  set(slot: number, word: number): void {
    (this.chunks[slot >>> SHIFT] as Uint32Array)[slot & MASK] = word;
  }

  /** Makes slots `0 .. length - 1` readable. */
  ensure(length: number): void {
    if (length <= this.capacity) return;
    const first = this.chunks[0] as Uint32Array;
    if (first.length < CHUNK) {
      const size = Math.min(CHUNK, Math.max(FIRST, first.length * 2, length));
      const grown = new Uint32Array(size);
      grown.set(first);
      grown.fill(this.blank, first.length);
      this.chunks[0] = grown;
      this.capacity = size;
    }
    while (this.capacity < length) {
      this.chunks.push(new Uint32Array(CHUNK).fill(this.blank));
      this.capacity += CHUNK;
    }
  }

  /** Every slot back to `blank`. */
  clear(): void {
    for (const chunk of this.chunks) chunk.fill(this.blank);
  }
}
