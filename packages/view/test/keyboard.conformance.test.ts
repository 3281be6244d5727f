import { describe, expect, it } from "vitest";
import { keyDirection, resolveGesture } from "../src/input.js";
import { keyedActions } from "../src/keyboard.js";
import { corpusPack } from "./corpus.js";

describe("keyedActions", () => {
  it("gives each action the direction keys do not play a digit, named as the view names it", async () => {
    const { ctx } = await corpusPack("flood_colors");
    const keyed = keyedActions(ctx, ["q", "t"]);
    expect(keyed.slice(0, 3)).toEqual([
      { key: "1", label: "Flood red", action: { action: "flood_red" }, positionParam: null },
      { key: "2", label: "Flood blue", action: { action: "flood_blue" }, positionParam: null },
      { key: "3", label: "Flood yellow", action: { action: "flood_yellow" }, positionParam: null },
    ]);
  });

  it("leaves the cell of a position action open, and never hands out a key the view or the caller uses", async () => {
    for (const name of ["fx_individual_actors", "diagonal_swipes", "flood_colors"]) {
      const { ctx } = await corpusPack(name);
      const keyed = keyedActions(ctx, ["q", "t"]);
      for (const { key } of keyed) {
        expect(["q", "t"], name).not.toContain(key);
        expect(keyDirection(ctx, key), `${name} ${key}`).toBeNull();
        expect(resolveGesture(ctx, { type: "key", key }, { selection: [0, 0] }), `${name} ${key}`).toBeNull();
      }
      expect(new Set(keyed.map((k) => k.key)).size, name).toBe(keyed.length);
    }
    const { ctx } = await corpusPack("fx_individual_actors");
    expect(keyedActions(ctx).some((k) => k.positionParam !== null)).toBe(true);
  });
});

describe("keyDirection", () => {
  it("reads arrows and WASD always, and the diagonal keys only where the pack binds diagonal swipes", async () => {
    const { ctx: flat } = await corpusPack("flood_colors");
    const { ctx: diagonal } = await corpusPack("diagonal_swipes");
    expect(keyDirection(flat, "ArrowLeft")).toBe("left");
    expect(keyDirection(diagonal, "s")).toBe("down");
    expect(keyDirection(flat, "7")).toBeNull();
    expect(keyDirection(diagonal, "7")).toBe("up_left");
    expect(keyDirection(diagonal, "x")).toBeNull();
  });
});
