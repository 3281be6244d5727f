import type { Scene } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { type PartContext, SOLID_SIZE } from "../src/parts.js";
import type { Actor } from "../src/scene-actors.js";
import { highestIn, labelUnder, measureStandHeights, standHeightAt } from "../src/stand-heights.js";
import { appearance, piece } from "./fixtures.js";

const context: PartContext = { seams: false, groundBody: "#404040" };
const scene = { width: 3, height: 2 } as Scene;

function actor(p: ReturnType<typeof piece>): Actor {
  return {
    piece: p,
    appearance: p.appearance,
    item: null,
    yaw: 0,
    track: null,
    sample: null,
    parts: [],
    looks: [],
  };
}

describe("stand heights", () => {
  const tile = appearance("#ff0000", "tile", { text: "8" });
  const orb = appearance("#00ff00", "orb");
  const actors = [
    actor(piece("ground", 0, 0, appearance("#eeeeee", "flat"), "ground")),
    actor(piece("tile", 1, 0, tile)),
    actor(piece("gem", 2, 0, orb)),
    // The avatar itself is never something to stand on.
    actor(piece("avatar", 0, 1, appearance("#ffffff", "tile"), "avatar")),
  ];
  const heights = measureStandHeights(scene, actors, context);

  it("stands on the top of a tile, not on round things or the avatar", () => {
    const tileTop = SOLID_SIZE.tile[1];
    expect(standHeightAt(heights, 1, 0)).toBeCloseTo(tileTop, 5);
    expect(standHeightAt(heights, 0, 0)).toBe(0);
    expect(standHeightAt(heights, 2, 0)).toBe(0);
    expect(standHeightAt(heights, 0, 1)).toBe(0);
  });

  it("ramps between cells while moving, and clamps at the board's edge", () => {
    const tileTop = SOLID_SIZE.tile[1];
    expect(standHeightAt(heights, 0.5, 0)).toBeCloseTo(tileTop / 2, 5);
    expect(standHeightAt(heights, 1.25, 0)).toBeCloseTo(tileTop * 0.75, 5);
    expect(standHeightAt(heights, -3, 7)).toBe(0);
  });

  it("marks cells with a written label, blended the same way", () => {
    expect(labelUnder(heights, 1, 0)).toBe(1);
    expect(labelUnder(heights, 0, 0)).toBe(0);
    expect(labelUnder(heights, 0.5, 0)).toBeCloseTo(0.5, 5);
  });

  it("finds the highest top inside a rectangle, ignoring cells off the board", () => {
    expect(highestIn(heights, 0, 0, 2, 2)).toBeCloseTo(SOLID_SIZE.tile[1], 5);
    expect(highestIn(heights, 2, 0, 5, 5)).toBe(0);
  });
});
