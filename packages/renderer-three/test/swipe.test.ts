import { DIRECTION_DELTAS } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { cellToScreen, fitCamera } from "../src/iso.js";
import { classifySwipe, type Direction, screenToBoardVector } from "../src/swipe.js";

const DIRECTIONS = Object.keys(DIRECTION_DELTAS) as Direction[];

/** The screen vector along which a board step appears. */
function screenStep(dir: Direction): [number, number] {
  const fit = fitCamera(9, 9, 900, 900);
  const delta = DIRECTION_DELTAS[dir];
  if (!delta) throw new Error(`no direction ${dir}`);
  const [dx, dy] = delta;
  const a = cellToScreen(fit, 9, 9, 4, 4);
  const b = cellToScreen(fit, 9, 9, 4 + dx, 4 + dy);
  return [b.x - a.x, b.y - a.y];
}

const eight = { diagonal: true, minDistance: 10 };
const four = { diagonal: false, minDistance: 10 };

describe("classifySwipe", () => {
  for (const dir of DIRECTIONS)
    it(`reads a swipe along the board's ${dir} as ${dir}`, () => {
      const [sx, sy] = screenStep(dir);
      expect(classifySwipe(sx, sy, eight)).toBe(dir);
    });

  it("maps screen axes to board diagonals in eight directions", () => {
    expect(classifySwipe(0, -50, eight)).toBe("up_left");
    expect(classifySwipe(50, 0, eight)).toBe("up_right");
    expect(classifySwipe(0, 50, eight)).toBe("down_right");
    expect(classifySwipe(-50, 0, eight)).toBe("down_left");
  });

  it("splits four directions by screen quadrant", () => {
    expect(classifySwipe(40, -20, four)).toBe("up");
    expect(classifySwipe(40, 20, four)).toBe("right");
    expect(classifySwipe(-40, 20, four)).toBe("down");
    expect(classifySwipe(-40, -20, four)).toBe("left");
    for (const dir of ["up", "down", "left", "right"] as const) {
      const [sx, sy] = screenStep(dir);
      expect(classifySwipe(sx, sy, four)).toBe(dir);
    }
  });

  it("tolerates wobble inside a direction's sector", () => {
    const [sx, sy] = screenStep("right");
    const a = Math.atan2(sy, sx);
    for (const wobble of [-0.25, 0.25]) {
      expect(classifySwipe(Math.cos(a + wobble) * 60, Math.sin(a + wobble) * 60, eight)).toBe("right");
    }
  });

  it("ignores strokes shorter than the threshold", () => {
    expect(classifySwipe(5, 5, eight)).toBeNull();
    expect(classifySwipe(0, 0, four)).toBeNull();
  });

  it("is independent of the stroke's length", () => {
    const [sx, sy] = screenToBoardVector(30, -40);
    const [lx, ly] = screenToBoardVector(300, -400);
    expect(lx / sx).toBeCloseTo(10);
    expect(ly / sy).toBeCloseTo(10);
  });
});
