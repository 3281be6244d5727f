import { describe, expect, it } from "vitest";
import { MOST_SLOT, SlotWords, SparseWords } from "../src/search/marker/slot-words.js";
import { LayerTable } from "../src/tables/layer-table.js";
import { OpenList } from "../src/tables/open-list.js";
import { Column, StateTable } from "../src/tables/state-table.js";

/** A deterministic stream of small integers (a linear congruential generator). */
function numbers(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 20;
  };
}

describe("StateTable", () => {
  it("gives dense ids in insertion order and finds exactly the keys it holds, across growth", () => {
    const table = new StateTable(3);
    const reference = new Map<string, number>();
    const next = numbers(1);
    const key = new Int32Array(3);
    for (let i = 0; i < 60_000; i++) {
      // Few distinct values per field, so many keys repeat and many hashes collide in the low bits.
      key[0] = next() % 40;
      key[1] = next() % 40;
      key[2] = next() % 40;
      const text = key.join(",");
      const found = table.find(key);
      expect(found).toBe(reference.get(text) ?? -1);
      if (found < 0) {
        const id = table.add(key);
        expect(id).toBe(reference.size);
        reference.set(text, id);
      }
    }
    expect(table.size).toBe(reference.size);
    const out = new Int32Array(3);
    for (const [text, id] of reference) {
      table.keyOf(id, out);
      expect(out.join(",")).toBe(text);
    }
  });
});

describe("OpenList", () => {
  it("pops by total, then deeper first, then first pushed first, with pops between pushes and across growth", () => {
    const list = new OpenList();
    const next = numbers(7);
    // The reference: every entry pushed and not yet popped, with its push number.
    const open: { f: number; g: number; order: number; node: number }[] = [];
    let order = 0;
    const popped: number[] = [];
    const expected: number[] = [];
    const popBoth = () => {
      open.sort((a, b) => a.f - b.f || b.g - a.g || a.order - b.order);
      const first = open.shift();
      expect(list.pop()).toBe(first !== undefined);
      if (first === undefined) return;
      expected.push(first.node);
      popped.push(list.node);
      expect([list.f, list.g]).toEqual([first.f, first.g]);
    };
    for (let i = 0; i < 5_000; i++) {
      // Few distinct totals and depths, so that ties are the rule; a fractional total now and then.
      const g = next() % 6;
      const f = g + (next() % 5) + (next() % 7 === 0 ? 0.5 : 0);
      list.push(f, g, i);
      open.push({ f, g, order: order++, node: i });
      if (next() % 3 === 0) popBoth();
    }
    while (open.length > 0) popBoth();
    expect(popped).toEqual(expected);
    expect(list.size).toBe(0);
    expect(list.pop()).toBe(false);
  });
});

describe("SparseWords", () => {
  it("keeps every word it was given as its parts grow, reads blank elsewhere, and clears", () => {
    const blank = 0xffff0000;
    const words = new SparseWords(blank);
    const written = new Map<number, number>();
    const next = numbers(3);
    // Slots spread as a marker search's are (core · values + marker), plus the largest it holds;
    // enough that every part doubles several times.
    const values = 57;
    const wide = () => next() * 4096 + next();
    for (let i = 0; i < 200_000; i++) {
      const slot = i === 0 ? MOST_SLOT : (wide() % 400_000) * values + (next() % values);
      const word = ((slot % 0xffff) << 16) | (i & 0x7fff);
      words.set(slot, word >>> 0);
      written.set(slot, word >>> 0);
      // Rewriting a slot changes its word, not the count.
      if (i % 7 === 0) words.set(slot, word >>> 0);
    }
    expect(written.size).toBeGreaterThan(150_000);
    expect(words.size).toBe(written.size);
    for (const [slot, word] of written) expect(words.get(slot)).toBe(word);
    for (let i = 0; i < 10_000; i++) {
      const slot = wide() % 30_000_000;
      expect(words.get(slot)).toBe(written.get(slot) ?? blank);
    }
    words.clear();
    expect(words.size).toBe(0);
    for (const slot of written.keys()) expect(words.get(slot)).toBe(blank);
    words.set(5, 9);
    expect(words.get(5)).toBe(9);
  });

  it("refuses a slot it cannot key", () => {
    const words = new SparseWords(0);
    expect(() => words.set(MOST_SLOT + 1, 1)).toThrow(RangeError);
    expect(() => words.set(-1, 1)).toThrow(RangeError);
    expect(() => words.set(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe("SlotWords", () => {
  it("keeps what it was given as it grows dense past a chunk, then as it turns sparse, and clears either way", () => {
    const blank = 0xffff0000;
    // Sparse past 5 M slots: the first chunk's doubling, two chunk boundaries, then the switch.
    const words = new SlotWords(blank, 5_000_000);
    const written = new Map<number, number>();
    const next = numbers(5);
    for (let length = 700; length < 12_000_000; length = Math.ceil(length * 1.9)) {
      words.ensure(length);
      expect(words.isSparse).toBe(length > 5_000_000);
      for (let i = 0; i < 50; i++) {
        const slot = (next() * 977 + i) % length;
        words.set(slot, slot * 3 + 1);
        written.set(slot, slot * 3 + 1);
      }
      for (const edge of [length - 1, 1_048_575, 1_048_576, 2_097_152].filter((s) => s < length))
        expect(words.get(edge)).toBe(written.get(edge) ?? blank);
      for (const [slot, word] of written) expect(words.get(slot)).toBe(word);
      if (length < 3_000_000) {
        words.clear();
        for (const slot of written.keys()) expect(words.get(slot)).toBe(blank);
        written.clear();
      }
    }
    expect(words.isSparse).toBe(true);
    expect(words.get(11_000_001)).toBe(written.get(11_000_001) ?? blank);
    words.clear();
    for (const slot of written.keys()) expect(words.get(slot)).toBe(blank);
  });
});

describe("Column", () => {
  it("reads its initial value until set, and grows on demand", () => {
    const column = new Column(-1);
    expect(column.get(5)).toBe(-1);
    column.set(100_000, 7);
    expect(column.get(100_000)).toBe(7);
    expect(column.get(99_999)).toBe(-1);
  });
});

describe("LayerTable", () => {
  const kind = (index: number, params: object | null = null) => ({ info: { index }, params });

  it("numbers equal contents alike and different contents apart, whatever the array", () => {
    const table = new LayerTable(4);
    const a = table.id([kind(0), null, kind(2), null]);
    expect(table.id([kind(0), null, kind(2), null])).toBe(a);
    expect(table.id([null, kind(0), kind(2), null])).not.toBe(a);
    expect(table.id([kind(1), null, kind(2), null])).not.toBe(a);
    expect(table.id([null, null, null, null])).not.toBe(a);
  });

  it("tells entities apart by their params", () => {
    const table = new LayerTable(2);
    const one = table.id([kind(0, { value: 1 }), null]);
    expect(table.id([kind(0, { value: 1 }), null])).toBe(one);
    expect(table.id([kind(0, { value: 2 }), null])).not.toBe(one);
    expect(table.id([kind(0), null])).not.toBe(one);
  });
});
