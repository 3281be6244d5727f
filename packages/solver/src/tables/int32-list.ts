/**
 * A growable list of 32-bit integers, kept in one typed array (no boxing, little garbage).
 * Exported for the analysis package's state graphs; not part of the public API.
 * @internal
 */
export class Int32List {
  private items: Int32Array;
  count = 0;

  constructor(capacity = 1024) {
    this.items = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.count === this.items.length) {
      const bigger = new Int32Array(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.count++] = value;
  }

  /** The items so far, still the list's own storage (valid until the next push). */
  view(): Int32Array {
    return this.items.subarray(0, this.count);
  }

  /** The items so far, leaving the list empty (its storage goes with them). */
  take(): Int32Array {
    const found = this.items.subarray(0, this.count);
    this.items = new Int32Array(Math.max(1024, this.count));
    this.count = 0;
    return found;
  }
}
