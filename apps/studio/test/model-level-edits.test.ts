import type { BoardMatchGoal, GameDefinition, LevelDefinition, SparseLayer } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { cellAt } from "../src/model/layer-cells.js";
import {
  addMultiCellObject,
  describeDropped,
  eraseCell,
  fillRect,
  paintCell,
  pickCell,
  removeMultiCellObject,
  resizeBoard,
  setAvatar,
  setEntityParams,
} from "../src/model/level-edits.js";
import { crateKeep, expectEditError, frozen, packJson } from "./model-fixtures.js";

const { game: crateGame, ck01 } = frozen(crateKeep());
const foundryGame = frozen(packJson<GameDefinition>("foundry-numbers/game.json"));
const spout = frozen(packJson<LevelDefinition>("foundry-numbers/levels/fn03_the_spout.json"));
const mould = frozen(packJson<LevelDefinition>("foundry-numbers/levels/fn07_the_mould.json"));

describe("paintCell", () => {
  it("paints on the kind's layer, keeping the dense layer dense and sharing the rest", () => {
    const { level, changed } = paintCell(ck01, crateGame, 3, 1, "wall");
    expect(changed).toBe(true);
    expect(cellAt(level, crateGame, "objects", 3, 1)).toBe("wall");
    const rows = level.board.layers.objects as unknown[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows[0]).toBe((ck01.board.layers.objects as unknown[])[0]);
    expect(level.board.layers.marks).toBe(ck01.board.layers.marks);
    expect(level.goals).toBe(ck01.goals);
    expect(Object.keys(level.board.layers)).toEqual(["marks", "objects", "footing"]);
    expect(cellAt(ck01, crateGame, "objects", 3, 1)).toBeNull();
  });

  it("is a no-op returning the same level when the cell already holds the entity", () => {
    const result = paintCell(ck01, crateGame, 2, 2, "crate", { sides: 15 });
    expect(result).toEqual({ level: ck01, changed: false });
    expect(result.level).toBe(ck01);
  });

  it("creates an absent layer sparse, and leaves an absent exactly_one layer alone for its default", () => {
    const rubble = paintCell(ck01, crateGame, 1, 1, "rubble").level;
    expect(rubble.board.layers.ground).toEqual({
      format: "sparse",
      entries: [{ position: [1, 1], kind: "rubble" }],
    });
    expect(paintCell(ck01, crateGame, 1, 1, "flagstone").changed).toBe(false);
    const back = paintCell(rubble, crateGame, 1, 1, "flagstone").level;
    expect(back.board.layers.ground).toEqual({ format: "sparse", entries: [] });
  });

  it("writes parameters in the sparse format of the file", () => {
    const { level } = paintCell(ck01, crateGame, 1, 3, "dock");
    expect((level.board.layers.marks as SparseLayer).entries).toEqual([
      { position: [5, 3], kind: "dock" },
      { position: [1, 3], kind: "dock" },
    ]);
  });

  it("refuses off-board cells, unknown kinds and undeclared parameters", () => {
    expectEditError(() => paintCell(ck01, crateGame, 7, 0, "wall"), "off_board", /\(7, 0\).*7×5/);
    expectEditError(() => paintCell(ck01, crateGame, -1, 0, "wall"), "off_board", /outside/);
    expectEditError(() => paintCell(ck01, crateGame, 0.5, 0, "wall"), "off_board", /outside/);
    expectEditError(() => paintCell(ck01, crateGame, 0, 0, "dragon"), "unknown_kind", /"dragon"/);
    expectEditError(() => paintCell(ck01, crateGame, 0, 0, "__proto__"), "unknown_kind", /__proto__/);
    expectEditError(() => paintCell(ck01, crateGame, 0, 0, "toString"), "unknown_kind", /toString/);
    expectEditError(
      () => paintCell(ck01, crateGame, 0, 0, "crate", { colour: "red" }),
      "unknown_param",
      /colour/,
    );
    expectEditError(
      () => paintCell(ck01, crateGame, 0, 0, "wall", { position: [1, 1] }),
      "unknown_param",
      /position/,
    );
  });

  it("keeps hostile text literally as data", () => {
    const { level } = paintCell(mould, foundryGame, 0, 0, "ingot", {
      value: "<script>alert(1)</script>" as never,
    });
    expect(cellAt(level, foundryGame, "objects", 0, 0)).toEqual({
      kind: "ingot",
      value: "<script>alert(1)</script>",
    });
  });
});

describe("broken levels", () => {
  it("refuses a level without a usable size or with a layer in neither format", () => {
    const noSize = { ...ck01, board: { ...ck01.board, size: ["7", 5] } } as never;
    expectEditError(() => paintCell(noSize, crateGame, 0, 0, "wall"), "bad_size", /board\.size/);
    const junk = { ...ck01, board: { ...ck01.board, layers: { objects: "<script>" } } } as never;
    expectEditError(() => paintCell(junk, crateGame, 0, 0, "wall"), "bad_layer", /neither/);
    expect(cellAt(junk, crateGame, "objects", 0, 0)).toBeNull();
  });
});

