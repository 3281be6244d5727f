import { loadPack, Session } from "@gridponder/engine";
import { expandGoldPathStep, validatePack } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { namesFromFolder, starterFiles } from "../src/index.js";

describe("the starter pack", () => {
  it.each(["cli", "studio"] as const)("validates with no findings when made for the %s", (home) => {
    const result = validatePack(starterFiles(namesFromFolder("moss garden"), home));
    expect(result.diagnostics).toEqual([]);
    expect(result.pack?.manifest).toMatchObject({ title: "Moss Garden", gameId: "local.moss-garden" });
  });

  it("wins every level with its gold path, in either home", () => {
    for (const home of ["cli", "studio"] as const) {
      const loaded = loadPack(starterFiles(namesFromFolder("x"), home));
      if (!loaded.ok) throw new Error("the starter does not load");
      for (const id of loaded.pack.levelOrder) {
        const session = new Session(loaded.pack, id);
        session.replay(loaded.pack.levels[id]?.solution.goldPath.map(expandGoldPathStep) ?? []);
        expect(session.won).toBe(true);
      }
    }
  });

  it("tells the author where it was made, and nothing else differs", () => {
    const names = namesFromFolder("courtyard", "Courtyard Tests");
    const cli = starterFiles(names, "cli");
    const studio = starterFiles(names, "studio");
    expect(cli["game.json"]).toContain("gridponder validate");
    expect(studio["game.json"]).toContain("studio");
    expect(studio["game.json"]).not.toContain("gridponder validate");
    expect(Object.keys(studio)).toEqual(Object.keys(cli));
    for (const path of ["theme.json", "levels/first_steps.json", "levels/into_place.json"])
      expect(studio[path]).toBe(cli[path]);
  });

  it("names a pack from any folder name, falling back where it has no letters or digits", () => {
    expect(namesFromFolder("my_new-pack")).toEqual({ title: "My New Pack", gameId: "local.my-new-pack" });
    expect(namesFromFolder("---")).toEqual({ title: "My Pack", gameId: "local.my-pack" });
    expect(namesFromFolder("x", "  Given  ")).toEqual({ title: "Given", gameId: "local.x" });
  });
});
