import { stableStringify } from "@gridponder/engine";

type Cells = readonly ({ info: { index: number }; params: object | null } | null)[];

/**
 * Numbers the distinct contents of one layer. A layer is read as one small integer per cell (its
 * kind's index + 1, 0 when empty), hashed and compared in place: no text is built, so a search that
 * meets a changed layer on every other turn does not feed the garbage collector. Layers whose
 * entities carry params fall back to text, as params can be anything.
 */
export class LayerTable {
  private pool: Uint16Array;
  private hashes: Int32Array;
  private next: Int32Array;
  private readonly first = new Map<number, number>();
  private readonly byText = new Map<string, number>();
  private count = 0;
  private readonly scratch: Uint16Array;

  constructor(private readonly cells: number) {
    this.pool = new Uint16Array(cells * 256);
    this.hashes = new Int32Array(256);
    this.next = new Int32Array(256);
    this.scratch = new Uint16Array(cells);
  }

  /** The layer's number: 1, 2, ... for plain layers; negative for layers with params. */
  id(layer: Cells): number {
    const { scratch, cells } = this;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < cells; i++) {
      const e = layer[i];
      if (e === null || e === undefined) scratch[i] = 0;
      else if (e.params !== null) return this.withParams(layer);
      else scratch[i] = e.info.index + 1;
      h = Math.imul(h ^ (scratch[i] as number), 0x01000193);
    }
    h &= 0x3fffffff;
    for (let id = this.first.get(h) ?? -1; id >= 0; id = this.next[id] as number) {
      if (this.hashes[id] === h && this.same(id)) return id + 1;
    }
    return this.add(h) + 1;
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
      const pool = new Uint16Array(size * this.cells);
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

  private withParams(layer: Cells): number {
    let text = "";
    for (const e of layer) {
      if (e === null || e === undefined) text += "\u0000";
      else {
        text += String.fromCharCode(e.info.index + 1);
        if (e.params !== null) text += `${stableStringify(e.params)}\u0000`;
      }
    }
    let id = this.byText.get(text);
    if (id === undefined) {
      id = -(this.byText.size + 1);
      this.byText.set(text, id);
    }
    return id;
  }
}
