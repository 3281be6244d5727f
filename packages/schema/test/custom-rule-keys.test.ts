/**
 * Rule effects and conditions of keys the DSL does not define: accepted when the validator is told of
 * them, their values checked against their own schemas; refused otherwise, with the keys meant.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type CustomType,
  formatDiagnostics,
  type PackFiles,
  type ValidateOptions,
  validatePack,
} from "../src/index.js";
import { readPackFolder } from "../src/node.js";

const MINI = join(import.meta.dirname, "fixtures/valid/mini");
const mini: PackFiles = await readPackFolder(MINI);

/** The mini pack with one more rule in game.json, or in level l1 when `inLevel`. */
function withRule(rule: Record<string, unknown>, inLevel = false): PackFiles {
  const path = inLevel ? "levels/l1.json" : "game.json";
  const file = JSON.parse(mini[path] as string);
  file.rules = [...(file.rules ?? []), { id: "extra", on: "avatar_entered", ...rule }];
  return { ...mini, [path]: JSON.stringify(file, null, 2) };
}

const markTrail: CustomType = {
  configSchema: {
    type: "object",
    properties: { layer: { type: "string" }, kind: { type: "string" } },
    required: ["layer", "kind"],
    additionalProperties: false,
  },
};
const onRow: CustomType = {
  configSchema: { type: "integer", minimum: 0 },
};
const custom: ValidateOptions = {
  customEffects: { mark_trail: markTrail },
  customConditions: { on_row: onRow },
};

const found = (files: PackFiles, options = custom) => {
  const result = validatePack(files, options);
  return {
    result,
    shown: formatDiagnostics(result.diagnostics),
    errors: result.diagnostics.filter((d) => d.severity === "error").map((d) => [d.file, d.pointer, d.code]),
  };
};

describe("custom rule effects and conditions", () => {
  it("are accepted where the DSL's are, in game and level rules and inside combinators", () => {
    for (const inLevel of [false, true]) {
      const { result, shown } = found(
        withRule(
          {
            where: { not: { any_of: [{ on_row: 2 }, { position: [0, 0] }] } },
            if: { on_row: 1 },
            // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
            then: [{ mark_trail: { layer: "markers", kind: "flag" } }, { clear_inventory: {} }],
          },
          inLevel,
        ),
      );
      expect(result.diagnostics, shown).toEqual([]);
      expect(result.ok).toBe(true);
      // The validated pack holds the rule as written, for the engine to compile with its registry.
      const rules = inLevel ? result.pack?.levels.l1?.rules : result.pack?.game.rules;
      expect(rules?.at(-1)?.then[0]).toEqual({ mark_trail: { layer: "markers", kind: "flag" } });
    }
  });

  it("have their values checked against their schemas, at their pointers", () => {
    const { result, shown, errors } = found(
      withRule({
        where: { all_of: [{ position: [0, 0] }, { on_row: -1 }] },
        // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
        then: [{ clear_inventory: {} }, { mark_trail: { layer: 3, kind: "flag", colour: "red" } }],
      }),
    );
    expect(result.ok).toBe(false);
    expect(errors, shown).toEqual([
      ["game.json", "/rules/1/where/all_of/1/on_row", "schema"],
      ["game.json", "/rules/1/then/1/mark_trail", "schema"],
      ["game.json", "/rules/1/then/1/mark_trail/layer", "schema"],
    ]);
    const messages = result.diagnostics.map((d) => d.message).join("\n");
    expect(messages).toContain('the effect "mark_trail": the value has no field "colour"');
    expect(messages).toContain('the effect "mark_trail": "/layer" must be string');
    expect(messages).toContain('the condition "on_row": the value must be >= 0');
    // Each is located on its line, as every diagnostic is.
    expect(result.diagnostics.every((d) => typeof d.line === "number")).toBe(true);
  });

  it("are refused, with the key meant, when the validator is not told of them", () => {
    const rule = {
      if: { on_rwo: 1 },
      // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
      then: [{ mark_trial: { layer: "markers", kind: "flag" } }, { destory: {} }],
    };
    const told = found(withRule(rule));
    expect(told.errors, told.shown).toEqual([
      ["game.json", "/rules/1/if/on_rwo", "unknown-condition"],
      ["game.json", "/rules/1/then/0/mark_trial", "unknown-effect"],
      ["game.json", "/rules/1/then/1/destory", "unknown-effect"],
    ]);
    const message = (pointer: string) => told.result.diagnostics.find((d) => d.pointer === pointer)?.message;
    expect(message("/rules/1/if/on_rwo")).toBe('unknown rule condition "on_rwo" (did you mean "on_row"?)');
    expect(message("/rules/1/then/0/mark_trial")).toBe(
      'unknown rule effect "mark_trial" (did you mean "mark_trail"?)',
    );
    expect(message("/rules/1/then/1/destory")).toBe(
      'unknown rule effect "destory" (did you mean "destroy"?)',
    );

    const untold = found(withRule({ ...rule, if: { on_row: 1 } }), {});
    expect(untold.errors, untold.shown).toEqual([
      ["game.json", "/rules/1/if/on_row", "unknown-condition"],
      ["game.json", "/rules/1/then/0/mark_trial", "unknown-effect"],
      ["game.json", "/rules/1/then/1/destory", "unknown-effect"],
    ]);
  });

  it("name exactly one key per entry", () => {
    const { errors, shown } = found(
      // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
      withRule({ then: [{ mark_trail: { layer: "markers", kind: "flag" }, clear_inventory: {} }] }),
    );
    expect(errors, shown).toEqual([["game.json", "/rules/1/then/0", "schema"]]);
  });

  it("may not take a key the DSL defines", () => {
    const { result, errors, shown } = found(mini, {
      customEffects: { destroy: markTrail },
      customConditions: { cell: {} },
    });
    expect(errors, shown).toEqual([
      ["game.json", "", "custom-key-shadows"],
      ["game.json", "", "custom-key-shadows"],
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'the custom rule effect "destroy" takes the name of one of the DSL\'s own effects',
    );
  });

  it("report a schema that does not compile", () => {
    const { errors, shown } = found(
      // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
      withRule({ then: [{ mark_trail: {} }] }),
      { customEffects: { mark_trail: { configSchema: { type: "no such type" } } } },
    );
    expect(errors, shown).toEqual([["game.json", "/rules/1/then/0/mark_trail", "custom-system-schema"]]);
  });
});
