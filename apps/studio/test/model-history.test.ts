import { describe, expect, it } from "vitest";
import { EditHistory } from "../src/model/history.js";
import { cellAt } from "../src/model/layer-cells.js";
import { paintCell } from "../src/model/level-edits.js";
import { crateKeep } from "./model-fixtures.js";

describe("EditHistory", () => {
  it("undoes and redoes steps with their labels", () => {
    const history = new EditHistory("a");
    expect(history.canUndo).toBe(false);
    expect(history.undo()).toBe(false);
    history.apply("b", "first");
    history.apply("c", "second");
    expect(history.undoLabel).toBe("second");
    expect(history.undo()).toBe(true);
    expect(history.current).toBe("b");
    expect(history.redoLabel).toBe("second");
    expect(history.undoLabel).toBe("first");
    history.undo();
    expect(history.current).toBe("a");
    expect(history.canUndo).toBe(false);
    history.redo();
    history.redo();
    expect(history.current).toBe("c");
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBe(false);
  });

  it("drops the redo steps on a new edit", () => {
    const history = new EditHistory(1);
    history.apply(2, "two");
    history.undo();
    history.apply(3, "three");
    expect(history.canRedo).toBe(false);
    expect(history.undoLabel).toBe("three");
  });

  it("records no step for a no-op, by identity or a given equality", () => {
    const history = new EditHistory("a");
    history.apply("a", "same");
    expect(history.size).toEqual({ undo: 0, redo: 0 });
    const deep = new EditHistory([1, 2], { equals: (x, y) => x.join() === y.join() });
    deep.apply([1, 2], "copy");
    expect(deep.canUndo).toBe(false);
  });

  it("makes a group one step, labelled by its outermost begin; nested groups join it", () => {
    const history = new EditHistory(0);
    history.begin("paint wall");
    history.apply(1, "cell");
    history.begin("inner");
    history.apply(2, "cell");
    history.end();
    expect(history.grouping).toBe(true);
    expect(history.undoLabel).toBe("paint wall");
    expect(history.canRedo).toBe(false);
    history.apply(3, "cell");
    history.end();
    expect(history.size).toEqual({ undo: 1, redo: 0 });
    expect(history.undoLabel).toBe("paint wall");
    history.undo();
    expect(history.current).toBe(0);
    history.redo();
    expect(history.current).toBe(3);
  });

  it("records nothing for a group that changed nothing, and ignores an unmatched end", () => {
    const history = new EditHistory("x");
    history.end();
    history.begin("stroke");
    history.apply("y", "cell");
    history.apply("x", "cell");
    history.end();
    expect(history.canUndo).toBe(false);
  });

  it("closes an open group before undoing", () => {
    const history = new EditHistory(0);
    history.apply(1, "one");
    history.begin("stroke");
    history.apply(2, "cell");
    history.undo();
    expect(history.current).toBe(1);
    expect(history.grouping).toBe(false);
    history.end();
    history.undo();
    expect(history.current).toBe(0);
  });

  it("keeps at most the limit, dropping the oldest", () => {
    const history = new EditHistory(0, { limit: 3 });
    for (let i = 1; i <= 10; i++) history.apply(i, `step ${i}`);
    expect(history.size.undo).toBe(3);
    while (history.undo());
    expect(history.current).toBe(7);
    const defaults = new EditHistory(0);
    for (let i = 1; i <= 600; i++) defaults.apply(i, "n");
    expect(defaults.size.undo).toBe(500);
    expect(() => new EditHistory(0, { limit: 0 })).toThrow(RangeError);
  });

  it("resets to a new document and tells subscribers of every change", () => {
    const history = new EditHistory("a");
    let calls = 0;
    const stop = history.subscribe(() => calls++);
    history.apply("b", "b");
    history.undo();
    history.redo();
    history.reset("z");
    expect(calls).toBe(4);
    expect(history.current).toBe("z");
    expect(history.canUndo || history.canRedo).toBe(false);
    stop();
    history.apply("q", "q");
    expect(calls).toBe(4);
  });

  it("undoes a paint stroke over real level cells as one step", () => {
    const { game, ck01: level } = crateKeep();
    const history = new EditHistory(level);
    history.begin("paint wall");
    for (const x of [1, 2, 3, 3, 4]) {
      const { level: next, changed } = paintCell(history.current, game, x, 1, "wall");
      if (changed) history.apply(next, "paint wall");
    }
    history.end();
    expect(history.size.undo).toBe(1);
    expect(cellAt(history.current, game, "objects", 4, 1)).toBe("wall");
    history.undo();
    expect(history.current).toBe(level);
  });
});
