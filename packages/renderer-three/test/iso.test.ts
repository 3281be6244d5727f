import { describe, expect, it } from "vitest";
import {
  cellAtScreen,
  cellToScreen,
  dot,
  fitCamera,
  GROUND_DEPTH,
  HEADROOM,
  pickCell,
  SCREEN_RIGHT,
  SCREEN_UP,
  screenToPlane,
  TO_CAMERA,
  worldToScreen,
} from "../src/iso.js";

const SIZES: [number, number][] = [
  [1, 1],
  [3, 7],
  [8, 8],
  [20, 5],
  [64, 64],
];
const VIEWS: [number, number][] = [
  [320, 480],
  [800, 600],
  [1920, 1080],
];

describe("camera basis", () => {
  it("is orthonormal and looks down 30° from the board's bottom-right", () => {
    expect(dot(SCREEN_RIGHT, SCREEN_RIGHT)).toBeCloseTo(1);
    expect(dot(SCREEN_UP, SCREEN_UP)).toBeCloseTo(1);
    expect(dot(TO_CAMERA, TO_CAMERA)).toBeCloseTo(1);
    expect(dot(SCREEN_RIGHT, SCREEN_UP)).toBeCloseTo(0);
    expect(dot(SCREEN_RIGHT, TO_CAMERA)).toBeCloseTo(0);
    expect(dot(SCREEN_UP, TO_CAMERA)).toBeCloseTo(0);
    expect(Math.asin(TO_CAMERA[1])).toBeCloseTo(Math.PI / 6);
  });

  it("draws a cell's top face as a 2:1 diamond", () => {
    const fit = fitCamera(1, 1, 400, 400, { marginPx: 0 });
    const left = worldToScreen(fit, [-0.5, 0, 0.5]);
    const right = worldToScreen(fit, [0.5, 0, -0.5]);
    const top = worldToScreen(fit, [-0.5, 0, -0.5]);
    const bottom = worldToScreen(fit, [0.5, 0, 0.5]);
    expect((right.x - left.x) / (bottom.y - top.y)).toBeCloseTo(2);
  });
});

describe("fitCamera", () => {
  for (const [w, h] of SIZES)
    for (const [vw, vh] of VIEWS)
      it(`keeps a ${w}x${h} board inside ${vw}x${vh} with its margin, centred`, () => {
        const margin = 10;
        const fit = fitCamera(w, h, vw, vh, { marginPx: margin });
        const xs: number[] = [];
        const ys: number[] = [];
        for (const x of [-w / 2, w / 2])
          for (const z of [-h / 2, h / 2])
            for (const y of [-GROUND_DEPTH, HEADROOM]) {
              const p = worldToScreen(fit, [x, y, z]);
              xs.push(p.x);
              ys.push(p.y);
            }
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        expect(x0).toBeGreaterThanOrEqual(margin - 1e-6);
        expect(y0).toBeGreaterThanOrEqual(margin - 1e-6);
        expect(x1).toBeLessThanOrEqual(vw - margin + 1e-6);
        expect(y1).toBeLessThanOrEqual(vh - margin + 1e-6);
        expect((x0 + x1) / 2).toBeCloseTo(vw / 2, 6);
        expect((y0 + y1) / 2).toBeCloseTo(vh / 2, 6);
        // One side touches its margin (up to the device-pixel rounding of the zoom).
        const slack = Math.min(x0 - margin, y0 - margin);
        expect(slack).toBeLessThan(Math.max(w, h) * 2);
      });

  it("rounds the zoom down to whole device pixels per cell", () => {
    const fit = fitCamera(7, 5, 777, 555, { pixelRatio: 2 });
    expect(Number.isInteger(fit.zoom * 2)).toBe(true);
    const unrounded = fitCamera(7, 5, 777, 555, { pixelRatio: 2, marginPx: 16 });
    expect(unrounded.zoom).toBe(fit.zoom);
  });

  it("grows with the viewport and shrinks with the board", () => {
    expect(fitCamera(8, 8, 1000, 1000).zoom).toBeGreaterThan(fitCamera(8, 8, 500, 500).zoom);
    expect(fitCamera(64, 64, 1000, 1000).zoom).toBeLessThan(fitCamera(8, 8, 1000, 1000).zoom);
  });
});

