import type { Piece, Scene } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { changedCells, indexScene, type StaysInCells } from "../src/scene-diff.js";
import { look, piece, sceneOf } from "./scene-fixtures.js";

const narrow: StaysInCells = (_scene, p) => !p.appearance.text || p.appearance.text.length <= 2;

function diff(a: Scene, b: Scene, stays: StaysInCells = narrow): number[] | null {
  const change = changedCells(indexScene(a), indexScene(b), stays);
  return change ? [...change.cells].sort((x, y) => x - y) : null;
}

const BOARD = ["....", ".#..", "..o.", "...."];

describe("changedCells", () => {
  it("finds nothing between a scene and a fresh copy of it", () => {
    expect(diff(sceneOf(BOARD), sceneOf(BOARD))).toEqual([]);
  });

  it("names the one cell a paint stroke adds a piece to, removes one from or recolours", () => {
    expect(diff(sceneOf(BOARD), sceneOf(["....", ".#..", "..o.", "#..."]))).toEqual([12]);
    expect(diff(sceneOf(BOARD), sceneOf(["....", "....", "..o.", "...."]))).toEqual([5]);
    expect(diff(sceneOf(BOARD), sceneOf(["....", ".#..", "..g.", "...."]))).toEqual([10]);
    expect(diff(sceneOf(BOARD), sceneOf(["#...", ".#..", "..o.", "...#"]))).toEqual([0, 15]);
  });

  it("names a cell that turns void, and both cells of a piece that moves", () => {
    expect(diff(sceneOf(BOARD), sceneOf(["._..", ".#..", "..o.", "...."]))).toEqual([1]);
    const avatar = (x: number, y: number) =>
      piece("avatar", 2, [[x, y]], look("#ffffff", "figure"), { role: "avatar", kind: "avatar" });
    expect(diff(sceneOf(BOARD, [avatar(0, 0)]), sceneOf(BOARD, [avatar(3, 3)]))).toEqual([0, 15]);
  });

  it("names the changed cell even when every piece has the same id (a hostile scene)", () => {
    const same = (scene: Scene): Scene => ({
      ...scene,
      pieces: scene.pieces.map((p) => ({ ...p, id: "dup" })),
    });
    expect(diff(same(sceneOf(BOARD)), same(sceneOf(BOARD)))).toEqual([]);
    expect(diff(same(sceneOf(BOARD)), same(sceneOf(["....", ".#..", "..o.", "#..."])))).toEqual(
      expect.arrayContaining([12]),
    );
    // Two pieces swapping places on one cell change what is drawn on top.
    const one = piece("x", 1, [[0, 0]], look("#ff0000"));
    const two = piece("y", 1, [[0, 0]], look("#00ff00"));
    expect(diff(sceneOf(BOARD, [one, two]), sceneOf(BOARD, [two, one]))).toEqual([0]);
  });

  it("asks for the whole board when the size, the theme or a piece reaching past its cells changes", () => {
    expect(diff(sceneOf(BOARD), sceneOf(["....."]))).toBeNull();
    const a = sceneOf(BOARD);
    expect(diff(a, { ...a, theme: { ...a.theme, backgroundColor: "#000000" } })).toBeNull();
    const label = (text: string) => piece("label", 1, [[1, 1]], look("#ffffff", "tile", text));
    expect(diff(sceneOf(BOARD, [label("a")]), sceneOf(BOARD, [label("b")]))).toEqual([5]);
    expect(
      diff(sceneOf(BOARD, [label("a")]), sceneOf(BOARD, [label("<script>alert(1)</script>")])),
    ).toBeNull();
    const pipe = (queue: number[]) =>
      piece("mco:p", 1, [[2, 2]], look("#888888"), { role: "multi_cell", queue });
    expect(diff(sceneOf(BOARD, [pipe([1])]), sceneOf(BOARD, [pipe([1, 2])]))).toBeNull();
    const stray = (x: number) => piece("mco:s", 1, [[x, 0]], look("#888888"), { role: "multi_cell" });
    expect(diff(sceneOf(BOARD, [stray(0)]), sceneOf(BOARD, [stray(-1)]))).toBeNull();
    expect(diff(sceneOf(BOARD, [stray(0)]), sceneOf(BOARD, [stray(0.5)]))).toBeNull();
  });

  it("redraws everything when an outline or the overlay frame changes (their lines cross cell edges)", () => {
    const outline = (edges: [number, number, number, number][]) => ({
      outlines: [{ kind: "k", layer: "l1", color: "#ffffff", width: 2, cells: [], edges }],
    });
    const a = sceneOf(BOARD, [], outline([[1, 1, 2, 1]]));
    expect(diff(a, sceneOf(BOARD, [], outline([[1, 1, 2, 1]])))).toEqual([]);
    expect(diff(a, sceneOf(["#...", ".#..", "..o.", "...."], [], outline([[1, 1, 2, 1]])))).toEqual([0]);
    expect(
      diff(
        a,
        sceneOf(
          BOARD,
          [],
          outline([
            [1, 1, 2, 1],
            [2, 1, 2, 2],
          ]),
        ),
      ),
    ).toBeNull();
    const overlay = (x: number) => ({
      overlay: { cell: [x, 1] as const, size: [1, 1] as const, color: "#ffb300" },
    });
    expect(diff(sceneOf(BOARD, [], overlay(1)), sceneOf(BOARD, [], overlay(1)))).toEqual([]);
    expect(diff(sceneOf(BOARD, [], overlay(1)), sceneOf(BOARD, [], overlay(2)))).toBeNull();
  });

  it("sees a change of the avatar's own view (its sprite facing, its carried item)", () => {
    const body = piece("avatar", 2, [[1, 2]], look("#ffffff", "figure"), { role: "avatar", kind: "avatar" });
    const view = (mirror: boolean) => ({
      avatar: {
        piece: body,
        facing: "right" as const,
        state: "idle",
        enabled: true,
        visible: true,
        item: null,
        sprite: null,
        mirror,
        animation: null,
        looks: [],
      },
    });
    expect(diff(sceneOf(BOARD, [body], view(false)), sceneOf(BOARD, [body], view(false)))).toEqual([]);
    expect(diff(sceneOf(BOARD, [body], view(false)), sceneOf(BOARD, [body], view(true)))).toEqual([9]);
  });

  it("gives up pairing after a short look ahead: a thousand pieces inserted in front mark their cells", () => {
    const rows = Array.from({ length: 40 }, (_, y) => (y % 2 ? "#".repeat(40) : ".".repeat(40)));
    const a = sceneOf(rows);
    const extra: Piece[] = Array.from({ length: 1000 }, (_, i) =>
      piece(`x${i}`, 0, [[i % 40, Math.floor(i / 40)]], look("#123456")),
    );
    const b: Scene = { ...a, pieces: [...extra, ...a.pieces] };
    expect(diff(a, b)).toEqual(expect.arrayContaining(Array.from({ length: 1000 }, (_, i) => i)));
  });
});
