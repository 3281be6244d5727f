import { describe, expect, it } from "vitest";
import { pendingRegions } from "../../src/models/index.js";

/** Board cells (row-major, `width` wide) of every cell but those listed. */
const allBut = (width: number, height: number, missing: readonly number[] = []) =>
  Int32Array.from({ length: width * height }, (_, i) => i).filter((i) => !missing.includes(i));

describe("pendingRegions", () => {
  it("gives every avatar cell its own region when the count allows", () => {
    const cells = allBut(3, 2, [4]);
    const r = pendingRegions(3, 2, cells, 100);
    expect(r.count).toBe(5);
    expect(new Set(Array.from(cells, (c) => r.regionOf[c])).size).toBe(5);
    expect(r.regionOf[4]).toBe(-1);
  });

  it("makes one region of the whole board when only one is allowed", () => {
    const cells = allBut(7, 8, [0, 1, 9]);
    const r = pendingRegions(7, 8, cells, 1);
    expect(r.count).toBe(1);
    expect(Array.from(r.cells[0] as Int32Array)).toEqual(Array.from(cells));
  });

  it("splits the board into the smallest blocks that fit the count, each cell in exactly one", () => {
    const cells = allBut(8, 8);
    const r = pendingRegions(8, 8, cells, 4);
    expect(r.count).toBe(4);
    // Four 4 × 4 quadrants.
    for (const region of r.cells) {
      const xs = Array.from(region, (c) => c % 8);
      const ys = Array.from(region, (c) => Math.floor(c / 8));
      expect(Math.max(...xs) - Math.min(...xs)).toBe(3);
      expect(Math.max(...ys) - Math.min(...ys)).toBe(3);
    }
    expect(r.cells.reduce((n, c) => n + c.length, 0)).toBe(64);
    for (const c of cells) expect(r.cells[r.regionOf[c] as number]).toContain(c);
  });

  it("never makes more regions than allowed", () => {
    const cells = allBut(7, 8, [3, 10, 17, 30]);
    for (let most = 1; most <= 60; most++)
      expect(pendingRegions(7, 8, cells, most).count).toBeLessThanOrEqual(most);
  });
});
