import { stableStringify } from "@gridponder/engine";
import { finishLanes, LANES, mixInto, mixLane, startLanes, textLanes } from "./fingerprint.js";

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
  /** Per layer id: its content fingerprint (see `fingerprint.ts`), which does not depend on numbering. */
  private lanes = new Int32Array(256 * LANES);
  /** Per params number (from 1): its text's fingerprint, `LANES` numbers each. */
  private readonly paramsLanes: number[] = [0, 0, 0, 0];

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
      const scratch = new Int32Array(LANES);
      textLanes(text, scratch);
      for (let l = 0; l < LANES; l++) this.paramsLanes[n * LANES + l] = scratch[l] as number;
    }
    this.paramsByObject.set(params, n);
    return n;
  }

  /** Copies the content fingerprint of layer `id` (as `id()` returned it) into `out` at `offset`. */
  lanesOf(id: number, out: Int32Array, offset: number): void {
    const base = (id - 1) * LANES;
    for (let l = 0; l < LANES; l++) out[offset + l] = this.lanes[base + l] as number;
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
      const lanes = new Int32Array(size * LANES);
      lanes.set(this.lanes);
      this.lanes = lanes;
    }
    this.pool.set(this.scratch, id * this.cells);
    // The fingerprint reads params by content (their text's hash), not by this table's numbering.
    const base = id * LANES;
    startLanes(this.lanes, base);
    const stride = this.kinds + 1;
    for (let i = 0; i < this.cells; i++) {
      const code = this.scratch[i] as number;
      const params = Math.floor(code / stride);
      if (params === 0) mixInto(this.lanes, base, code);
      else
        for (let l = 0; l < LANES; l++)
          mixLane(
            this.lanes,
            base,
            l,
            (code % stride) ^ (this.paramsLanes[params * LANES + l] as number) ^ 0x40000000,
          );
    }
    finishLanes(this.lanes, base);
    this.hashes[id] = h;
    this.next[id] = this.first.get(h) ?? -1;
    this.first.set(h, id);
    return id;
  }
}
