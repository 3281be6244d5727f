/**
 * A* open list: a binary min-heap of (f, g, node) entries in typed arrays, ordered by f, then larger g
 * first (deeper entries of a total finish it sooner), then first pushed first, so the search is the
 * same on every run. Entries are numbers, not objects: a search pushes millions, and objects would
 * keep the garbage collector busy. The entry popped last is read from `f`, `g` and `node`.
 */
export class OpenList {
  private fs = new Float64Array(1024);
  private gs = new Int32Array(1024);
  private orders = new Float64Array(1024);
  private nodes = new Int32Array(1024);
  private count = 0;
  private pushed = 0;
  /** The entry last popped. */
  f = 0;
  g = 0;
  node = -1;

  get size(): number {
    return this.count;
  }

  push(f: number, g: number, node: number): void {
    if (this.count === this.nodes.length) this.grow();
    const order = this.pushed++;
    let i = this.count++;
    // Sift up: move parents that come after the new entry down, then write it once.
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.before(f, g, order, up)) break;
      this.move(up, i);
      i = up;
    }
    this.write(i, f, g, order, node);
  }

  /** Removes the first entry and leaves it in `f`, `g`, `node`; `false` when the list is empty. */
  pop(): boolean {
    if (this.count === 0) return false;
    this.f = this.fs[0] as number;
    this.g = this.gs[0] as number;
    this.node = this.nodes[0] as number;
    const last = --this.count;
    if (last === 0) return true;
    const f = this.fs[last] as number;
    const g = this.gs[last] as number;
    const order = this.orders[last] as number;
    const node = this.nodes[last] as number;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= last) break;
      const r = l + 1;
      const child = r < last && this.ahead(r, l) ? r : l;
      if (this.before(f, g, order, child)) break;
      this.move(child, i);
      i = child;
    }
    this.write(i, f, g, order, node);
    return true;
  }

  /** Whether the entry (f, g, order) comes before entry `i`. */
  private before(f: number, g: number, order: number, i: number): boolean {
    const fi = this.fs[i] as number;
    if (f !== fi) return f < fi;
    const gi = this.gs[i] as number;
    if (g !== gi) return g > gi;
    return order < (this.orders[i] as number);
  }

  /** Whether entry `a` comes before entry `b`. */
  private ahead(a: number, b: number): boolean {
    return this.before(this.fs[a] as number, this.gs[a] as number, this.orders[a] as number, b);
  }

  private move(from: number, to: number): void {
    this.fs[to] = this.fs[from] as number;
    this.gs[to] = this.gs[from] as number;
    this.orders[to] = this.orders[from] as number;
    this.nodes[to] = this.nodes[from] as number;
  }

  private write(i: number, f: number, g: number, order: number, node: number): void {
    this.fs[i] = f;
    this.gs[i] = g;
    this.orders[i] = order;
    this.nodes[i] = node;
  }

  private grow(): void {
    this.fs = doubled(this.fs);
    this.gs = doubled(this.gs);
    this.orders = doubled(this.orders);
    this.nodes = doubled(this.nodes);
  }
}

/** A copy of `array` twice as long. */
function doubled<A extends Float64Array | Int32Array>(array: A): A {
  const next = new (array.constructor as new (length: number) => A)(array.length * 2);
  next.set(array);
  return next;
}
