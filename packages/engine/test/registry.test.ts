import { join } from "node:path";
import { SYSTEM_TYPES } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import {
  builtinRegistry,
  createRegistry,
  type GoalDefinition,
  type LoseConditionDefinition,
  loadPack,
  RegistryError,
  Session,
} from "../src/index.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

/** A goal type the DSL lacks: won once the player has taken `count` actions. */
const stepsTaken = {
  type: "steps_taken",
  configSchema: {
    type: "object",
    properties: { count: { type: "integer", minimum: 1 } },
    required: ["count"],
    additionalProperties: false,
  },
  compile: (_pack, goal) => {
    const { count } = goal.config as { count: number };
    return ({ draft }) => ({
      id: goal.id,
      type: goal.type,
      done: draft.actionCount >= count,
      progress: Math.min(1, draft.actionCount / count),
    });
  },
} satisfies GoalDefinition;

/** A lose condition type the DSL lacks: lost once the avatar stands in row `row`. */
const enteredRow = {
  type: "entered_row",
  holds: ({ draft }, condition) => draft.avatar.position?.[1] === (condition.config as { row: number }).row,
} satisfies LoseConditionDefinition;

async function miniWith(edit: (level: Record<string, unknown>) => void) {
  const files = await readPackFolder(MINI);
  const level = JSON.parse(String(files["levels/l1.json"]));
  edit(level);
  files["levels/l1.json"] = JSON.stringify(level);
  return files;
}

describe("registries", () => {
  it("the built-in registry has every type the DSL defines", () => {
    expect([...builtinRegistry.systems.keys()].sort()).toEqual([...SYSTEM_TYPES].sort());
    expect([...builtinRegistry.goals.keys()].sort()).toEqual([
      "all_cleared",
      "balance",
      "board_match",
      "count_constraint",
      "param_match",
      "reach_target",
      "sequence_match",
      "sum_constraint",
      "variable_threshold",
    ]);
    expect([...builtinRegistry.loseConditions.keys()].sort()).toEqual([
      "balance_budget_exhausted",
      "balance_unreachable",
      "board_state",
      "max_actions",
      "variable_threshold",
    ]);
  });

  it("extends into a new registry, refusing a type twice and names the DSL could not write", () => {
    const more = builtinRegistry.extend({ goals: [stepsTaken as never] });
    expect(more.goals.has("steps_taken")).toBe(true);
    expect(builtinRegistry.goals.has("steps_taken")).toBe(false);
    expect(() => more.extend({ goals: [stepsTaken as never] })).toThrow(RegistryError);
    expect(() => more.extend({ goals: [stepsTaken as never] })).toThrow(
      /"steps_taken" is already registered/,
    );
    expect(() => createRegistry({ systems: [{ type: "Bad Name" } as never] })).toThrow(RegistryError);
    expect(Object.isFrozen(more)).toBe(true);
  });

  it("plays custom goal and lose condition types, checks their configs, and refuses them without", async () => {
    const registry = builtinRegistry.extend({
      goals: [stepsTaken as never],
      loseConditions: [enteredRow as never],
    });
    const files = await miniWith((level) => {
      level.goals = [{ id: "six", type: "steps_taken", config: { count: 6 } }];
      level.loseConditions = [{ id: "bottom", type: "entered_row", config: { row: 3 } }];
      level.solution = { goldPath: ["right", "left", "right", "left", "right", "left"] };
    });
    const loaded = loadPack(files, { registry });
    if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer} ${d.message}`).join("\n"));
    const won = new Session(loaded.pack, "l1");
    for (const direction of ["right", "left", "right", "left", "right"])
      won.act({ action: "move", direction });
    expect(won.won).toBe(false);
    won.act({ action: "move", direction: "left" });
    expect(won.won).toBe(true);
    const lost = new Session(loaded.pack, "l1");
    for (const direction of ["right", "right", "down", "down"]) lost.act({ action: "move", direction });
    expect(lost.lost).toBe(false);
    lost.act({ action: "move", direction: "down" });
    expect(lost.state.avatar.position).toEqual([2, 3]);
    expect(lost.lost).toBe(true);
    expect(lost.state.loseReason).toBe("bottom");

    const refused = loadPack(files);
    expect(refused.ok).toBe(false);
    const errors = refused.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.pointer)).toEqual(["/goals/0/type", "/loseConditions/0/type"]);
    expect(errors[0]?.message).toContain('"steps_taken"');

    const bad = loadPack(
      await miniWith((level) => {
        level.goals = [{ id: "three", type: "steps_taken", config: { count: 0 }, extra: 1 }];
      }),
      { registry },
    );
    expect(bad.ok).toBe(false);
    expect(
      bad.diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => d.pointer)
        .sort(),
    ).toEqual(["/goals/0/config/count", "/goals/0/extra"]);
  });

  it("takes a type named like a member of Object.prototype as any other name", async () => {
    const registry = builtinRegistry.extend({ goals: [{ ...stepsTaken, type: "constructor" } as never] });
    const files = await miniWith((level) => {
      level.goals = [{ id: "two", type: "constructor", config: { count: 2 } }];
      level.solution = { goldPath: ["right", "left"] };
    });
    const loaded = loadPack(files, { registry });
    if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer} ${d.message}`).join("\n"));
    const session = new Session(loaded.pack, "l1");
    session.replay(["right", "left"]);
    expect(session.won).toBe(true);

    const refused = loadPack(files);
    expect(refused.ok).toBe(false);
    expect(refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.pointer)).toEqual([
      "/goals/0/type",
    ]);
  });
});
