import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { launchBrowser, serveDir } from "@gridponder/browser-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closureSize, folderBytes } from "../src/install-sizes.js";
import { type LocalRegistry, publishedVersions, startRegistry } from "../src/registry.js";
import {
  freshFolder,
  publicPackages,
  type Ran,
  REPO_ROOT,
  runCommand,
  userEnv,
  userProject,
} from "../src/user-project.js";

/**
 * The release as its users get it: every public package published to a Verdaccio registry on
 * 127.0.0.1 (throwaway storage; the `@gridponder` scope comes only from it, other packages from npm),
 * then installed by version into folders outside the workspace, with a cache of the run's own: the
 * engine plays a gold path; the CLI, installed alone, stays small and works, and through npx validates
 * and, with the catalog, builds a site; a Vite page embeds the player and is played in chromium; and
 * every package's install size is printed.
 */

const PACKAGES = publicPackages();
const versionOf = (name: string) => {
  const found = PACKAGES.find((p) => p.name === name);
  if (!found) throw new Error(`${name} is not a public package of the workspace`);
  return found.version;
};
const PACK = join(REPO_ROOT, "packs/lantern-cellar");
const LEVEL = "lc01_bottom_step";
/** pnpm as the test command runs it (it rewrites `workspace:` ranges when publishing), else through npx. */
const PNPM = process.env.npm_execpath?.includes("pnpm")
  ? [process.execPath, process.env.npm_execpath]
  : ["npx", "-y", "pnpm@10"];

const MINUTE = 60_000;
const at = (name: string) => `${name}@${versionOf(name)}`;

/** The command's output, for a failed expectation's message. */
const said = (ran: Ran) => `exit ${ran.code}\n${ran.stdout}\n${ran.stderr}`;

