import type { GameDefinition, LayerData, LevelDefinition, SparseLayer } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import {
  cellAt,
  cellsEqual,
  emptyKindOf,
  makeCell,
  normaliseCell,
  readLayerCell,
  writeLayerCell,
} from "../src/model/layer-cells.js";
import { crateKeep, levelPaths, PACK_NAMES, packJson } from "./model-fixtures.js";

describe("reading cells", () => {
  const { game, ck01: level } = crateKeep();

  it("reads dense, sparse and absent layers of a real level", () => {
    expect(cellAt(level, game, "objects", 0, 0)).toBe("wall");
    expect(cellAt(level, game, "objects", 1, 1)).toBeNull();
    expect(cellAt(level, game, "objects", 2, 2)).toEqual({ kind: "crate", sides: 15 });
    expect(cellAt(level, game, "marks", 5, 3)).toBe("dock");
    expect(cellAt(level, game, "marks", 4, 3)).toBeNull();
    // ground is absent and exactly_one with default "flagstone"
    expect(cellAt(level, game, "ground", 3, 3)).toBe("flagstone");
  });

  it("answers the default of an exactly_one layer, or its sparse layer's own default", () => {
    expect(emptyKindOf({ id: "g", occupancy: "exactly_one" })).toBe("empty");
    expect(emptyKindOf({ id: "g", occupancy: "exactly_one", default: "floor" })).toBe("floor");
    expect(emptyKindOf({ id: "o", occupancy: "zero_or_one" })).toBeNull();
    const sparse: SparseLayer = { format: "sparse", default: "grass", entries: [] };
    expect(readLayerCell(sparse, 0, 0, "floor")).toBe("grass");
    expect(readLayerCell([[null]], 0, 0, "floor")).toBe("floor");
  });

  it("reads every cell of every level in packs/ without throwing", () => {
    let cells = 0;
    for (const pack of PACK_NAMES) {
      const g = packJson<GameDefinition>(`${pack}/game.json`);
      for (const path of levelPaths(pack)) {
        const l = packJson<LevelDefinition>(path);
        for (const layer of g.layers) {
          for (let y = 0; y < l.board.size[1]; y++) {
            for (let x = 0; x < l.board.size[0]; x++) {
              const cell = cellAt(l, g, layer.id, x, y);
              if (layer.occupancy === "exactly_one") expect(cell).not.toBeNull();
              cells++;
            }
          }
        }
      }
    }
    expect(cells).toBeGreaterThan(1000);
  });

  it("treats malformed layers and entries as empty", () => {
    expect(
      readLayerCell({ format: "sparse", entries: [null, { kind: "x" }] } as never, 0, 0, null),
    ).toBeNull();
    expect(readLayerCell("junk" as never, 0, 0, "empty")).toBe("empty");
    expect(readLayerCell([["a"], "row" as never], 0, 1, null)).toBeNull();
  });
});

