import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { expandGoldPathStep } from "@gridponder/schema";
import { validatePackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import { run, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();

describe("gridponder new", () => {
  it("scaffolds a pack that validates with no errors or warnings", async () => {
    const pack = join(await scratch(), "moss-garden");
    const created = await run(["new", pack]);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Created Moss Garden in");
    expect((await readdir(pack)).sort()).toEqual(["game.json", "levels", "manifest.json", "theme.json"]);

    const result = await validatePackFolder(pack);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    const manifest = JSON.parse(await readFile(join(pack, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ gameId: "local.moss-garden", title: "Moss Garden" });
  });

  it("round-trips through gridponder validate", async () => {
    const pack = join(await scratch(), "starter");
    await run(["new", pack, "--title", "Courtyard Tests"]);
    const { code, stdout } = await run(["validate", pack]);
    expect(stdout).toContain("valid, 2 levels, every gold path wins");
    expect(stdout).toContain("1 pack, 0 errors, 0 warnings");
    expect(code).toBe(0);
  });

  it("gives every level a short gold path that wins, and that does not win halfway", async () => {
    const pack = join(await scratch(), "starter");
    await run(["new", pack]);
    const loaded = await loadPackFolder(pack);
    if (!loaded.ok) throw new Error("the scaffold does not load");
    expect(loaded.pack.levelOrder).toEqual(["first_steps", "into_place"]);
    for (const id of loaded.pack.levelOrder) {
      const gold = loaded.pack.levels[id]?.solution.goldPath.map(expandGoldPathStep) ?? [];
      expect(gold.length).toBeGreaterThan(2);
      expect(gold.length).toBeLessThanOrEqual(8);
      const session = new Session(loaded.pack, id);
      const results = session.replay(gold);
      expect(results.every((r) => r.accepted)).toBe(true);
      expect(results.slice(0, -1).some((r) => r.won)).toBe(false);
      expect(session.won).toBe(true);
    }
  });

  it("fills an existing empty folder", async () => {
    const pack = join(await scratch(), "empty");
    await mkdir(pack);
    const { code } = await run(["new", pack]);
    expect(code).toBe(0);
  });

  it("refuses to overwrite a folder that is not empty", async () => {
    const pack = await scratch();
    await writeFile(join(pack, "notes.txt"), "mine");
    const { code, stdout, stderr } = await run(["new", pack]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`gridponder: ${pack} is not empty; refusing to overwrite it\n`);
    expect(await readdir(pack)).toEqual(["notes.txt"]);
  });

  it.each([
    // A read-only file system: the kernel's /sys refuses new folders, even to root.
    ["/sys/gridponder-new", "cannot create the pack in /sys/gridponder-new (EPERM: operation not permitted)"],
    // Node's recursive mkdir never returned here (a missing parent under /proc cannot be made).
    [
      "/proc/gridponder-new/pack",
      "cannot create the pack in /proc/gridponder-new/pack (ENOENT: no such file or directory)",
    ],
  ])("exits 2 when %s cannot be created", async (folder, message) => {
    const { code, stdout, stderr } = await run(["new", folder]);
    expect(stderr).toBe(`gridponder: ${message}\n`);
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });

  it("exits 2 on a symbolic link that loops, or a path under a file", async () => {
    const dir = await scratch();
    await symlink(join(dir, "loop"), join(dir, "loop"));
    const loop = await run(["new", join(dir, "loop")]);
    expect(loop.stderr).toBe(
      `gridponder: cannot read ${join(dir, "loop")} (ELOOP: too many symbolic links encountered)\n`,
    );
    expect(loop.code).toBe(2);
    await writeFile(join(dir, "file"), "");
    const under = await run(["new", join(dir, "file/pack")]);
    expect(under.stderr).toBe(`gridponder: ${join(dir, "file/pack")} lies under a file, not a folder\n`);
    expect(under.code).toBe(2);
  });

  it("reports what it wrote with --json", async () => {
    const pack = join(await scratch(), "json-pack");
    const { code, stdout } = await run(["new", pack, "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      path: pack,
      gameId: "local.json-pack",
      title: "Json Pack",
      files: [
        "manifest.json",
        "game.json",
        "theme.json",
        "levels/first_steps.json",
        "levels/into_place.json",
      ],
    });
  });
});