describe("the release from a registry", { timeout: 20 * MINUTE }, () => {
  let registry: LocalRegistry | undefined;
  let env: NodeJS.ProcessEnv;
  let published: Ran;
  const cleanups: (() => Promise<void>)[] = [];
  const fresh = async (prefix: string) => {
    const folder = await freshFolder(prefix);
    cleanups.push(folder.cleanup);
    return folder.dir;
  };
  /** The site `gridponder build` made of the pack, for the page test. */
  let site: string | null = null;

  beforeAll(async () => {
    registry = await startRegistry();
    env = userEnv(registry, join(await fresh("npm-cache"), "cache"));
    const [command, ...args] = PNPM as [string, ...string[]];
    published = await runCommand(
      command,
      [...args, "-r", "publish", "--no-git-checks", "--registry", registry.url],
      // pnpm reads the token from the user config; the workspace's own settings still apply.
      { cwd: REPO_ROOT, env: { ...env, npm_config_cache: undefined } },
    );
  }, 20 * MINUTE);

  afterAll(async () => {
    // Stopped whatever happened above; the folders (hundreds of MB of node_modules) go after it.
    await registry?.close();
    for (const cleanup of cleanups) await cleanup();
  }, 10 * MINUTE);

  it("holds every public package at its workspace version", async () => {
    expect(published.code, said(published)).toBe(0);
    const reg = registry as LocalRegistry;
    expect(PACKAGES.length).toBeGreaterThanOrEqual(15);
    for (const { name, version } of PACKAGES)
      expect(await publishedVersions(reg, name), name).toEqual([version]);
    console.log(`published: ${PACKAGES.map((p) => `${p.name}@${p.version}`).join(", ")}`);
  });

  it("npm install @gridponder/engine in a new project plays a level's gold path to a win", async () => {
    const dir = await fresh("engine-user");
    await userProject(dir, "engine-user");
    const installed = await runCommand(
      "npm",
      ["install", at("@gridponder/engine"), at("@gridponder/schema")],
      {
        cwd: dir,
        env,
      },
    );
    expect(installed.code, said(installed)).toBe(0);
    await cp(PACK, join(dir, "lantern-cellar"), { recursive: true });
    // What a user writes from the engine's README.
    await writeFile(
      join(dir, "play.mjs"),
      `import { Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { expandGoldPathStep } from "@gridponder/schema";
import { readFile } from "node:fs/promises";

const loaded = await loadPackFolder("lantern-cellar");
if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => d.message).join("\\n"));
const level = JSON.parse(await readFile("lantern-cellar/levels/${LEVEL}.json", "utf8"));
const session = new Session(loaded.pack, "${LEVEL}");
let accepted = 0;
for (const step of level.solution.goldPath) if (session.act(expandGoldPathStep(step)).accepted) accepted++;
console.log(JSON.stringify({ accepted, steps: level.solution.goldPath.length, won: session.won }));
`,
    );
    const played = await runCommand(process.execPath, ["play.mjs"], { cwd: dir, env });
    expect(played.code, said(played)).toBe(0);
    const result = JSON.parse(played.stdout.trim().split("\n").at(-1) ?? "{}");
    expect(result.accepted).toBe(result.steps);
    expect(result.won).toBe(true);
  });

  it("npm install @gridponder/cli: under 15 MB, no site builder, agent or chart libraries, and it works", async () => {
    const dir = await fresh("cli-alone");
    await userProject(dir, "cli-alone");
    const installed = await runCommand("npm", ["install", at("@gridponder/cli")], { cwd: dir, env });
    expect(installed.code, said(installed)).toBe(0);
    const modules = join(dir, "node_modules");
    // Bytes of the files themselves (not disk blocks): the same on every machine for the same versions.
    const bytes = await folderBytes(modules);
    console.log(`@gridponder/cli alone: ${(bytes / 1e6).toFixed(1)} MB of node_modules`);
    expect(bytes).toBeLessThan(15e6);
    expect(await readdir(join(modules, "@gridponder"))).toEqual([
      "analysis",
      "cli",
      "engine",
      "import",
      "match",
      "renderer-svg",
      "schema",
      "solver",
      "templates",
      "view",
    ]);
    const top = await readdir(modules);
    for (const heavy of [
      "astro",
      "three",
      "vite",
      "vega",
      "vega-lite",
      "@modelcontextprotocol",
      "@resvg",
      "zod",
    ])
      expect(top, heavy).not.toContain(heavy);
    await cp(PACK, join(dir, "lantern-cellar"), { recursive: true });
    const gridponder = (...args: string[]) =>
      runCommand(join(modules, ".bin/gridponder"), args, { cwd: dir, env });
    const solved = await gridponder("solve", "lantern-cellar", LEVEL, "--json");
    expect(solved.code, said(solved)).toBe(0);
    expect(JSON.parse(solved.stdout)[0]).toMatchObject({ level: LEVEL, status: "solved" });
    const traced = await gridponder("trace", "lantern-cellar", LEVEL);
    expect(traced.code, said(traced)).toBe(0);
    expect(traced.stdout).toContain("won");
    // What is not installed is named, with exit code 2, before any work.
    const refusals: [string[], string][] = [
      [["build", "lantern-cellar", "--out", "site"], "npm install @gridponder/catalog"],
      [["agent", "serve", "lantern-cellar"], "npm install @gridponder/agent"],
      [["analyze", "lantern-cellar", LEVEL, "--report", "report.html"], "npm install vega vega-lite"],
    ];
    for (const [args, install] of refusals) {
      const refused = await gridponder(...args);
      expect(refused.code, said(refused)).toBe(2);
      expect(refused.stderr).toContain(install);
    }
    expect(await readdir(dir)).not.toContain("report.html");
    const help = await gridponder("--help");
    expect(help.stdout).toMatch(/Exit codes:[\s\S]*\b0\b[\s\S]*\b1\b[\s\S]*\b2\b[\s\S]*\b3\b/);
  });

  it("npx @gridponder/cli validates a pack, and builds its site with the catalog beside it", async () => {
    const dir = await fresh("cli-user");
    await userProject(dir, "cli-user");
    await cp(PACK, join(dir, "packs/lantern-cellar"), { recursive: true });
    const cli = at("@gridponder/cli");
    const version = await runCommand("npx", ["-y", cli, "--version"], { cwd: dir, env });
    expect(version.code, said(version)).toBe(0);
    expect(version.stdout.trim()).toBe(versionOf("@gridponder/cli"));
    const validated = await runCommand("npx", ["-y", cli, "validate", "packs/lantern-cellar"], {
      cwd: dir,
      env,
    });
    expect(validated.code, said(validated)).toBe(0);
    expect(validated.stdout).toContain("0 errors");
    const built = await runCommand(
      "npx",
      ["-y", "-p", cli, "-p", at("@gridponder/catalog"), "gridponder", "build", "packs", "--out", "site"],
      // The build's cache of proven optima goes in the project, not the user's cache folder.
      { cwd: dir, env: { ...env, GRIDPONDER_OPTIMA_CACHE: join(dir, "optima.json") } },
    );
    expect(built.code, said(built)).toBe(0);
    site = join(dir, "site");
    const index = await readFile(join(site, "index.html"), "utf8");
    expect(index).toContain("Lantern Cellar");
  });

  it("a Vite page importing @gridponder/player/define builds, and its level is played to a win in chromium", async () => {
    expect(site, "the CLI test builds the site whose compiled pack the page embeds").not.toBeNull();
    const dir = await fresh("vite-user");
    await userProject(dir, "vite-user");
    const installed = await runCommand("npm", ["install", at("@gridponder/player"), "vite@^8"], {
      cwd: dir,
      env,
    });
    expect(installed.code, said(installed)).toBe(0);
    // The compiled pack and its images, as `gridponder build` published them.
    const published = await readdir(join(site as string, "_packs"));
    expect(published).toHaveLength(1);
    const packs = join(site as string, "_packs", published[0] as string);
    const compiled = (await readdir(packs)).find((f) => /^pack\.[0-9a-f]+\.json$/.test(f));
    expect(compiled).toBeDefined();
    await mkdir(join(dir, "public"));
    await cp(packs, join(dir, "public/lantern-cellar"), { recursive: true });
    await writeFile(
      join(dir, "index.html"),
      `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>My puzzles</title></head>
  <body>
    <gridponder-player id="gp" src="/lantern-cellar/${compiled}" level="${LEVEL}" reduced-motion></gridponder-player>
    <script type="module" src="/main.js"></script>
  </body>
</html>
`,
    );
    await writeFile(
      join(dir, "main.js"),
      `import "@gridponder/player/define";

window.gpEvents = [];
for (const type of ["turn", "won", "error"])
  document.addEventListener(type, (e) => window.gpEvents.push({ type, detail: e.detail }));
`,
    );
    const built = await runCommand("npx", ["vite", "build"], { cwd: dir, env });
    expect(built.code, said(built)).toBe(0);
    const server = await serveDir(join(dir, "dist"));
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${server.url}/index.html`);
      await page.waitForSelector(`#gp .gp[data-level=${LEVEL}]`, { state: "attached" });
      await page.focus("#gp");
      // A pack may open with a story screen; Enter goes on to the level.
      const story = await page.$("#gp .gp-dialog[data-kind=story]");
      if (story && (await story.isVisible())) {
        await page.keyboard.press("Enter");
        await page.waitForSelector("#gp .gp-dialog", { state: "hidden" });
      }
      const level = JSON.parse(await readFile(join(PACK, `levels/${LEVEL}.json`), "utf8"));
      const directions = (level.solution.goldPath as unknown[]).map((step) =>
        typeof step === "string" ? step : String((step as { direction: string }).direction),
      );
      const keys: Record<string, string> = {
        up: "ArrowUp",
        down: "ArrowDown",
        left: "ArrowLeft",
        right: "ArrowRight",
      };
      for (const direction of directions) await page.keyboard.press(keys[direction] ?? "");
      await page.waitForSelector("#gp .gp-dialog[data-kind=won]", { state: "visible" });
      const events =
        (await page.evaluate(() => (globalThis as never as { gpEvents: { type: string }[] }).gpEvents)) ?? [];
      expect(events.filter((e) => e.type === "turn")).toHaveLength(directions.length);
      expect(events.some((e) => e.type === "won")).toBe(true);
      expect(events.some((e) => e.type === "error")).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  });

  it("prints the install size of every public package, and of the CLI with and without the builder", async () => {
    const dir = await fresh("sizes");
    await userProject(dir, "sizes");
    // One project with every package: each one's size is that of its closure in it.
    const installed = await runCommand("npm", ["install", ...PACKAGES.map((p) => at(p.name))], {
      cwd: dir,
      env,
    });
    expect(installed.code, said(installed)).toBe(0);
    const rows: string[] = [];
    const row = async (label: string, names: string[]) => {
      const { bytes, packages } = await closureSize(dir, names);
      rows.push(`| ${label} | ${(bytes / 1e6).toFixed(1)} MB | ${packages} |`);
      return bytes;
    };
    const cli = await row("@gridponder/cli (without the builder)", ["@gridponder/cli"]);
    await row("@gridponder/cli + @gridponder/catalog", ["@gridponder/cli", "@gridponder/catalog"]);
    for (const { name } of PACKAGES) if (name !== "@gridponder/cli") await row(name, [name]);
    console.log(`| install | node_modules | packages |\n|---|---|---|\n${rows.join("\n")}`);
    expect(cli).toBeLessThan(15e6);
  });
});