describe("eraseCell", () => {
  it("erases the top-most non-empty layer", () => {
    const withRubble = paintCell(ck01, crateGame, 5, 3, "rubble").level;
    const once = eraseCell(withRubble, crateGame, 5, 3);
    expect(cellAt(once.level, crateGame, "marks", 5, 3)).toBeNull();
    expect(cellAt(once.level, crateGame, "ground", 5, 3)).toBe("rubble");
    const twice = eraseCell(once.level, crateGame, 5, 3);
    expect(cellAt(twice.level, crateGame, "ground", 5, 3)).toBe("flagstone");
    expect(eraseCell(twice.level, crateGame, 5, 3)).toEqual({ level: twice.level, changed: false });
  });

  it("erases a named layer only, and refuses an unknown one", () => {
    const { level, changed } = eraseCell(ck01, crateGame, 0, 0, "marks");
    expect(changed).toBe(false);
    expect(level).toBe(ck01);
    expect(cellAt(eraseCell(ck01, crateGame, 0, 0, "objects").level, crateGame, "objects", 0, 0)).toBeNull();
    expectEditError(() => eraseCell(ck01, crateGame, 0, 0, "sky"), "unknown_layer", /"sky"/);
  });

  it("writes the default into a dense exactly_one layer", () => {
    const { level } = eraseCell(spout, foundryGame, 0, 1, "ground");
    expect((level.board.layers.ground as string[][])[1]).toEqual([
      "floor",
      "floor",
      "floor",
      "floor",
      "floor",
    ]);
  });
});

