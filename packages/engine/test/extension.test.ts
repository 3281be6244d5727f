import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { PackFiles } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
// Only the package's public entry: what a pack author's own code can reach.
import {
  builtinRegistry,
  type ConditionDefinition,
  createRegistry,
  defineSystem,
  type EffectDefinition,
  type GoalDefinition,
  loadPack,
  placeEntity,
  RegistryError,
  Session,
} from "../src/index.js";
import { loadPackFolder } from "../src/node.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

/** A custom effect: puts an entity of `kind` on `layer` at the triggering event's cell. */
const markTrail: EffectDefinition<{ layer: string; kind: string }> = {
  type: "mark_trail",
  configSchema: {
    type: "object",
    properties: { layer: { type: "string" }, kind: { type: "string" } },
    required: ["layer", "kind"],
    additionalProperties: false,
  },
  compile(pack, { layer, kind }) {
    const index = pack.layerIndex.get(layer);
    if (index === undefined) throw new Error(`unknown layer ${layer}`);
    return (ctx, event) => {
      const at = event?.position;
      if (Array.isArray(at) && ctx.draft.get(index, at[0], at[1]) === null)
        placeEntity(ctx, index, [at[0], at[1]], pack.entity(kind));
    };
  },
};

/** A custom condition: the triggering event happened on row `row` (`{ "on_row": 0 }`). */
const onRow: ConditionDefinition<number> = {
  type: "on_row",
  configSchema: { type: "integer", minimum: 0 },
  compile(_pack, row) {
    return (_draft, event) => {
      const at = event?.position;
      return Array.isArray(at) && at[1] === row;
    };
  },
};

/** A custom goal: at least `count` entities of `kind` stand on the board. */
const atLeast: GoalDefinition = {
  type: "at_least",
  configSchema: {
    type: "object",
    properties: { kind: { type: "string" }, count: { type: "integer", minimum: 1 } },
    required: ["kind", "count"],
    additionalProperties: false,
  },
  compile(pack, goal) {
    const { kind, count } = goal.config as { kind: string; count: number };
    const layer = pack.kinds.get(kind)?.layerIndex ?? -1;
    return ({ draft }) => {
      let n = 0;
      for (const e of layer < 0 ? [] : draft.layerCells(layer)) if (e?.kind === kind) n++;
      return { id: goal.id, type: goal.type, done: n >= count, progress: Math.min(1, n / count) };
    };
  },
};

const registry = builtinRegistry.extend({
  goals: [atLeast],
  effects: [markTrail as EffectDefinition<never>],
  conditions: [onRow as ConditionDefinition<never>],
});

/**
 * The mini pack whose level l1 is won by `count` flags, with one more game rule that marks the trail
 * the avatar walks, as `trail` says (its `then` and, optionally, `where`).
 */
async function trailPack(count: number, trail: Record<string, unknown>): Promise<PackFiles> {
  const files = await readPackFolder(MINI);
  const level = JSON.parse(String(files["levels/l1.json"]));
  level.goals = [{ id: "trail", type: "at_least", config: { kind: "flag", count } }];
  files["levels/l1.json"] = JSON.stringify(level);
  const game = JSON.parse(String(files["game.json"]));
  game.rules.push({ id: "trail", on: "avatar_entered", ...trail });
  files["game.json"] = JSON.stringify(game, null, 2);
  return files;
}

const MARK = { mark_trail: { layer: "markers", kind: "flag" } };

/** The error diagnostics of a refused load, as file, pointer and code. */
function refusal(files: PackFiles, using = registry) {
  const loaded = loadPack(files, { registry: using });
  expect(loaded.ok).toBe(false);
  return loaded.diagnostics.filter((d) => d.severity === "error");
}

