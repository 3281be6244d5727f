/** A binary min-heap ordered by a comparison function. */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.before(items[i] as T, items[up] as T)) break;
      [items[i], items[up]] = [items[up] as T, items[i] as T];
      i = up;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && this.before(items[l] as T, items[best] as T)) best = l;
        if (r < items.length && this.before(items[r] as T, items[best] as T)) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best] as T, items[i] as T];
        i = best;
      }
    }
    return top;
  }
}