describe("writing cells", () => {
  const size = [3, 2] as const;

  it("copies only the touched row of a dense layer", () => {
    const dense: LayerData = [
      ["a", null, null],
      [null, "b", null],
    ];
    const next = writeLayerCell(dense, 2, 1, "c", null, size) as (string | null)[][];
    expect(next).toEqual([
      ["a", null, null],
      [null, "b", "c"],
    ]);
    expect(next[0]).toBe(dense[0]);
    expect(next[1]).not.toBe(dense[1]);
    expect(dense[1]).toEqual([null, "b", null]);
  });

  it("returns the same value when the cell already holds it", () => {
    const dense: LayerData = [[{ kind: "p", c: 1 }, null, null]];
    expect(writeLayerCell(dense, 0, 0, { kind: "p", c: 1 }, null, size)).toBe(dense);
    expect(writeLayerCell(dense, 1, 0, null, null, size)).toBe(dense);
    const sparse: SparseLayer = { format: "sparse", entries: [{ position: [1, 1], kind: "r" }] };
    expect(writeLayerCell(sparse, 1, 1, { kind: "r" }, null, size)).toBe(sparse);
  });

  it("writes the default kind, not null, when erasing a dense exactly_one cell", () => {
    const ground: LayerData = [["water", "floor", "floor"]];
    expect(writeLayerCell(ground, 0, 0, null, "floor", size)).toEqual([["floor", "floor", "floor"]]);
  });

  it("replaces a sparse entry in place and keeps the others' order", () => {
    const sparse: SparseLayer = {
      format: "sparse",
      entries: [
        { position: [0, 0], kind: "a" },
        { position: [1, 0], kind: "b" },
        { position: [2, 0], kind: "c" },
      ],
    };
    const next = writeLayerCell(sparse, 1, 0, { kind: "p", channel: "blue" }, null, size) as SparseLayer;
    expect(next.entries).toEqual([
      { position: [0, 0], kind: "a" },
      { position: [1, 0], kind: "p", channel: "blue" },
      { position: [2, 0], kind: "c" },
    ]);
    expect(next.entries[0]).toBe(sparse.entries[0]);
    expect(sparse.entries[1]).toEqual({ position: [1, 0], kind: "b" });
  });

  it("removes a sparse entry when cleared and appends new ones", () => {
    const sparse: SparseLayer = { format: "sparse", entries: [{ position: [0, 0], kind: "a" }] };
    const added = writeLayerCell(sparse, 2, 1, "z", null, size) as SparseLayer;
    expect(added.entries.map((e) => e.position)).toEqual([
      [0, 0],
      [2, 1],
    ]);
    const removed = writeLayerCell(added, 0, 0, null, null, size) as SparseLayer;
    expect(removed).toEqual({ format: "sparse", entries: [{ position: [2, 1], kind: "z" }] });
  });

  it("removes the entry when an exactly_one sparse cell is set to its default", () => {
    const sparse: SparseLayer = { format: "sparse", entries: [{ position: [0, 0], kind: "water" }] };
    expect(writeLayerCell(sparse, 0, 0, "floor", "floor", size)).toEqual({ format: "sparse", entries: [] });
    const ownDefault: SparseLayer = {
      format: "sparse",
      default: "grass",
      entries: [{ position: [0, 0], kind: "w" }],
    };
    expect(writeLayerCell(ownDefault, 0, 0, null, "floor", size)).toEqual({
      format: "sparse",
      default: "grass",
      entries: [],
    });
  });

  it("creates an absent layer sparse, and leaves it absent when painted with its empty value", () => {
    expect(writeLayerCell(undefined, 1, 1, "rock", null, size)).toEqual({
      format: "sparse",
      entries: [{ position: [1, 1], kind: "rock" }],
    });
    expect(writeLayerCell(undefined, 1, 1, "floor", "floor", size)).toBeUndefined();
    expect(writeLayerCell(undefined, 1, 1, null, null, size)).toBeUndefined();
  });

  it("drops duplicate sparse entries at the written cell (a broken file)", () => {
    const sparse: SparseLayer = {
      format: "sparse",
      entries: [
        { position: [0, 0], kind: "a" },
        { position: [0, 0], kind: "b" },
      ],
    };
    expect((writeLayerCell(sparse, 0, 0, "c", null, size) as SparseLayer).entries).toEqual([
      { position: [0, 0], kind: "c" },
    ]);
  });

  it("pads a too-short dense layer up to the written cell", () => {
    expect(writeLayerCell([["a"]], 2, 1, "b", "e", size)).toEqual([["a"], ["e", "e", "b"]]);
  });

  it("refuses a layer in neither format", () => {
    expect(() => writeLayerCell({ entries: [] } as never, 0, 0, "a", null, size)).toThrow(/neither/);
  });

  it("keeps a __proto__ parameter an ordinary key", () => {
    const params = JSON.parse('{"__proto__": {"polluted": true}, "n": 1}');
    const cell = makeCell("k", params);
    expect(Object.keys(cell as object)).toEqual(["kind", "__proto__", "n"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const sparse = writeLayerCell(undefined, 0, 0, cell, null, size) as SparseLayer;
    expect(Object.keys(sparse.entries[0] as object)).toEqual(["position", "kind", "__proto__", "n"]);
  });
});

describe("cell values", () => {
  it("writes an entity without parameters as its kind", () => {
    expect(normaliseCell({ kind: "rock" })).toBe("rock");
    expect(makeCell("rock", {})).toBe("rock");
    expect(cellsEqual("rock", { kind: "rock" })).toBe(true);
    expect(cellsEqual({ kind: "p", a: 1, b: 2 }, { kind: "p", b: 2, a: 1 })).toBe(true);
    expect(cellsEqual({ kind: "p", a: 1 }, { kind: "p", a: 2 })).toBe(false);
  });
});
