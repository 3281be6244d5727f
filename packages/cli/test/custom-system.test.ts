import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
// As an SDK user would: only the packages' public entry points.
import { builtinRegistry, RegistryError, Session } from "@gridponder/engine";
import { loadPackFolder, loadPlugins } from "@gridponder/engine/node";
import { solveLevel } from "@gridponder/solver";
import { solveLevels } from "@gridponder/solver/node";
import { describe, expect, it } from "vitest";
import { run, useScratchDirs } from "./helpers.js";

const FIXTURE = join(import.meta.dirname, "fixtures/conveyor");
const PACK = join(FIXTURE, "pack");
const PLUGIN = join(FIXTURE, "plugin.mjs");
const scratch = useScratchDirs();

describe("a custom system type registered from outside the engine (fixtures/conveyor/plugin.mjs)", () => {
  it("plays in a Session: the belts carry the avatar, and the gold path wins in 3 moves instead of 5", async () => {
    const registry = await loadPlugins([PLUGIN]);
    expect(registry.systems.has("conveyor")).toBe(true);
    expect(builtinRegistry.systems.has("conveyor")).toBe(false);
    const loaded = await loadPackFolder(PACK, { registry });
    if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => d.message).join("\n"));
    const session = new Session(loaded.pack, "ride");
    session.act({ action: "move", direction: "right" });
    // Stepped onto the belt at x = 1, carried on to x = 2.
    expect(session.state.avatar.position).toEqual([2, 1]);
    session.act({ action: "move", direction: "right" });
    expect(session.state.avatar.position).toEqual([4, 1]);
    session.act({ action: "move", direction: "right" });
    expect(session.won).toBe(true);
    expect(session.actionCount).toBe(3);
  });

  it("is refused, naming the type, by a loader without the plugin", async () => {
    const loaded = await loadPackFolder(PACK);
    expect(loaded.ok).toBe(false);
    expect(loaded.diagnostics).toContainEqual(
      expect.objectContaining({ file: "game.json", pointer: "/systems/1/type", severity: "error" }),
    );
    expect(loaded.diagnostics.map((d) => d.message).join("\n")).toContain('"conveyor"');
  });

  it("checks the pack's config against the type's registered schema", async () => {
    const dir = join(await scratch(), "pack");
    await cp(PACK, dir, { recursive: true });
    const game = JSON.parse(await readFile(join(dir, "game.json"), "utf8"));
    game.systems[1].config = { tag: 5, speed: 2 };
    await writeFile(join(dir, "game.json"), JSON.stringify(game));
    const loaded = await loadPackFolder(dir, { registry: await loadPlugins([PLUGIN]) });
    expect(loaded.ok).toBe(false);
    const pointers = loaded.diagnostics.filter((d) => d.severity === "error").map((d) => d.pointer);
    expect(pointers).toContain("/systems/1/config/tag");
    expect(pointers).toContain("/systems/1/config");
  });

  it("is solved by the solver, in-process and by worker threads that import the plugin themselves", async () => {
    const registry = await loadPlugins([PLUGIN]);
    const loaded = await loadPackFolder(PACK, { registry });
    if (!loaded.ok) throw new Error("the conveyor pack must load with its plugin");
    const alone = solveLevel(loaded.pack, "ride");
    expect(alone.status).toBe("solved");
    expect(alone.optimalLength).toBe(3);
    expect(alone.gold?.optimal).toBe(true);
    const [pooled] = await solveLevels(PACK, ["ride"], { workers: 2, plugins: [PLUGIN] });
    expect(pooled?.optimalLength).toBe(3);
    expect(pooled?.optimalCount).toBe(1);
    await expect(solveLevels(PACK, ["ride"], { workers: 1 })).rejects.toThrow(/does not load/);
  });

  it("is validated, traced and solved by the CLI with --plugin, and refused without it", async () => {
    const validated = await run(["--plugin", PLUGIN, "validate", PACK]);
    expect(validated.stdout).toContain("valid, 1 level, every gold path wins");
    expect(validated.code).toBe(0);

    const traced = await run(["--plugin", PLUGIN, "trace", PACK, "ride", "--json"]);
    expect(traced.code).toBe(0);
    const steps = JSON.parse(traced.stdout);
    expect(steps.map((s: { state: { avatar: { position: number[] } } }) => s.state.avatar.position)).toEqual([
      [2, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(steps.at(-1).state.won).toBe(true);

    const solved = await run(["--plugin", PLUGIN, "solve", PACK, "--json"]);
    expect(solved.code).toBe(0);
    expect(JSON.parse(solved.stdout)).toMatchObject([{ level: "ride", status: "solved", optimalLength: 3 }]);

    const refused = await run(["validate", PACK]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('unknown value "conveyor"');

    const build = await run(["--plugin", PLUGIN, "build", FIXTURE, "--out", join(await scratch(), "site")]);
    expect(build.code).toBe(2);
    expect(build.stderr).toContain("build cannot publish packs that need --plugin yet");

    const missing = await run(["--plugin", join(FIXTURE, "no-such-plugin.mjs"), "validate", PACK]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no-such-plugin.mjs could not be imported");
  });

  it("refuses a plugin that registers a type the registry already has", async () => {
    await expect(loadPlugins([PLUGIN, PLUGIN])).rejects.toThrow(RegistryError);
    await expect(loadPlugins([PLUGIN, PLUGIN])).rejects.toThrow(/"conveyor" is already registered/);
  });
});
