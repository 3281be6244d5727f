import { join } from "node:path";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import { builtinRegistry, createRegistry, loadPack, Session } from "../src/index.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

describe("loadPack", () => {
  it("loads a valid pack from in-memory files", async () => {
    const loaded = loadPack(await readPackFolder(MINI));
    expect(loaded.ok).toBe(true);
    expect(loaded.pack?.levelOrder).toEqual(["l1", "l2"]);
  });

  it("refuses an invalid pack with its located diagnostics", async () => {
    const files = await readPackFolder(MINI);
    files["levels/l1.json"] = String(files["levels/l1.json"]).replace('"crate"', '"crat"');
    const loaded = loadPack(files);
    expect(loaded.ok).toBe(false);
    expect(loaded.diagnostics).toContainEqual(
      expect.objectContaining({ file: "levels/l1.json", code: "unknown-kind", severity: "error" }),
    );
  });

  it("tells the level files it found, also when it refuses the pack", async () => {
    const files = await readPackFolder(MINI);
    expect(loadPack(files).levelFiles).toEqual(["levels/l1.json", "levels/l2.json"]);
    files["levels/l2.json"] = "{";
    const refused = loadPack(files);
    expect(refused.ok).toBe(false);
    expect(refused.levelFiles).toEqual(["levels/l1.json", "levels/l2.json"]);
  });

  it("refuses a system type the registry lacks, naming it", async () => {
    const files = await readPackFolder(MINI);
    const game = JSON.parse(String(files["game.json"]));
    game.systems.push({ id: "followers", type: "follower_npcs", config: {} });
    files["game.json"] = JSON.stringify(game);
    // A registry of every built-in type but follower_npcs.
    const registry = createRegistry({
      systems: [...builtinRegistry.systems.values()].filter((s) => s.type !== "follower_npcs"),
      goals: [...builtinRegistry.goals.values()],
      loseConditions: [...builtinRegistry.loseConditions.values()],
    });
    const loaded = loadPack(files, { registry });
    expect(loaded.ok).toBe(false);
    expect(loaded.diagnostics).toContainEqual(
      expect.objectContaining({
        file: "game.json",
        pointer: `/systems/${game.systems.length - 1}/type`,
        code: "unsupported-type",
        message: 'system type "follower_npcs" is not registered with the engine',
      }),
    );
  });

  it("plays the mini pack's gold paths to a win", async () => {
    const loaded = loadPack(await readPackFolder(MINI));
    if (!loaded.ok) throw new Error("mini must load");
    for (const id of loaded.pack.levelOrder) {
      const session = new Session(loaded.pack, id);
      const results = session.replay(loaded.pack.levels[id]?.solution.goldPath ?? []);
      expect(results.every((r) => r.accepted)).toBe(true);
      expect(session.won).toBe(true);
    }
  });
});
