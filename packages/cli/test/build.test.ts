import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, execBin, LANTERN_CELLAR, type RunResult, run, STACK_FRAME, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();

/** A packs folder holding a copy of lantern-cellar, edited by `edit` (file name → JSON change). */
async function packsWith(edits: Record<string, (json: Record<string, unknown>) => void> = {}): Promise<{
  packs: string;
  pack: string;
}> {
  const packs = await scratch();
  const pack = join(packs, "lantern-cellar");
  await cp(LANTERN_CELLAR, pack, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const json = JSON.parse(await readFile(join(pack, file), "utf8"));
    edit(json);
    await writeFile(join(pack, file), JSON.stringify(json, null, 2));
  }
  return { packs, pack };
}

describe("gridponder build", { timeout: 600_000 }, () => {
  it("refuses a pack with a broken level: exit 2, file and JSON pointer like validate", async () => {
    const { packs, pack } = await packsWith({
      "levels/lc02_storeroom.json": (level) => {
        ((level.board as { layers: { objects: unknown[][] } }).layers.objects[1] as unknown[])[1] = "rokc";
      },
    });
    const { code, stdout, stderr } = await run(["build", packs, "--out", join(await scratch(), "site")]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      `${join(pack, "levels/lc02_storeroom.json")}:/board/layers/objects/1/1: error: unknown entity kind "rokc"`,
    );
    expect(stderr).toContain("1 invalid pack");
    expect(stdout).toBe("");
    expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
  });

  it("refuses a sprite path that leaves the pack (../../etc/passwd)", async () => {
    const { packs, pack } = await packsWith({
      "game.json": (game) => {
        ((game.entityKinds as Record<string, { sprite: unknown }>).wall as { sprite: unknown }).sprite =
          "../../etc/passwd";
      },
    });
    const out = join(await scratch(), "site");
    const { code, stderr } = await run(["build", packs, "--out", out]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      `${join(pack, "game.json")}:/entityKinds/wall/sprite: error: invalid asset path "../../etc/passwd"`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it("exits 1 when a gold path no longer wins, and reports it with --json too", async () => {
    const { packs, pack } = await packsWith({
      "levels/lc01_bottom_step.json": (level) => {
        (level.solution as { goldPath: unknown[] }).goldPath.splice(-1, 1);
      },
    });
    const out = join(await scratch(), "site");
    const text = await run(["build", packs, "--out", out]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`${join(pack, "levels/lc01_bottom_step.json")}:/solution/goldPath: error:`);
    expect(text.stdout).toContain("not built: 1 gold path no longer wins");

    const json = await run(["build", packs, "--out", out, "--json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.ok).toBe(false);
    expect(report.diagnostics[0]).toMatchObject({ code: "gold-path", pointer: "/solution/goldPath" });
  });

  it("names both versions when a pack needs a newer engine", async () => {
    const { packs } = await packsWith({
      "manifest.json": (manifest) => {
        manifest.minEngineVersion = "42.0.0";
      },
    });
    const { code, stderr } = await run(["build", packs, "--out", join(await scratch(), "site")]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /manifest\.json:\/minEngineVersion: error: the pack needs engine 42\.0\.0, but this engine is \d+\.\d+\.\d+/,
    );
  });

  it("refuses usage errors and output folders it would wipe with exit 2", async () => {
    const { packs } = await packsWith();
    expect((await run(["build", packs])).code).toBe(2);
    const missing = await run(["build", join(packs, "nope"), "--out", join(await scratch(), "site")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such folder of packs");
    const wipe = await run(["build", packs, "--out", packs]);
    expect(wipe.code).toBe(2);
    expect(wipe.stderr).toContain(`refusing to build into ${packs}: it is the packs folder`);
    expect(existsSync(join(packs, "lantern-cellar/manifest.json"))).toBe(true);
  });

  it("builds a playable site with the built binary, leaving an invalid pack out with --skip-invalid", async () => {
    const { packs } = await packsWith();
    const broken = join(packs, "broken");
    await cp(LANTERN_CELLAR, broken, { recursive: true });
    await writeFile(join(broken, "levels/lc02_storeroom.json"), "{ not json");
    const out = join(await scratch(), "site");
    const { code, stdout, stderr } = await execBin([
      "build",
      packs,
      "--out",
      out,
      "--base",
      "/games/",
      "--skip-invalid",
    ]);
    expect(stderr).toContain("compiling 2 packs");
    expect(stderr).toContain("building pages");
    expect(code).toBe(0);
    expect(stdout).toContain(
      `${join(broken, "manifest.json")}: warning: invalid pack left out of the catalog`,
    );
    expect(stdout).toContain(`${join(broken, "levels/lc02_storeroom.json")}`);
    expect(stdout).toMatch(
      /\nbuilt 1 pack, 8 levels, \d+ pages \([\d.]+ MB\) into .+ in [\d.]+ s, \d+ warnings\n$/,
    );
    expect(existsSync(join(out, "index.html"))).toBe(true);
    const levelPage = await readFile(
      join(out, "dev-gridponder-lantern-cellar/lc01-bottom-step/index.html"),
      "utf8",
    );
    const src = /<gridponder-player src="([^"]+)"/.exec(levelPage)?.[1] ?? "";
    expect(src).toMatch(/^\/games\/_packs\/dev-gridponder-lantern-cellar\/pack\.[0-9a-f]{12}\.json$/);
    const compiled = JSON.parse(await readFile(join(out, src.slice("/games/".length)), "utf8"));
    expect(compiled.pack.manifest.gameId).toBe("dev.gridponder.lantern-cellar");
    // The studio comes with every site, linked from each level page.
    expect(existsSync(join(out, "studio/index.html"))).toBe(true);
    const index = JSON.parse(await readFile(join(out, "studio/catalog.json"), "utf8"));
    expect(index.packs[0].packUrl).toBe(`../${src.slice("/games/".length)}`);
    expect(levelPage).toContain('href="/games/studio/#edit=dev-gridponder-lantern-cellar/lc01_bottom_step"');
  });

  it("leaves the studio and its links out with --no-studio", async () => {
    const { packs } = await packsWith();
    const out = join(await scratch(), "site");
    const { code, stderr } = await execBin(["build", packs, "--out", out, "--no-studio"]);
    expect(stderr).not.toMatch(STACK_FRAME);
    expect(code).toBe(0);
    expect(existsSync(join(out, "index.html"))).toBe(true);
    expect(existsSync(join(out, "studio"))).toBe(false);
    const levelPage = await readFile(
      join(out, "dev-gridponder-lantern-cellar/lc01-bottom-step/index.html"),
      "utf8",
    );
    expect(levelPage).not.toContain("data-edit");
    expect(levelPage).not.toContain("/studio/");
  });
});

/**
 * The built binary in its own process with extra environment variables. Builds whose pages a test
 * reads run there: a second Astro build in one process can reuse the first one's page modules.
 */
function execBinWith(args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr });
      },
    );
  });
}

