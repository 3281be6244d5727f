// @vitest-environment jsdom
import { ownPack } from "@gridponder/test-corpus";
import { type Appearance, type GoalGridView, makeAppearance, ViewController } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { goalPicture } from "../src/goal-picture.js";
import { url } from "./helpers.js";

const tile = (color: string, text: string | null = null, sprite = false): Appearance =>
  makeAppearance({
    sprite: sprite ? { collection: null, path: "sprites/gem.png" } : null,
    mirror: false,
    display: "tile",
    form: "tile",
    color,
    text,
    icon: null,
    opacity: 1,
    tint: null,
  });

/** A 4 wide, 3 high target: numbers in the top row, a sprite in the middle, a gap at the bottom right. */
const grid: GoalGridView = {
  goalId: "g",
  width: 4,
  height: 3,
  cells: [
    tile("#ffcc00", "1"),
    tile("#ffcc00", "2"),
    tile("#ffcc00", "12"),
    tile("#ffcc00", "4"),
    tile("#1565c0"),
    tile("#1565c0", null, true),
    tile("#1565c0"),
    tile("#1565c0"),
    tile("#2e7d32"),
    tile("#2e7d32"),
    tile("#2e7d32"),
    null,
  ],
};

/** The corners of a cell's face, as drawn. */
function face(svg: SVGSVGElement, x: number, y: number): [number, number][] {
  const polygons = svg.querySelectorAll(`g[data-cell="${x},${y}"] polygon`);
  const top = polygons[polygons.length - 1];
  return (top?.getAttribute("points") ?? "")
    .split(" ")
    .map((p) => p.split(",").map(Number) as [number, number]);
}

const centre = (svg: SVGSVGElement, x: number, y: number): [number, number] => {
  const corners = face(svg, x, y);
  return [
    corners.reduce((n, c) => n + c[0], 0) / corners.length,
    corners.reduce((n, c) => n + c[1], 0) / corners.length,
  ];
};

describe("goal pictures", () => {
  it("draws the target in the isometric board's projection: 2:1 diamonds, x down-right, y down-left", () => {
    const svg = goalPicture(grid, "isometric", url);
    expect(svg.dataset.view).toBe("isometric");
    expect(svg.querySelectorAll("g[data-cell]")).toHaveLength(12);
    // A cell's face is twice as wide as it is tall.
    const xs = face(svg, 0, 0).map((c) => c[0]);
    const ys = face(svg, 0, 0).map((c) => c[1]);
    const w = Math.max(...xs) - Math.min(...xs);
    const h = Math.max(...ys) - Math.min(...ys);
    expect(w / h).toBeCloseTo(2, 1);
    const [x0, y0] = centre(svg, 0, 0);
    const [x1, y1] = centre(svg, 1, 0);
    const [x2, y2] = centre(svg, 0, 1);
    expect([Math.sign(x1 - x0), Math.sign(y1 - y0)]).toEqual([1, 1]);
    expect([Math.sign(x2 - x0), Math.sign(y2 - y0)]).toEqual([-1, 1]);
    // The tile's two visible sides are drawn under each face, as on the board.
    expect(svg.querySelectorAll('g[data-cell="0,0"] polygon')).toHaveLength(3);
    // It fits the HUD column and its diamonds are large enough to read a number on.
    expect(Number(svg.getAttribute("width"))).toBeLessThanOrEqual(190);
    expect(w).toBeGreaterThanOrEqual(28);
  });

  it("draws squares in rows from the top when the board is seen from above", () => {
    const svg = goalPicture(grid, "top-down", url);
    const [x0, y0] = centre(svg, 0, 0);
    const [x1, y1] = centre(svg, 1, 0);
    const [x2, y2] = centre(svg, 0, 1);
    expect([x1 > x0, y1 === y0]).toEqual([true, true]);
    expect([x2 === x0, y2 > y0]).toEqual([true, true]);
    expect(svg.querySelectorAll('g[data-cell="0,0"] polygon')).toHaveLength(1);
    expect(x1 - x0).toBeGreaterThanOrEqual(18);
  });

  it("writes values upright and readable, in a colour that contrasts with the cell, and shows sprites", () => {
    for (const view of ["isometric", "top-down"] as const) {
      const svg = goalPicture(grid, view, url);
      const texts = [...svg.querySelectorAll("text")];
      expect(texts.map((t) => t.textContent)).toEqual(["1", "2", "12", "4"]);
      for (const t of texts) {
        expect(Number(t.getAttribute("font-size"))).toBeGreaterThanOrEqual(10);
        expect(t.getAttribute("transform")).toBeNull();
        expect(t.getAttribute("fill")).toBe("#111111");
      }
      expect(svg.querySelector('g[data-cell="1,1"] image')?.getAttribute("href")).toBe(
        "/assets/pack/sprites/gem.png",
      );
      // The empty target cell is drawn faintly, so the pattern's shape still reads.
      expect(svg.querySelector('g[data-cell="3,2"] polygon')?.getAttribute("fill")).toMatch(/^rgba\(/);
      expect(svg.getAttribute("aria-label")).toBe("target pattern, 4 by 3");
    }
  });

  it("puts pack colours into the picture only when they are plain hex colours", () => {
    const hostile: GoalGridView = {
      goalId: "g",
      width: 1,
      height: 1,
      cells: [tile("red;background:url(x)", "<b>")],
    };
    const svg = goalPicture(hostile, "top-down", url);
    expect(svg.querySelector("polygon")?.getAttribute("fill")).toMatch(/^rgba\(/);
    expect(svg.querySelector("text")?.textContent).toBe("<b>");
    expect(svg.querySelector("b")).toBeNull();
  });

  it("draws a real pack's target: Foundry Numbers' mould with its numbers", async () => {
    const { pack, assets } = await ownPack("foundry-numbers");
    const controller = new ViewController(pack, "fn07_the_mould", { assets });
    const target = controller.scene.goalGrids[0];
    expect(target).toBeDefined();
    if (!target) return;
    const svg = goalPicture(target, "isometric", url);
    const written = target.cells.filter((c) => c?.text).length;
    expect(written).toBeGreaterThan(0);
    expect(svg.querySelectorAll("text")).toHaveLength(written);
  });
});