describe("picking", () => {
  for (const [w, h] of SIZES)
    it(`finds every cell of a ${w}x${h} board at its projected centre`, () => {
      const fit = fitCamera(w, h, 900, 700);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const p = cellToScreen(fit, w, h, x, y);
          expect(cellAtScreen(fit, w, h, p.x, p.y)).toEqual([x, y]);
        }
    });

  it("finds a cell near its corners, not only at its centre", () => {
    const fit = fitCamera(5, 5, 600, 600);
    const c = cellToScreen(fit, 5, 5, 2, 3);
    const corner = worldToScreen(fit, [2 - 2.5 + 0.9, 0, 3 - 2.5 + 0.9]); // near the cell's bottom corner
    expect(cellAtScreen(fit, 5, 5, corner.x, corner.y)).toEqual([2, 3]);
    expect(cellAtScreen(fit, 5, 5, c.x, c.y)).toEqual([2, 3]);
  });

  it("returns null off the board", () => {
    const fit = fitCamera(4, 4, 400, 400);
    expect(cellAtScreen(fit, 4, 4, 2, 2)).toBeNull();
    expect(cellAtScreen(fit, 4, 4, 398, 398)).toBeNull();
  });

  it("inverts the projection on any horizontal plane", () => {
    const fit = fitCamera(6, 6, 640, 480);
    const p = worldToScreen(fit, [1.25, 0.7, -2.5]);
    const back = screenToPlane(fit, p.x, p.y, 0.7);
    expect(back[0]).toBeCloseTo(1.25);
    expect(back[2]).toBeCloseTo(-2.5);
  });

  it("puts row 0 at the far (upper) side and +x towards the lower right", () => {
    const fit = fitCamera(4, 4, 400, 400);
    const origin = cellToScreen(fit, 4, 4, 0, 0);
    const right = cellToScreen(fit, 4, 4, 1, 0);
    const down = cellToScreen(fit, 4, 4, 0, 1);
    expect(right.x).toBeGreaterThan(origin.x);
    expect(right.y).toBeGreaterThan(origin.y);
    expect(down.x).toBeLessThan(origin.x);
    expect(down.y).toBeGreaterThan(origin.y);
  });
});

describe("pickCell", () => {
  it("gives a block's top face to the block's cell, and bare ground to its own cell", () => {
    const fit = fitCamera(5, 5, 600, 600);
    const tops = new Array<number>(25).fill(0);
    tops[2 * 5 + 2] = 0.9; // a block on (2, 2)
    const heightAt = (x: number, y: number) => tops[y * 5 + x] ?? 0;
    const onTop = cellToScreen(fit, 5, 5, 2, 2, 0.9);
    // The block's top is drawn over the ground of a cell behind it...
    expect(cellAtScreen(fit, 5, 5, onTop.x, onTop.y)).not.toEqual([2, 2]);
    // ...but picking knows the block is there.
    expect(pickCell(fit, 5, 5, onTop.x, onTop.y, [0.9], heightAt)).toEqual([2, 2]);
    const ground = cellToScreen(fit, 5, 5, 4, 4);
    expect(pickCell(fit, 5, 5, ground.x, ground.y, [0.9], heightAt)).toEqual([4, 4]);
  });
});

describe("pickCell with upright sprites", () => {
  it("gives the area of an upright sprite to its cell, and the nearest sprite wins", () => {
    const fit = fitCamera(5, 5, 600, 600);
    const flat = () => 0;
    const body = cellToScreen(fit, 5, 5, 2, 2, 0.7); // the middle of a sprite standing on (2, 2)
    expect(pickCell(fit, 5, 5, body.x, body.y, [], flat)).not.toEqual([2, 2]);
    expect(pickCell(fit, 5, 5, body.x, body.y, [], flat, [[2, 2]])).toEqual([2, 2]);
    expect(
      pickCell(fit, 5, 5, body.x, body.y, [], flat, [
        [1, 1],
        [2, 2],
      ]),
    ).toEqual([2, 2]);
    const elsewhere = cellToScreen(fit, 5, 5, 4, 0);
    expect(pickCell(fit, 5, 5, elsewhere.x, elsewhere.y, [], flat, [[2, 2]])).toEqual([4, 0]);
  });
});