describe("gridponder build --solve", { timeout: 600_000 }, () => {
  /** Levels' optima as the level pages show them. */
  async function pageTarget(out: string, level: string): Promise<string> {
    const page = await readFile(join(out, `dev-gridponder-lantern-cellar/${level}/index.html`), "utf8");
    return /<span data-target>([^<]*)<\/span>/.exec(page)?.[1] ?? "";
  }

  it("shows proven optima on the pages, and takes them from the cache the next time", async () => {
    const { packs } = await packsWith();
    const env = { GRIDPONDER_OPTIMA_CACHE: join(await scratch(), "optima.json") };
    const out = join(await scratch(), "site");
    // Far beyond the second these levels need, so the outcome does not depend on the machine.
    const json = await run(["build", packs, "--out", out, "--solve", "600", "--json"], { env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, levels: 8, optima: 8 });
    expect(await pageTarget(out, "lc01-bottom-step")).toBe("Optimum: 11 moves");
    expect(await pageTarget(out, "lc03-stepping-crates")).toBe("Optimum: 15 moves");
    const cache = JSON.parse(await readFile(env.GRIDPONDER_OPTIMA_CACHE, "utf8"));
    expect(Object.values(cache.levels)).toHaveLength(8);
    // A search writes the cache anew (a rename, so another inode): the same inode afterwards means none ran.
    const written = await stat(env.GRIDPONDER_OPTIMA_CACHE);

    // Another process, as a second build would be: without a value the limit is the default, and every
    // level is settled by the cache either way.
    const again = join(await scratch(), "site");
    const text = await execBinWith(["build", packs, "--out", again, "--solve"], env);
    expect(text.code).toBe(0);
    expect(text.stderr).toContain("solving 8 levels");
    expect(text.stdout).toMatch(/^built 1 pack, 8 levels \(8 optima proven\), \d+ pages /);
    expect(await pageTarget(again, "lc08-great-lantern")).toBe("Optimum: 17 moves");
    const after = await stat(env.GRIDPONDER_OPTIMA_CACHE);
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
  });

  it("keeps the reference length without --solve, and refuses a limit that is not a positive number", async () => {
    const { packs } = await packsWith();
    const out = join(await scratch(), "site");
    const plain = await execBinWith(["build", packs, "--out", out, "--json"], {});
    expect(JSON.parse(plain.stdout)).toMatchObject({ ok: true, optima: 0 });
    expect(await pageTarget(out, "lc01-bottom-step")).toBe("Reference solution: 11 moves");
    for (const bad of ["0", "-3", "soon"]) {
      const { code, stderr } = await run(["build", packs, "--out", out, `--solve=${bad}`]);
      expect(code).toBe(2);
      expect(stderr).toContain("expected a positive number of seconds");
    }
  });
});