describe("extending the registry from outside", () => {
  it("validates and plays a pack with a custom goal and a custom rule effect", async () => {
    // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
    const loaded = loadPack(await trailPack(4, { then: [MARK] }), { registry });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
    const played = loaded.pack;

    const session = new Session(played, "l1");
    const markers = played.layerIndex.get("markers") as number;
    expect(session.act("right").won).toBe(false);
    expect(session.state.layers[markers]?.[1]?.kind).toBe("flag");
    const second = session.act("right");
    expect(second.won).toBe(false);
    expect(second.goalProgress[0]?.progress).toBe(3 / 4);
    const third = session.act("down");
    expect(third.events.some((e) => e.type === "object_placed" && e.layer === "markers")).toBe(true);
    expect(third.won).toBe(true);
  });

  it("validates a pack folder with them as well", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gridponder-extension-"));
    try {
      // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
      const files = await trailPack(4, { where: { on_row: 0 }, then: [MARK] });
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      const loaded = await loadPackFolder(dir, { registry });
      expect(loaded.diagnostics).toEqual([]);
      expect(loaded.ok).toBe(true);
      const refused = await loadPackFolder(dir);
      expect(refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual([
        "unknown-condition",
        "unknown-effect",
        "schema-enum",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("validates and plays a custom rule condition", async () => {
    // Only cells of the top row are marked: after right, right, down three flags stand, not four.
    // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
    const loaded = loadPack(await trailPack(4, { where: { on_row: 0 }, then: [MARK] }), { registry });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
    const session = new Session(loaded.pack, "l1");
    const markers = loaded.pack.layerIndex.get("markers") as number;
    session.act("right");
    session.act("right");
    const third = session.act("down");
    expect(third.won).toBe(false);
    expect(third.goalProgress[0]?.progress).toBe(3 / 4);
    expect(session.state.layers[markers]?.[2 + 1 * 5]).toBeNull();
    expect(session.state.layers[markers]?.[2]?.kind).toBe("flag");

    // The value under the condition's key is checked against its schema, at its pointer.
    // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
    const bad = refusal(await trailPack(4, { where: { not: { on_row: -1 } }, then: [MARK] }));
    expect(bad.map((d) => [d.file, d.pointer])).toEqual([["game.json", "/rules/1/where/not/on_row"]]);
    expect(bad[0]?.message).toContain(">= 0");
  });

  it("refuses a custom effect whose fields its schema refuses, with their pointers", async () => {
    const files = await trailPack(4, {
      // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
      then: [{ mark_trail: { layer: 7, kind: "flag", colour: "red" } }],
    });
    const errors = refusal(files);
    expect(errors.map((d) => [d.file, d.pointer, d.code])).toEqual([
      ["game.json", "/rules/1/then/0/mark_trail", "schema"],
      ["game.json", "/rules/1/then/0/mark_trail/layer", "schema"],
    ]);
    expect(errors[1]?.message).toBe('the effect "mark_trail": "/layer" must be string');
    expect(errors[0]?.message).toBe('the effect "mark_trail": the value has no field "colour"');
    expect(errors.every((d) => typeof d.line === "number")).toBe(true);
  });

  it("still refuses a rule key nobody registered, naming the one meant", async () => {
    // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
    const misspelt = await trailPack(4, { then: [{ mark_trial: MARK.mark_trail }] });
    const errors = refusal(misspelt);
    expect(errors.map((d) => [d.pointer, d.code, d.message])).toEqual([
      [
        "/rules/1/then/0/mark_trial",
        "unknown-effect",
        'unknown rule effect "mark_trial" (did you mean "mark_trail"?)',
      ],
    ]);
    // Without the registry that has it, the custom effect is as unknown as a misspelt one.
    // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
    const unregistered = refusal(await trailPack(4, { then: [MARK] }), builtinRegistry);
    expect(unregistered.map((d) => [d.file, d.pointer, d.code])).toEqual([
      ["game.json", "/rules/1/then/0/mark_trail", "unknown-effect"],
      ["levels/l1.json", "/goals/0/type", "schema-enum"],
    ]);
  });

  it("refuses a registry whose own effect takes a key the DSL defines", async () => {
    // A system of its own in place of queued_emitters, bringing an effect under that system's key.
    const emitters = defineSystem({
      type: "my_emitters",
      effects: [{ ...markTrail, type: "release_from_emitter" } as EffectDefinition<never>],
    });
    const shadowing = createRegistry({
      systems: [...builtinRegistry.systems.values()].filter((s) => s.type !== "queued_emitters"),
      goals: [...builtinRegistry.goals.values()],
      loseConditions: [...builtinRegistry.loseConditions.values()],
    }).extend({ systems: [emitters] });
    const errors = refusal(await readPackFolder(MINI), shadowing);
    expect(errors.map((d) => [d.file, d.pointer, d.code, d.message])).toEqual([
      [
        "game.json",
        "",
        "custom-key-shadows",
        'the custom rule effect "release_from_emitter" takes the name of one of the DSL\'s own effects',
      ],
    ]);
  });

  it("refuses an effect or condition type already registered", () => {
    expect(() => builtinRegistry.extend({ effects: [{ ...markTrail, type: "destroy" } as never] })).toThrow(
      RegistryError,
    );
    expect(() =>
      builtinRegistry.extend({ conditions: [{ type: "cell", compile: () => () => true }] }),
    ).toThrow(RegistryError);
  });

  it("lists the rule effects and conditions of its systems with them", () => {
    expect(builtinRegistry.effects.has("release_from_emitter")).toBe(true);
    expect(builtinRegistry.conditions.has("emitter_has_next")).toBe(true);
    expect([...builtinRegistry.effects.keys()].sort()).toEqual([
      "apply_gravity",
      "clear_inventory",
      "destroy",
      "increment_variable",
      "move_entity",
      "release_from_emitter",
      "resolve_move",
      "set_cell",
      "set_inventory",
      "set_variable",
      "spawn",
      "transform",
    ]);
  });
});
