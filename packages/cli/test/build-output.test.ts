/**
 * `build --out` never destroys what it did not write: the user's packs, unrelated files in the output
 * folder, or the previous site when a build fails or is interrupted.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, LANTERN_CELLAR, REPO, run, STACK_FRAME, tempDir } from "./helpers.js";

const CATALOG_ROOT = join(REPO, "packages/catalog");
const MANIFEST = ".gridponder-site.json";

/** Every entry below `dir` with a digest of its content (files), target (links) or nothing (folders). */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const full = join(dir, path);
      if (entry.isDirectory()) {
        out[`${path}/`] = "dir";
        await walk(path);
      } else if (entry.isSymbolicLink()) out[path] = `-> ${await readlink(full)}`;
      else
        out[path] = createHash("sha256")
          .update(await readFile(full))
          .digest("hex");
    }
  };
  await walk("");
  return out;
}

/** Names of staging folders beside `out` (a build's `.name.gridponder-build-*`). */
async function stagingFolders(parent: string): Promise<string[]> {
  return (await readdir(parent)).filter((name) => name.includes(".gridponder-build-"));
}

interface Spawned {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI; `interrupt` sends a signal once stderr shows `when`. */
function spawnBuild(
  args: string[],
  options: { cwd?: string; interrupt?: { when: string; signal: NodeJS.Signals } } = {},
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "build", ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let sent = false;
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
      const interrupt = options.interrupt;
      if (interrupt && !sent && stderr.includes(interrupt.when)) {
        sent = true;
        child.kill(interrupt.signal);
      }
    });
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const cleanups: (() => Promise<void>)[] = [];
async function scratch(): Promise<string> {
  const { dir, cleanup } = await tempDir();
  cleanups.push(cleanup);
  return dir;
}
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A packs folder with lantern-cellar and, when `second`, a copy of it with another gameId. */
async function packsFolder(second: boolean): Promise<string> {
  const packs = await scratch();
  await cp(LANTERN_CELLAR, join(packs, "lantern-cellar"), { recursive: true });
  if (second) {
    const dir = join(packs, "second-cellar");
    await cp(LANTERN_CELLAR, dir, { recursive: true });
    const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
    manifest.gameId = "test.second-cellar";
    await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));
  }
  return packs;
}

/** The user's own files, of the kinds the issue saw deleted. */
async function addUserFiles(dir: string): Promise<void> {
  await writeFile(join(dir, "thesis.txt"), "three years of work\n");
  await writeFile(join(dir, ".env"), "SECRET=1\n");
  await mkdir(join(dir, ".git"), { recursive: true });
  await writeFile(join(dir, ".git", "config"), "[core]\n");
  await mkdir(join(dir, "drafts"));
}

const USER_FILES = ["thesis.txt", ".env", ".git/", ".git/config", "drafts/"];

function only(entries: Record<string, string>, paths: readonly string[]): Record<string, string> {
  return Object.fromEntries(paths.map((p) => [p, entries[p] ?? "missing"]));
}

