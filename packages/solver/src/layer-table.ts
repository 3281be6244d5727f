import { stableStringify } from "@gridponder/engine";

type Cells = readonly ({ info: { index: number }; params: object | null } | null)[];

/**
 * Numbers the distinct contents of one layer. A layer is read as one integer per cell (0 when empty,
 * else its kind's index and its params' number), hashed and compared in place: no text is built per
 * layer, so a search that meets a changed layer on every other turn does not feed the garbage
 * collector. Params are numbered once per params object (entities share them between states), by
 * their content the first time an object is seen.
 */
export class LayerTable {
  private pool: Int32Array;
  private hashes: Int32Array;
  private next: Int32Array;
  private readonly first = new Map<number, number>();
  private count = 0;
  private readonly scratch: Int32Array;
  /** Params numbers, 1, 2, ...: by object, and by content for objects not seen before. */
  private readonly paramsByObject = new WeakMap<object, number>();
  private readonly paramsByText = new Map<string, number>();

  /** `kinds`: how many entity kinds the pack has (kind indices are below it). */
  constructor(
    private readonly cells: number,
    private readonly kinds = 0xffff,
  ) {
    this.pool = new Int32Array(cells * 256);
    this.hashes = new Int32Array(256);
    this.next = new Int32Array(256);
    this.scratch = new Int32Array(cells);
  }

  /** The layer's number: 1, 2, ... */
  id(layer: Cells): number {
    const { scratch, cells } = this;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < cells; i++) {
      const e = layer[i];
      let code = 0;
      if (e !== null && e !== undefined)
        code = e.info.index + 1 + (e.params === null ? 0 : this.paramsNumber(e.params) * (this.kinds + 1));
      scratch[i] = code;
      h = Math.imul(h ^ code, 0x01000193);
    }
    h &= 0x3fffffff;
    for (let id = this.first.get(h) ?? -1; id >= 0; id = this.next[id] as number) {
      if (this.hashes[id] === h && this.same(id)) return id + 1;
    }
    return this.add(h) + 1;
  }

  private paramsNumber(params: object): number {
    let n = this.paramsByObject.get(params);
    if (n !== undefined) return n;
    const text = stableStringify(params);
    n = this.paramsByText.get(text);
    if (n === undefined) {
      n = this.paramsByText.size + 1;
      // A cell's code must stay a 32-bit integer.
      if ((n + 1) * (this.kinds + 1) > 0x7fffffff)
        throw new RangeError("too many distinct entity params to key");
      this.paramsByText.set(text, n);
    }
    this.paramsByObject.set(params, n);
    return n;
  }

  private same(id: number): boolean {
    const { pool, scratch, cells } = this;
    const base = id * cells;
    for (let i = 0; i < cells; i++) if (pool[base + i] !== scratch[i]) return false;
    return true;
  }

  private add(h: number): number {
    const id = this.count++;
    if (id >= this.hashes.length) {
      const size = this.hashes.length * 2;
      const pool = new Int32Array(size * this.cells);
      pool.set(this.pool);
      this.pool = pool;
      const hashes = new Int32Array(size);
      hashes.set(this.hashes);
      this.hashes = hashes;
      const next = new Int32Array(size);
      next.set(this.next);
      this.next = next;
    }
    this.pool.set(this.scratch, id * this.cells);
    this.hashes[id] = h;
    this.next[id] = this.first.get(h) ?? -1;
    this.first.set(h, id);
    return id;
  }
}