describe("fillRect", () => {
  it("paints a rectangle given by corners in either order", () => {
    const { level, changed } = fillRect(ck01, crateGame, [3, 2], [1, 1], { kind: "rubble" });
    expect(changed).toBe(true);
    let count = 0;
    for (let y = 0; y < 5; y++)
      for (let x = 0; x < 7; x++) if (cellAt(level, crateGame, "ground", x, y) === "rubble") count++;
    expect(count).toBe(6);
    expect(fillRect(level, crateGame, [1, 1], [3, 2], { kind: "rubble" }).changed).toBe(false);
  });

  it("erases a rectangle on one layer", () => {
    const { level } = fillRect(ck01, crateGame, [0, 0], [6, 0], null, "objects");
    expect((level.board.layers.objects as unknown[][])[0]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expectEditError(() => fillRect(ck01, crateGame, [0, 0], [9, 9], null), "off_board", /\(9, 9\)/);
  });
});

describe("layers asked for", () => {
  it("refuses a kind of another layer than the painter's active one", () => {
    expectEditError(
      () => paintCell(ck01, crateGame, 1, 1, "dock", undefined, "objects"),
      "wrong_layer",
      /"marks", not "objects"/,
    );
    expect(paintCell(ck01, crateGame, 1, 1, "dock", undefined, "marks").changed).toBe(true);
    expectEditError(
      () => fillRect(ck01, crateGame, [1, 1], [2, 2], { kind: "wall" }, "marks"),
      "wrong_layer",
      /objects/,
    );
  });

  it("erases each cell's top-most layer in a rectangle erase without a layer", () => {
    // (5,3) has a dock on marks; (1,1) a footprint on footing; (0,0) a wall on objects
    const { level } = fillRect(ck01, crateGame, [0, 0], [6, 4], null);
    expect(cellAt(level, crateGame, "marks", 5, 3)).toBeNull();
    expect(cellAt(level, crateGame, "footing", 1, 1)).toBeNull();
    expect(cellAt(level, crateGame, "objects", 0, 0)).toBeNull();
    expect(cellAt(level, crateGame, "objects", 2, 2)).toBeNull();
  });

  it("fills a 256×256 board on a sparse layer in one pass per layer", () => {
    const big = resizeBoard(ck01, crateGame, 256, 256, { dx: 0, dy: 0 }).level;
    const filled = fillRect(big, crateGame, [0, 0], [255, 255], { kind: "rubble" }).level;
    expect((filled.board.layers.ground as SparseLayer).entries).toHaveLength(256 * 256);
    const cleared = fillRect(filled, crateGame, [0, 0], [255, 255], null, "ground").level;
    expect(cleared.board.layers.ground).toEqual({ format: "sparse", entries: [] });
    const dense = fillRect(big, crateGame, [0, 0], [255, 255], { kind: "wall" }).level;
    expect((dense.board.layers.objects as unknown[][]).every((row) => row.every((c) => c === "wall"))).toBe(
      true,
    );
  });
});

describe("pickCell", () => {
  it("picks the top-most entity with its parameters, or the ground's default", () => {
    expect(pickCell(ck01, crateGame, 2, 2)).toMatchObject({
      layer: "objects",
      kind: "crate",
      params: { sides: 15 },
    });
    expect(pickCell(ck01, crateGame, 5, 3)).toMatchObject({ layer: "marks", kind: "dock" });
    expect(pickCell(ck01, crateGame, 3, 2)).toMatchObject({
      layer: "ground",
      kind: "flagstone",
      cell: "flagstone",
    });
  });
});

describe("setEntityParams", () => {
  it("sets and removes parameters; no parameters left gives the plain kind", () => {
    const set = setEntityParams(mould, foundryGame, 2, 0, "objects", { value: 16 });
    expect(cellAt(set.level, foundryGame, "objects", 2, 0)).toEqual({ kind: "ingot", value: 16 });
    const cleared = setEntityParams(set.level, foundryGame, 2, 0, "objects", { value: null });
    expect(cellAt(cleared.level, foundryGame, "objects", 2, 0)).toBe("ingot");
    expect(setEntityParams(mould, foundryGame, 2, 0, "objects", { value: 4 }).changed).toBe(false);
  });

  it("refuses an empty cell and an undeclared parameter", () => {
    expectEditError(
      () => setEntityParams(mould, foundryGame, 0, 0, "objects", { value: 1 }),
      "no_entity",
      /\(0, 0\)/,
    );
    expectEditError(
      () => setEntityParams(mould, foundryGame, 2, 0, "objects", { channel: "x" }),
      "unknown_param",
      /channel/,
    );
  });
});

describe("setAvatar", () => {
  it("moves and turns the avatar, refusing off-board cells and unknown directions", () => {
    const { level, changed } = setAvatar(ck01, { position: [2, 3], facing: "left" });
    expect(changed).toBe(true);
    expect(level.state.avatar).toEqual({ position: [2, 3], facing: "left" });
    expect(level.state.variables).toBe(ck01.state.variables);
    expect(setAvatar(ck01, { position: [1, 1] }).changed).toBe(false);
    expectEditError(() => setAvatar(ck01, { position: [7, 1] }), "off_board", /outside/);
    expectEditError(() => setAvatar(ck01, { facing: "north" as never }), "bad_value", /north/);
  });
});

describe("resizeBoard", () => {
  it("grows to the right and bottom, padding dense rows and keeping sparse layers sparse", () => {
    const { level, changed, dropped } = resizeBoard(ck01, crateGame, 8, 6, { dx: 0, dy: 0 });
    expect(changed).toBe(true);
    expect(dropped).toEqual([]);
    expect(level.board.size).toEqual([8, 6]);
    const rows = level.board.layers.objects as unknown[][];
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.length === 8)).toBe(true);
    expect(rows[0]?.[7]).toBeNull();
    expect(level.board.layers.marks).toEqual({
      format: "sparse",
      entries: [{ position: [5, 3], kind: "dock" }],
    });
  });

  it("shifts everything with the anchor, pads exactly_one layers with their default", () => {
    const { level } = resizeBoard(spout, foundryGame, 6, 5, { dx: 1, dy: 1 });
    const ground = level.board.layers.ground as string[][];
    expect(ground[0]).toEqual(["floor", "floor", "floor", "floor", "floor", "floor"]);
    expect(ground[2]?.[1]).toBe("spout");
    expect(cellAt(level, foundryGame, "objects", 2, 2)).toEqual({ kind: "ingot", value: 4 });
    const object = level.board.multiCellObjects?.[0];
    expect(object?.cells).toEqual([
      [1, 2],
      [1, 3],
      [1, 4],
    ]);
    // exitPosition is declared a position parameter of the spout kind, so it follows the board
    expect(object?.params?.exitPosition).toEqual([1, 2]);
  });

  it("crops, listing dropped entities, objects, targets and the clamped avatar", () => {
    const { level, dropped } = resizeBoard(ck01, crateGame, 3, 3, { dx: -1, dy: -1 });
    expect(level.board.size).toEqual([3, 3]);
    expect(level.state.avatar?.position).toEqual([0, 0]);
    expect(level.board.layers.footing).toEqual({
      format: "sparse",
      entries: [{ position: [0, 0], kind: "footprint" }],
    });
    expect(dropped).toContainEqual({ what: "entity", layer: "marks", position: [5, 3], cell: "dock" });
    expect(dropped.filter((d) => d.what === "entity" && d.layer === "objects").length).toBeGreaterThan(10);
    const cropped = resizeBoard(ck01, crateGame, 2, 2, { dx: -3, dy: -3 });
    expect(cropped.dropped).toContainEqual({ what: "avatar", from: [1, 1], to: [0, 0] });
    expect(describeDropped(cropped.dropped.find((d) => d.what === "avatar") as never)).toMatch(/avatar/);

    const spoutCrop = resizeBoard(spout, foundryGame, 5, 3, { dx: 0, dy: 0 });
    expect(spoutCrop.level.board.multiCellObjects).toEqual([]);
    expect(spoutCrop.dropped).toContainEqual({ what: "multiCellObject", id: "spout", kind: "spout" });

    const mouldCrop = resizeBoard(mould, foundryGame, 2, 4, { dx: 0, dy: 0 });
    expect(mouldCrop.dropped).toContainEqual({
      what: "target",
      goal: "mould",
      layer: "objects",
      position: [2, 1],
      cell: { kind: "ingot", value: 8 },
    });
    const target = (mouldCrop.level.goals[0] as BoardMatchGoal).config.targetLayers.objects;
    expect(target).toEqual({ format: "sparse", entries: [] });
  });

  it("shifts board_match targets with the board", () => {
    const { level } = resizeBoard(mould, foundryGame, 4, 4, { dx: -1, dy: 0 });
    const target = (level.goals[0] as BoardMatchGoal).config.targetLayers.objects as SparseLayer;
    expect(target.entries[0]?.position).toEqual([1, 1]);
  });

  it("is a no-op for the same size without offset and refuses bad sizes", () => {
    expect(resizeBoard(ck01, crateGame, 7, 5, { dx: 0, dy: 0 })).toEqual({
      level: ck01,
      changed: false,
      dropped: [],
    });
    expectEditError(() => resizeBoard(ck01, crateGame, 0, 5), "bad_size", /1 to 256/);
    expectEditError(() => resizeBoard(ck01, crateGame, 257, 5), "bad_size", /257/);
    expectEditError(() => resizeBoard(ck01, crateGame, 1e9, 5), "bad_size", /256/);
    expectEditError(() => resizeBoard(ck01, crateGame, 5, 5, { dx: 0.5, dy: 0 }), "bad_value", /whole/);
  });

  it("resizes a 40×40 board built from scratch", () => {
    let level = resizeBoard(ck01, crateGame, 40, 40, { dx: 0, dy: 0 }).level;
    level = fillRect(level, crateGame, [0, 0], [39, 39], { kind: "rubble" }).level;
    expect((level.board.layers.ground as SparseLayer).entries).toHaveLength(1600);
    expect(cellAt(level, crateGame, "ground", 39, 39)).toBe("rubble");
  });
});