describe("build --out keeps what it did not write", { timeout: 600_000 }, () => {
  let onePack: string;
  let twoPacks: string;
  /** A site of both packs, built once and copied by the tests that need a previous site. */
  let template: string;

  beforeAll(async () => {
    onePack = await packsFolder(false);
    twoPacks = await packsFolder(true);
    template = join(await scratch(), "site");
    const built = await spawnBuild([twoPacks, "--out", template]);
    expect(built.code, built.stderr).toBe(0);
  });

  async function previousSite(): Promise<string> {
    const site = join(await scratch(), "site");
    await cp(template, site, { recursive: true });
    return site;
  }

  it("refuses an --out that is, holds or lies inside the packs (symbolic links resolved), and touches nothing", async () => {
    const packs = await packsFolder(true);
    const pack = join(packs, "lantern-cellar");
    const around = await scratch();
    await symlink(packs, join(around, "link-to-packs"));
    await symlink(join(pack, "levels"), join(around, "link-to-levels"));
    const before = await tree(packs);
    const cases: [string[], string, RegExp][] = [
      [[packs], join(pack, "levels"), /lies inside the packs folder/],
      [[packs], join(pack, "assets"), /lies inside the packs folder/],
      [[packs], packs, /is the packs folder/],
      [[packs], join(around, "link-to-packs"), /is the packs folder .*resolves to/],
      [[packs], join(around, "link-to-levels"), /lies inside the packs folder .*resolves to/],
      [[pack], join(packs, "site"), /lies inside the folder of shared collections/],
      [[pack], join(pack, "levels"), /lies inside the pack/],
      [[join(pack, "levels", "..")], packs, /holds the pack/],
      [[packs], join(packs, ".."), /holds the packs folder/],
    ];
    for (const [inputs, out, why] of cases) {
      const { code, stdout, stderr } = await run(["build", ...inputs, "--out", out]);
      expect(code, `${out}: ${stderr}`).toBe(2);
      expect(stderr).toMatch(why);
      expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
    }
    expect(await tree(packs)).toEqual(before);
    expect(await stagingFolders(around)).toEqual([]);
  });

  it("refuses a non-empty folder no build made, and with --force builds beside the user's files", async () => {
    const out = join(await scratch(), "mine");
    await mkdir(out);
    await addUserFiles(out);
    const before = await tree(out);

    const refused = await run(["build", onePack, "--out", out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("it holds files that no build wrote");
    expect(refused.stderr).toContain("--force");
    expect(await tree(out)).toEqual(before);

    const forced = await spawnBuild([onePack, "--out", out, "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    const after = await tree(out);
    expect(only(after, USER_FILES)).toEqual(before);
    expect(after["index.html"]).toBeDefined();
    const listed = (JSON.parse(await readFile(join(out, MANIFEST), "utf8")).files as [string, string][]).map(
      ([path]) => path,
    );
    expect(listed).toContain("index.html");
    expect(listed.some((path) => USER_FILES.includes(path))).toBe(false);
  });

  it("a rebuild deletes the previous site's files and nothing else", async () => {
    const site = await previousSite();
    await addUserFiles(site);
    // A page the build wrote and someone edited since is theirs now.
    const edited = "test-second-cellar/lc01-bottom-step/index.html";
    await writeFile(join(site, edited), "<p>my annotated copy</p>");
    const before = await tree(site);
    expect(before["test-second-cellar/index.html"]).toBeDefined();

    const rebuilt = await spawnBuild([onePack, "--out", site]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    const after = await tree(site);
    // The second pack is gone from the new site, with all of its pages but the edited one; the user's
    // files are untouched.
    expect(Object.keys(after).filter((p) => p.startsWith("test-second-cellar") && !p.endsWith("/"))).toEqual([
      edited,
    ]);
    expect(await readFile(join(site, edited), "utf8")).toBe("<p>my annotated copy</p>");
    expect(only(after, USER_FILES)).toEqual(only(before, USER_FILES));
    expect(after["index.html"]).toBeDefined();
    expect(await stagingFolders(join(site, ".."))).toEqual([]);
  });

  it("a build that fails late (a user's file where the site writes one) leaves the previous site byte-identical", async () => {
    const site = await previousSite();
    // The user put their own 404 page there: the previous build's list does not name it.
    const manifest = JSON.parse(await readFile(join(site, MANIFEST), "utf8"));
    manifest.files = manifest.files.filter(([path]: [string, string]) => path !== "404.html");
    await writeFile(join(site, MANIFEST), JSON.stringify(manifest));
    await writeFile(join(site, "404.html"), "<p>my own 404</p>");
    const before = await tree(site);

    const refused = await spawnBuild([onePack, "--out", site]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("404.html");
    expect(refused.stderr).toContain("--force");
    expect(`${refused.stdout}${refused.stderr}`).not.toMatch(STACK_FRAME);
    expect(await tree(site)).toEqual(before);
    expect(await stagingFolders(join(site, ".."))).toEqual([]);

    const forced = await spawnBuild([onePack, "--out", site, "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(join(site, "404.html"), "utf8")).not.toContain("my own 404");
  });

  it.each([
    ["SIGINT", "building pages", 130],
    ["SIGTERM", "compiling", 143],
  ] as const)(
    "a build stopped by %s while %s leaves the previous site byte-identical",
    async (signal, when, code) => {
      const site = await previousSite();
      await addUserFiles(site);
      const before = await tree(site);
      const stopped = await spawnBuild([onePack, "--out", site], { interrupt: { when, signal } });
      expect(stopped.code).toBe(code);
      expect(stopped.stderr).toContain("build interrupted");
      expect(stopped.stderr).not.toMatch(STACK_FRAME);
      expect(await tree(site)).toEqual(before);
      expect(await stagingFolders(join(site, ".."))).toEqual([]);
    },
  );

  it("two builds at once from one working folder both succeed, and neither writes into it or the installed catalog", async () => {
    const cwd = await scratch();
    const outs = [join(await scratch(), "a"), join(await scratch(), "b")];
    const started = Date.now();
    const packageBefore = await catalogFiles();
    expect(packageBefore["astro.config.mjs"]).toBeGreaterThan(0);
    const results = await Promise.all(outs.map((out) => spawnBuild([onePack, "--out", out], { cwd })));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const [a, b] = await Promise.all(outs.map((out) => tree(out)));
    expect(a).toEqual(b);
    expect(a?.["index.html"]).toBeDefined();
    expect(await readdir(cwd)).toEqual([]);
    const packageAfter = await catalogFiles();
    const changed = Object.keys(packageAfter).filter(
      (path) => packageBefore[path] !== packageAfter[path] || (packageAfter[path] ?? 0) >= started,
    );
    // A folder Astro made (its `.astro`, Vite's `node_modules/.vite/deps`) shows up as a new path.
    expect(changed).toEqual([]);
  });
});

/**
 * Every path in the installed catalog package, with the modification time of each file (folders only
 * by their presence), but for what the catalog's own tasks write and may be writing while this runs:
 * its build output (`dist/`), the task runner's logs (`.turbo/`), its tests' screenshots
 * (`test-results/`) and the test runner's cache and bundled config.
 */
const TEST_RUNNER_PATHS = new Set([
  "dist",
  ".turbo",
  "test-results",
  "node_modules/.vite/vitest",
  "node_modules/.vite-temp",
]);

async function catalogFiles(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const walk = async (rel: string) => {
    for (const entry of await readdir(join(CATALOG_ROOT, rel), { withFileTypes: true })) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (TEST_RUNNER_PATHS.has(path)) continue;
      // Dependencies are links into the store: only the link itself belongs to the package.
      if (entry.isDirectory()) {
        // The folder the runner's cache lives in may appear while this runs; what else lands in it counts.
        if (path !== "node_modules/.vite") out[`${path}/`] = 0;
        await walk(path);
      } else out[path] = (await lstat(join(CATALOG_ROOT, path))).mtimeMs;
    }
  };
  await walk("");
  return out;
}
