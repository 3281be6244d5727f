import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../src/index.js";

const goal = (type: string) => builtinRegistry.goals.get(type);
const lose = (type: string) => builtinRegistry.loseConditions.get(type);

describe("what goal and lose condition types declare for views and searches", () => {
  it("reach_target names the avatar's target, by kind or by tag; other goals have none", () => {
    const reach = goal("reach_target");
    expect(
      reach?.avatarTarget?.({ id: "g", type: "reach_target", config: { targetKind: "flag" } } as never),
    ).toEqual({
      kind: "flag",
    });
    expect(
      reach?.avatarTarget?.({ id: "g", type: "reach_target", config: { targetTag: "exit" } } as never),
    ).toEqual({
      tag: "exit",
    });
    for (const type of ["all_cleared", "board_match", "balance", "sequence_match"])
      expect(goal(type)?.avatarTarget).toBeUndefined();
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
});
