/**
 * The site is an ordinary Astro project: `astro build` with GRIDPONDER_PACKS and GRIDPONDER_BASE builds
 * it as the README says. Run on a copy of the project, as a user who customises it would, so that the
 * files Astro writes into its project folder (`.astro/`, Vite's caches) stay in the copy.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { htmlPages, OWN_PACKS, removeAll } from "./site-helpers.ts";

const APP = resolve(import.meta.dirname, "..");
let copy: string | undefined;
afterAll(() => removeAll(copy));

/** The project's sources, and a `node_modules` of its own that links to the installed dependencies. */
async function copyProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-astro-project-"));
  for (const name of ["src", "public", "astro.config.mjs", "package.json"])
    await cp(join(APP, name), join(dir, name), { recursive: true });
  await mkdir(join(dir, "node_modules"));
  for (const entry of await readdir(join(APP, "node_modules")))
    if (!entry.startsWith("."))
      await symlink(join(APP, "node_modules", entry), join(dir, "node_modules", entry));
  return dir;
}

describe("astro build of the catalog project", { timeout: 300_000 }, () => {
  it("takes its packs folder and base from the environment", async () => {
    copy = await copyProject();
    const out = join(copy, "dist", "site");
    await promisify(execFile)(join(APP, "node_modules/.bin/astro"), ["build", "--outDir", out], {
      cwd: copy,
      env: {
        ...process.env,
        GRIDPONDER_PACKS: join(OWN_PACKS, "lantern-cellar"),
        GRIDPONDER_BASE: "/games/",
        ASTRO_TELEMETRY_DISABLED: "1",
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    const pages = await htmlPages(out);
    expect(pages).toContain("index.html");
    expect(pages).toContain("dev-gridponder-lantern-cellar/lc01-bottom-step/index.html");
    const level = await readFile(
      join(out, "dev-gridponder-lantern-cellar/lc01-bottom-step/index.html"),
      "utf8",
    );
    const packUrl = /src="(\/games\/_packs\/[^"]+\.json)"/.exec(level)?.[1];
    expect(packUrl).toBeDefined();
    expect(existsSync(join(out, (packUrl ?? "").slice("/games/".length)))).toBe(true);
  });
});
