import { describe, expect, it } from "vitest";
import { DIRECTION_DELTAS, directionDelta, stepOf } from "../src/board/geometry.js";

// The engine computes with plain step arrays (reading a frozen array's elements is slow in V8); the
// steps it hands out must stay frozen, so no caller can change the steps every move uses.
describe("direction steps", () => {
  const names = ["up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right"];

  it("hands out frozen steps equal to the ones the engine computes with", () => {
    expect(Object.isFrozen(DIRECTION_DELTAS)).toBe(true);
    for (const name of names) {
      const shared = directionDelta(name);
      expect(shared).toBe(DIRECTION_DELTAS[name]);
      expect(Object.isFrozen(shared)).toBe(true);
      expect(stepOf(name)).toEqual(shared);
      // Never the engine's own array.
      expect(stepOf(name)).not.toBe(shared);
    }
  });

  it("knows no other direction, whatever the value", () => {
    for (const value of ["", "UP", "toString", "__proto__", "constructor", 0, null, undefined, ["up"]]) {
      expect(directionDelta(value)).toBeUndefined();
      expect(stepOf(value)).toBeUndefined();
    }
  });

  it("gives opposite directions opposite steps", () => {
    const opposite = (n: string) =>
      n.replace(
        /up|down|left|right/g,
        (w) => ({ up: "down", down: "up", left: "right", right: "left" })[w] ?? w,
      );
    for (const name of names) {
      const [x, y] = stepOf(name) ?? [NaN, NaN];
      expect(stepOf(opposite(name))).toEqual([-x + 0, -y + 0]); // + 0 turns -0 into 0
    }
  });
});
