import { join } from "node:path";
import type { ActionInput, GameState, Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { describe, expect, it } from "vitest";
import { breadthFirst } from "../src/bfs.js";
import { searchSpace, solveLevel } from "../src/index.js";
import { LayerTable } from "../src/layer-table.js";
import { Limits } from "../src/limits.js";
import { Column, StateTable } from "../src/state-table.js";

const PACKS = join(import.meta.dirname, "../../../../shared/conformance/packs");

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

describe("state keys", () => {
  it("merge states that differ only in facing or in a pending move that can never fire", async () => {
    const loaded = await loadPackFolder(join(PACKS, "twinseed"));
    if (!loaded.ok) throw new Error("twinseed must load");
    const pack: Pack = loaded.pack;
    const space = searchSpace(pack, "tw_013");
    const start = space.start;
    const turned = { ...start, avatar: { ...start.avatar, facing: "up" } };
    expect(space.key(turned)).toBe(space.key(start));
    // (1,1) is empty: a move "pending" into it can never be completed.
    const dead = {
      ...start,
      memory: { ...start.memory, pendingMove: { from: [1, 0], to: [1, 1], direction: "down" } },
    };
    expect(space.key(dead)).toBe(space.key(start));
    // (1,2) holds a seed basket: a pending push into it is alive.
    const live = {
      ...start,
      memory: { ...start.memory, pendingMove: { from: [0, 2], to: [1, 2], direction: "right" } },
    };
    expect(space.key(live)).not.toBe(space.key(start));
    // And the winning state differs from the same board not yet won.
    expect(space.key({ ...start, won: true })).not.toBe(space.key(start));
  });

  it("still prove the optimum of a level whose solutions use pending moves", async () => {
    const loaded = await loadPackFolder(join(PACKS, "twinseed"));
    if (!loaded.ok) throw new Error("twinseed must load");
    // tw_007: 36 moves, solved in a couple of seconds; its gold path is one of the optima.
    const r = solveLevel(loaded.pack, "tw_007", { strategy: "bfs" });
    expect(r.status).toBe("solved");
    expect(r.optimalLength).toBe(36);
    expect(r.gold.wins).toBe(true);
    expect(r.gold.optimal).toBe(true);
  });
});

describe("grouped breadth-first search", () => {
  it("visits the same states and counts the same optima as a search that plays every turn", async () => {
    const loaded = await loadPackFolder(join(PACKS, "twinseed"));
    if (!loaded.ok) throw new Error("twinseed must load");
    const space = searchSpace(loaded.pack, "tw_005");
    expect(space.bound).not.toBeNull();
    let turns = 0;
    const next = (s: GameState, a: ActionInput) => {
      turns++;
      return space.next(s, a);
    };
    const counting = { ...space, next };
    const grouped = breadthFirst(counting, new Limits("tw_005", {}), 100);
    const groupedTurns = turns;
    turns = 0;
    const plain = breadthFirst({ ...counting, bound: null }, new Limits("tw_005", {}), 100);
    expect(grouped.optimalLength).toBe(plain.optimalLength);
    expect(grouped.optimalCount).toBe(plain.optimalCount);
    expect(grouped.statesSeen).toBe(plain.statesSeen);
    expect(grouped.statesExpanded).toBe(plain.statesExpanded);
    // The point of grouping: far fewer turns played.
    expect(groupedTurns).toBeLessThan(turns * 0.7);
  });
});
