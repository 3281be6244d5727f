import { DIRECTION_DELTAS } from "@gridponder/engine";
import { type Direction, screenDirection } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import {
  cellAtScreen,
  cellToScreen,
  classifySwipe,
  fitCamera,
  ISOMETRIC,
  type Projection,
  projectionOf,
  screenToBoardVector,
  TOP_DOWN,
} from "../src/index.js";
import { dot, pickCell } from "../src/iso.js";

const BOARD = DIRECTION_DELTAS as Readonly<Record<Direction, readonly [number, number]>>;
/** Where a board step shows on screen (CSS px per world unit, y down) in a projection. */
function onScreen(projection: Projection, direction: Direction): [number, number] {
  const [bx, by] = BOARD[direction];
  return [dot([bx, 0, by], projection.screenRight), -dot([bx, 0, by], projection.screenUp)];
}

describe("the two projections", () => {
  it("are orthonormal camera bases", () => {
    for (const p of [ISOMETRIC, TOP_DOWN]) {
      for (const v of [p.toCamera, p.screenRight, p.screenUp]) expect(dot(v, v)).toBeCloseTo(1, 9);
      expect(dot(p.toCamera, p.screenRight)).toBeCloseTo(0, 9);
      expect(dot(p.toCamera, p.screenUp)).toBeCloseTo(0, 9);
      expect(dot(p.screenRight, p.screenUp)).toBeCloseTo(0, 9);
    }
    expect(projectionOf("top-down")).toBe(TOP_DOWN);
    expect(projectionOf("isometric")).toBe(ISOMETRIC);
  });

  it("show every board direction where the view's table says (pads and help read the table)", () => {
    // Cardinals show exactly as the table says; in the isometric view the board's diagonals run
    // exactly along the screen's axes.
    const sign = (n: number) => Math.sign(Math.round(n * 1e6)) || 0;
    for (const projection of [ISOMETRIC, TOP_DOWN])
      for (const d of Object.keys(BOARD) as Direction[]) {
        const [sx, sy] = onScreen(projection, d);
        // The step points into the quadrant (or along the axis) the table names...
        const [ex, ey] = BOARD[screenDirection(projection.view, d)];
        expect([sign(sx), sign(sy)], `${d} in ${projection.view}`).toEqual([sign(ex), sign(ey)]);
        // ...and a swipe along it is read back as the same board direction.
        expect(classifySwipe(sx * 50, sy * 50, { diagonal: true, minDistance: 1, projection })).toBe(d);
      }
  });
});

describe("the top-down projection", () => {
  const fit = fitCamera(14, 14, 390, 400, { projection: TOP_DOWN, marginPx: 0 });

  it("puts row 0 at the top, x to the right, in square cells", () => {
    const a = cellToScreen(fit, 14, 14, 0, 0);
    const b = cellToScreen(fit, 14, 14, 1, 0);
    const c = cellToScreen(fit, 14, 14, 0, 1);
    expect(b.x - a.x).toBeCloseTo(fit.zoom, 6);
    expect(b.y).toBeCloseTo(a.y, 6);
    expect(c.y - a.y).toBeCloseTo(fit.zoom, 6);
    expect(c.x).toBeCloseTo(a.x, 6);
    // A 14×14 board in a 390 px wide view: cells of at least 24 px.
    expect(fit.zoom).toBeGreaterThanOrEqual(24);
  });

  it("shows heights nowhere: a point above a cell is drawn on the cell", () => {
    const ground = cellToScreen(fit, 14, 14, 3, 5, 0);
    const raised = cellToScreen(fit, 14, 14, 3, 5, 1);
    expect(raised.x).toBeCloseTo(ground.x, 6);
    expect(raised.y).toBeCloseTo(ground.y, 6);
  });

  it("picks the cell under every cell centre, and upright sprites lie on their own cells", () => {
    for (let y = 0; y < 14; y++)
      for (let x = 0; x < 14; x++) {
        const p = cellToScreen(fit, 14, 14, x, y);
        expect(cellAtScreen(fit, 14, 14, p.x, p.y)).toEqual([x, y]);
      }
    // Just above a sprite's cell on screen is the cell above, not the sprite (which stands only in 3D).
    const p = cellToScreen(fit, 14, 14, 4, 4);
    const above = pickCell(fit, 14, 14, p.x, p.y - fit.zoom * 0.8, [], () => 0, [[4, 4]]);
    expect(above).toEqual([4, 3]);
  });

  it("reads swipes in screen directions", () => {
    expect(screenToBoardVector(10, 0, TOP_DOWN)).toEqual([10, 0]);
    const swipe = (dx: number, dy: number, diagonal = false) =>
      classifySwipe(dx, dy, { diagonal, minDistance: 10, projection: TOP_DOWN });
    expect([swipe(0, -50), swipe(50, 0), swipe(0, 50), swipe(-50, 0)]).toEqual([
      "up",
      "right",
      "down",
      "left",
    ]);
    expect([swipe(40, -40, true), swipe(-40, 40, true)]).toEqual(["up_right", "down_left"]);
    // The same screen swipes in the isometric view mean the board axes drawn there.
    const iso = (dx: number, dy: number) => classifySwipe(dx, dy, { diagonal: true, minDistance: 10 });
    expect([iso(0, -50), iso(50, 0), iso(0, 50), iso(-50, 0)]).toEqual([
      "up_left",
      "up_right",
      "down_right",
      "down_left",
    ]);
  });
});
