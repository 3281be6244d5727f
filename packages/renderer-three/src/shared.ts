/**
 * Resources shared by key and counted, freed when the last user lets go: what the renderer holds on
 * the GPU is then exactly what the current scene draws, so memory cannot creep across level loads.
 */
export class Shared<T extends { dispose(): void }> {
  readonly #entries = new Map<string, { value: T; users: number }>();

  acquire(key: string, make: () => T): T {
    const entry = this.#entries.get(key);
    if (entry) {
      entry.users++;
      return entry.value;
    }
    const value = make();
    this.#entries.set(key, { value, users: 1 });
    return value;
  }

  release(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    entry.users--;
    if (entry.users <= 0) {
      entry.value.dispose();
      this.#entries.delete(key);
    }
  }

  /** Every value held now. */
  *values(): IterableIterator<T> {
    for (const entry of this.#entries.values()) yield entry.value;
  }

  get size(): number {
    return this.#entries.size;
  }

  disposeAll(): void {
    for (const entry of this.#entries.values()) entry.value.dispose();
    this.#entries.clear();
  }
}
