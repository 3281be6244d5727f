import { join } from "node:path";
import { OWN_PACKS, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import { validatePackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import {
  builtinRegistry,
  compilePackWith,
  missingTypes,
  ON_DEMAND_SYSTEM_TYPES,
  registryFor,
  Session,
} from "../src/index.js";
import { loadPackFolder } from "../src/node.js";

describe("registryFor", () => {
  it("can load every built-in system type, and only those", () => {
    expect([...ON_DEMAND_SYSTEM_TYPES].sort()).toEqual([...builtinRegistry.systems.keys()].sort());
  });

  it("holds exactly the systems a game names, with every built-in goal and lose condition", async () => {
    const registry = await registryFor({
      systems: [{ type: "push_objects" }, { type: "avatar_navigation" }, { type: "push_objects" }],
    });
    expect([...registry.systems.keys()].sort()).toEqual(["avatar_navigation", "push_objects"]);
    expect([...registry.goals.keys()].sort()).toEqual([...builtinRegistry.goals.keys()].sort());
    expect([...registry.loseConditions.keys()].sort()).toEqual(
      [...builtinRegistry.loseConditions.keys()].sort(),
    );
    // Each system as the built-in registry has it, defaults included.
    for (const [type, system] of registry.systems)
      expect(system.defaults).toEqual(builtinRegistry.systems.get(type)?.defaults);
  });

  it("leaves out a type that is not built in, for missingTypes to name", async () => {
    const registry = await registryFor({ systems: [{ type: "my_custom_system" }, { type: "ice_slide" }] });
    expect([...registry.systems.keys()]).toEqual(["ice_slide"]);
  });
});

// Whatever the registry, a pack plays the same: gold paths and a fixed pseudo-random walk of every level.
describe.each(puzzlePackNames())("pack %s played with registryFor", (name) => {
  it("gives the same states as the built-in registry", async () => {
    const dir = join(OWN_PACKS, name);
    const loaded = await loadPackFolder(dir, { searchPaths: [OWN_PACKS] });
    const validated = await validatePackFolder(dir, { searchPaths: [OWN_PACKS] });
    if (!loaded.ok || !validated.pack) throw new Error(`${name} does not load`);
    const registry = await registryFor(validated.pack.game);
    expect(missingTypes(validated.pack, registry)).toEqual([]);
    const lazy = compilePackWith(validated.pack, registry);
    let seed = 7;
    const pick = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (const id of loaded.pack.levelOrder) {
      const a = new Session(loaded.pack, id);
      const b = new Session(lazy, id);
      const same = () => expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
      for (let i = 0; i < 40; i++) {
        const legal = a.legalActions();
        if (legal.length === 0) break;
        const action = legal[pick(legal.length)];
        expect(b.act(action as never).accepted).toBe(a.act(action as never).accepted);
        same();
      }
      a.reset();
      b.reset();
      for (const action of loaded.pack.levels[id]?.solution.goldPath ?? []) {
        const ta = a.act(action as never);
        const tb = b.act(action as never);
        expect([tb.accepted, tb.won]).toEqual([ta.accepted, ta.won]);
        same();
      }
    }
  });
});
