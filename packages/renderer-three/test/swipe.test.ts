import { describe, expect, it } from "vitest";
import { cellToScreen, fitCamera } from "../src/iso.js";
import { classifySwipe, type Direction, screenToBoardVector } from "../src/swipe.js";

const STEPS: Record<Direction, [number, number]> = {
  up: [0, -1],
  down: [0, 1],
  left: [-1, 0],
  right: [1, 0],
  up_left: [-1, -1],
  up_right: [1, -1],
  down_left: [-1, 1],
  down_right: [1, 1],
};

/** The screen vector along which a board step appears. */
function screenStep(dir: Direction): [number, number] {
  const fit = fitCamera(9, 9, 900, 900);
  const [dx, dy] = STEPS[dir];
  const a = cellToScreen(fit, 9, 9, 4, 4);
  const b = cellToScreen(fit, 9, 9, 4 + dx, 4 + dy);
  return [b.x - a.x, b.y - a.y];
}

const eight = { diagonal: true, minDistance: 10 };
const four = { diagonal: false, minDistance: 10 };

describe("classifySwipe", () => {
  for (const dir of Object.keys(STEPS) as Direction[])
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
