import { join } from "node:path";
import type { Rule } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
// Only the package's public entry: what a pack author's own code can reach.
import {
  builtinRegistry,
  compilePack,
  type EffectDefinition,
  type GoalDefinition,
  loadPack,
  placeEntity,
  RegistryError,
  Session,
} from "../src/index.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

/** A custom effect: puts an entity of `kind` on `layer` at the triggering event's cell. */
const markTrail: EffectDefinition<{ layer: string; kind: string }> = {
  type: "mark_trail",
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

describe("extending the registry from outside", () => {
  it("plays a level with a custom goal and a custom rule effect", async () => {
    const registry = builtinRegistry.extend({
      goals: [atLeast],
      effects: [markTrail as EffectDefinition<never>],
    });
    const files = await readPackFolder(MINI);
    const level = JSON.parse(String(files["levels/l1.json"]));
    // The level starts with one flag; three steps leave three more.
    level.goals = [{ id: "trail", type: "at_least", config: { kind: "flag", count: 4 } }];
    files["levels/l1.json"] = JSON.stringify(level);
    const loaded = loadPack(files, { registry });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
    // The validator knows no custom effects yet, so the rule is added to the validated pack.
    const trail = JSON.parse(
      '{ "id": "trail", "on": "avatar_entered", "then": [{ "mark_trail": { "layer": "markers", "kind": "flag" } }] }',
    ) as Rule;
    const { pack } = loaded;
    const game = { ...pack.game, rules: [...(pack.game.rules ?? []), trail] };
    const played = compilePack(
      { manifest: pack.manifest, game, theme: pack.theme, levels: pack.levels },
      registry,
    );

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