describe("multi-cell objects", () => {
  it("adds an object on free cells and removes it again", () => {
    const added = addMultiCellObject(spout, foundryGame, {
      id: "spout2",
      kind: "spout",
      cells: [
        [4, 0],
        [4, 1],
      ],
      params: { queue: [2] },
    });
    expect(added.level.board.multiCellObjects?.map((o) => o.id)).toEqual(["spout", "spout2"]);
    const removed = removeMultiCellObject(added.level, "spout2");
    expect(removed.level.board.multiCellObjects).toEqual(spout.board.multiCellObjects);
    const none = removeMultiCellObject(spout, "spout");
    expect("multiCellObjects" in none.level.board).toBe(false);
  });

  it("refuses taken, off-board or repeated cells, duplicate ids, unknown kinds and ids", () => {
    const base = { kind: "spout", cells: [[4, 0] as [number, number]] };
    expectEditError(
      () => addMultiCellObject(spout, foundryGame, { ...base, id: "x", cells: [[0, 2]] }),
      "cell_taken",
      /"spout"/,
    );
    expectEditError(
      () => addMultiCellObject(spout, foundryGame, { ...base, id: "x", cells: [[5, 0]] }),
      "off_board",
      /\(5, 0\)/,
    );
    expectEditError(
      () =>
        addMultiCellObject(spout, foundryGame, {
          ...base,
          id: "x",
          cells: [
            [4, 0],
            [4, 0],
          ],
        }),
      "bad_value",
      /twice/,
    );
    expectEditError(
      () => addMultiCellObject(spout, foundryGame, { ...base, id: "spout" }),
      "duplicate_id",
      /spout/,
    );
    expectEditError(() => addMultiCellObject(spout, foundryGame, { ...base, id: "" }), "bad_id", /id/);
    expectEditError(
      () => addMultiCellObject(spout, foundryGame, { ...base, id: "x", kind: "pipe" }),
      "unknown_kind",
      /pipe/,
    );
    expectEditError(
      () => addMultiCellObject(spout, foundryGame, { ...base, id: "x", cells: [] }),
      "bad_value",
      /at least/,
    );
    expectEditError(() => removeMultiCellObject(spout, "nope"), "not_found", /nope/);
  });
});
