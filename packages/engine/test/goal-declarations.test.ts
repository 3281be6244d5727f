import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../src/index.js";

const goal = (type: string) => builtinRegistry.goals.get(type);
const lose = (type: string) => builtinRegistry.loseConditions.get(type);

describe("what goal and lose condition types declare for views and searches", () => {
  it("reach_target names the avatar's target, by kind or by tag; other goals have none", () => {
    const reach = goal("reach_target");
    expect(
      reach?.search?.avatarTarget?.({
        id: "g",
        type: "reach_target",
        config: { targetKind: "flag" },
      } as never),
    ).toEqual({
      kind: "flag",
    });
    expect(
      reach?.search?.avatarTarget?.({
        id: "g",
        type: "reach_target",
        config: { targetTag: "exit" },
      } as never),
    ).toEqual({
      tag: "exit",
    });
    for (const type of ["all_cleared", "board_match", "balance", "sequence_match"])
      expect(goal(type)?.search?.avatarTarget).toBeUndefined();
  });

  it("variable_threshold goals and lose conditions name the variable they read", () => {
    const entry = { type: "variable_threshold", config: { variable: "coins", target: 3 } } as never;
    expect(goal("variable_threshold")?.variablesRead?.(entry)).toEqual(["coins"]);
    expect(lose("variable_threshold")?.variablesRead?.(entry)).toEqual(["coins"]);
    expect(goal("reach_target")?.variablesRead).toBeUndefined();
  });

  it("max_actions declares its move limit; other lose conditions set none", () => {
    expect(lose("max_actions")?.actionLimit?.({ type: "max_actions", config: { limit: 12 } } as never)).toBe(
      12,
    );
    expect(lose("balance_unreachable")?.actionLimit).toBeUndefined();
  });

  it("board_match names its target cells, dense or sparse, inside the board only", () => {
    const dense = {
      id: "g",
      type: "board_match",
      config: {
        targetLayers: {
          objects: [
            ["a", null],
            [{ kind: "b", n: 2 }, "c"],
          ],
        },
      },
    } as never;
    expect(goal("board_match")?.search?.cellTargets?.(dense, 2, 2)[2]).toEqual({
      layerId: "objects",
      cell: 2,
      kind: "b",
      params: { n: 2 },
    });
    expect(goal("board_match")?.search?.cellTargets?.(dense, 2, 1)).toEqual([
      { layerId: "objects", cell: 0, kind: "a", params: null },
      { layerId: "objects", cell: 1, kind: null, params: null },
    ]);
    const sparse = {
      id: "g",
      type: "board_match",
      config: { targetLayers: { ground: { entries: [{ position: [1, 1], kind: "x" }] } } },
    } as never;
    expect(goal("board_match")?.search?.cellTargets?.(sparse, 3, 3)).toEqual([
      { layerId: "ground", cell: 4, kind: "x", params: null },
    ]);
  });

  it("all_cleared names what it clears, param_match the check under its markers", () => {
    const cleared = { id: "g", type: "all_cleared", config: { kind: "weed", layer: "ground" } } as never;
    expect(goal("all_cleared")?.search?.clears?.(cleared)).toEqual({ kind: "weed", layer: "ground" });
    const paired = {
      id: "g",
      type: "param_match",
      config: {
        markerLayer: "ground",
        markerKind: "pad",
        checkLayer: "objects",
        checkKind: "die",
        checkParam: "face",
        checkValue: 6,
      },
    } as never;
    const check = goal("param_match")?.search?.markerCheck?.(paired);
    expect(check?.markerKind).toBe("pad");
    expect(check?.accepts({ kind: "die", params: { face: 6 } } as never)).toBe(true);
    expect(check?.accepts({ kind: "die", params: { face: 5 } } as never)).toBe(false);
    expect(check?.accepts(null)).toBe(false);
  });

  it("every built-in goal and lose condition type says what it asks in words", () => {
    const words = { kind: (k: string) => `<${k}>`, tagged: () => [], humanize: (t: string) => t };
    const sentences = [
      goal("reach_target")?.describe?.(
        { type: "reach_target", config: { targetKind: "flag" } } as never,
        words,
      ),
      goal("all_cleared")?.describe?.({ type: "all_cleared", config: { kind: "weed" } } as never, words),
      lose("max_actions")?.describe?.({ type: "max_actions", config: { limit: 9 } } as never, words),
    ];
    expect(sentences).toEqual([
      "Reach the <flag>",
      "Clear every <weed>",
      "Out of moves: this level allows 9 actions.",
    ]);
    for (const [type, definition] of [...builtinRegistry.goals, ...builtinRegistry.loseConditions])
      if (type !== "board_state") expect(definition.describe, type).toBeTypeOf("function");
  });
});
