import type { Diagnostic, LevelDefinition } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { cellsBetween } from "../src/ui/cell-line.js";
import { cellOfPointer, cellsOfDiagnostics } from "../src/ui/diagnostic-cells.js";

describe("a stroke's cells", () => {
  it("covers every cell between two far pointer samples, each touching the last", () => {
    for (const [a, b] of [
      [
        [0, 0],
        [9, 3],
      ],
      [
        [5, 5],
        [0, 0],
      ],
      [
        [2, 7],
        [2, 0],
      ],
      [
        [0, 0],
        [0, 0],
      ],
    ] as const) {
      const cells = cellsBetween(a, b);
      expect(cells[0]).toEqual(a);
      expect(cells.at(-1)).toEqual(b);
      for (let i = 1; i < cells.length; i++) {
        const [x0, y0] = cells[i - 1] as readonly [number, number];
        const [x1, y1] = cells[i] as readonly [number, number];
        expect(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))).toBe(1);
      }
      expect(cells).toHaveLength(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) + 1);
    }
  });
});

describe("the cells the validator's findings point at", () => {
  const level = {
    id: "l",
    board: {
      size: [4, 3],
      layers: {
        ground: [
          ["a", "a", "a", "a"],
          ["a", "a", "a", "a"],
          ["a", "a", "a", "a"],
        ],
        "odd/name": {
          format: "sparse",
          entries: [
            { position: [3, 2], kind: "x" },
            { position: [9, 9], kind: "x" },
          ],
        },
      },
      multiCellObjects: [
        {
          id: "m",
          kind: "pipe",
          cells: [
            [1, 1],
            [2, 1],
          ],
        },
      ],
    },
    state: { avatar: { enabled: true, position: [0, 2] } },
    goals: [],
    solution: { goldPath: [] },
  } as unknown as LevelDefinition;

  it("reads dense cells, sparse entries (escaped layer names too), multi-cell objects and the avatar", () => {
    expect(cellOfPointer(level, "/board/layers/ground/2/1")).toEqual([1, 2]);
    expect(cellOfPointer(level, "/board/layers/odd~1name/entries/0/kind")).toEqual([3, 2]);
    expect(cellOfPointer(level, "/board/multiCellObjects/0/cells/1")).toEqual([2, 1]);
    expect(cellOfPointer(level, "/state/avatar/position")).toEqual([0, 2]);
    expect(cellOfPointer(level, "/goals/0")).toBeNull();
    expect(cellOfPointer(level, "/board/layers/__proto__/0/0")).toBeNull();
  });

  it("marks only findings about this level's file, on the board", () => {
    const d = (file: string, pointer: string, severity: "error" | "warning"): Diagnostic => ({
      file,
      pointer,
      severity,
      code: "x",
      message: "x",
    });
    const marks = cellsOfDiagnostics(
      [
        d("levels/l.json", "/board/layers/ground/0/3", "error"),
        d("levels/l.json", "/board/layers/odd~1name/entries/1", "error"),
        d("levels/other.json", "/board/layers/ground/0/0", "error"),
        d("levels/l.json", "/state/avatar/position", "warning"),
      ],
      "levels/l.json",
      level,
    );
    expect(marks).toEqual([
      { cell: [3, 0], severity: "error" },
      { cell: [0, 2], severity: "warning" },
    ]);
  });
});
