import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import { cp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { dirname, join, sep } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_MISSING } from "../src/agent-module.js";
import { CATALOG_MISSING } from "../src/catalog-module.js";
import { LANTERN_CELLAR, tempDir } from "./helpers.js";

/**
 * `@gridponder/cli` installed the way a user installs it: `npm install @gridponder/cli` in an empty
 * project, from a registry on 127.0.0.1 that holds only the packed tarballs of the CLI and of what it
 * depends on (ours packed by pnpm as a release would pack them, the rest packed from this install), so
 * nothing is downloaded and nothing else is there to mask a missing dependency.
 */

const run = promisify(execFile);
const CLI = join(import.meta.dirname, "..");
/** pnpm as the test command runs it (it rewrites `workspace:` versions when packing), else through npx. */
const PNPM = process.env.npm_execpath?.includes("pnpm")
  ? [process.execPath, process.env.npm_execpath]
  : ["npx", "-y", "pnpm@10"];

interface Found {
  readonly name: string;
  readonly dir: string;
  readonly ours: boolean;
}

/** The folder `name` resolves to from `dir`, as Node resolves a package (nearest node_modules up). */
function resolvePackage(dir: string, name: string): string {
  for (let at = dir; ; at = dirname(at)) {
    try {
      return realpathSync(join(at, "node_modules", name));
    } catch {
      if (dirname(at) === at) throw new Error(`${name} does not resolve from ${dir}`);
    }
  }
}

/** The CLI and every package its installed dependencies bring, transitively (not dev dependencies). */
function dependencyClosure(): Found[] {
  const found = new Map<string, Found>();
  const visit = (dir: string) => {
    if (found.has(dir)) return;
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    found.set(dir, { name: manifest.name, dir, ours: !dir.includes(`${sep}node_modules${sep}`) });
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    for (const name of Object.keys(manifest.dependencies ?? {})) visit(resolvePackage(dir, name));
    // Optional dependencies are often one per platform (a native binary's builds): only this
    // machine's is installed, and only installed ones come along.
    for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
      let at: string | null = null;
      try {
        at = resolvePackage(dir, name);
      } catch {
        at = null;
      }
      if (at) visit(at);
    }
    for (const name of Object.keys(manifest.peerDependencies ?? {}))
      if (!optionalPeers[name]?.optional) visit(resolvePackage(dir, name));
  };
  visit(realpathSync(CLI));
  return [...found.values()];
}

/** Packs every found package into `dest` and returns the tarballs' paths. */
async function packAll(packages: readonly Found[], dest: string): Promise<string[]> {
  const [command, ...args] = PNPM as [string, ...string[]];
  // Each pack writes a tarball of its own name, so all of them run side by side.
  const ours = packages
    .filter((p) => p.ours)
    .map((p) => run(command, [...args, "pack", "--pack-destination", dest], { cwd: p.dir }));
  // npm cannot pack a folder inside pnpm's store in place (it dies with "Exit handler never called"): a copy.
  const theirs = async () => {
    const copies = join(dest, "copies");
    const folders = await Promise.all(
      packages
        .filter((p) => !p.ours)
        .map(async (p, n) => {
          const copy = join(copies, String(n));
          await cp(p.dir, copy, { recursive: true, dereference: true });
          return copy;
        }),
    );
    await run("npm", ["pack", ...folders, "--pack-destination", dest, "--ignore-scripts", "--silent"], {
      cwd: dest,
    });
  };
  await Promise.all([...ours, theirs()]);
  return (await readdir(dest)).filter((f) => f.endsWith(".tgz")).map((f) => join(dest, f));
}

/** A read-only npm registry of some tarballs: a document per package name, and the tarballs. */
async function serveRegistry(tarballs: readonly string[]): Promise<{ url: string; server: Server }> {
  const documents = new Map<string, { versions: Record<string, unknown>; latest: string }>();
  const files = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? "/").split("?")[0] as string).slice(1);
    const tarball = files.get(path);
    const doc = documents.get(path);
    if (tarball) response.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball);
    else if (doc)
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ name: path, "dist-tags": { latest: doc.latest }, versions: doc.versions }));
    else response.writeHead(404).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}/`;
  for (const file of tarballs) {
    const bytes = await readFile(file);
    const { stdout } = await run("tar", ["-xzOf", file, "package/package.json"], { maxBuffer: 1 << 24 });
    const manifest = JSON.parse(stdout) as { name: string; version: string };
    const name = `-/${manifest.name}-${manifest.version}.tgz`;
    files.set(name, bytes);
    const doc = documents.get(manifest.name) ?? {
      versions: {} as Record<string, unknown>,
      latest: manifest.version,
    };
    doc.versions[manifest.version] = {
      ...manifest,
      dist: {
        tarball: `${url}${name}`,
        shasum: createHash("sha1").update(bytes).digest("hex"),
        integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
      },
    };
    documents.set(manifest.name, doc);
  }
  return { url, server };
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

describe("npm install @gridponder/cli into an empty project", { timeout: 300_000 }, () => {
  let project: string;
  let pack: string;
  let registry: Server | undefined;
  let installedBytes = 0;
  const cleanups: (() => Promise<void>)[] = [];
  const scratch = async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    return dir;
  };
  const gridponder = (...args: string[]) =>
    run(join(project, "node_modules/.bin/gridponder"), args, { cwd: project }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  beforeAll(async () => {
    const closure = dependencyClosure();
    const tarballs = await packAll(closure, await scratch());
    const served = await serveRegistry(tarballs);
    registry = served.server;
    project = await scratch();
    await writeFile(join(project, "package.json"), JSON.stringify({ name: "my-puzzles", private: true }));
    const npmrc = join(project, ".npmrc");
    await writeFile(npmrc, `registry=${served.url}\n`);
    // Run by pnpm, this process carries pnpm's npm_config_* settings (its registry among them): none pass on.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));
    Object.assign(env, { npm_config_userconfig: npmrc, npm_config_cache: join(project, ".npm-cache") });
    await run("npm", ["install", "@gridponder/cli", "--no-audit", "--no-fund", "--registry", served.url], {
      cwd: project,
      env,
    });
    pack = join(project, "lantern-cellar");
    await cp(LANTERN_CELLAR, pack, { recursive: true });
    const installed = await readdir(join(project, "node_modules"), { recursive: true });
    const count = installed.filter(
      (p) => p.endsWith("package.json") && !p.includes(`node_modules${sep}`),
    ).length;
    installedBytes = await folderBytes(join(project, "node_modules"));
    console.log(
      `${closure.length} packages packed; node_modules holds ${count} package manifests, ${(installedBytes / 1e6).toFixed(1)} MB`,
    );
  });
  afterAll(async () => {
    registry?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it("installs in under 15 MB, without the site builder, the agent or the report's chart libraries", async () => {
    // Bytes of the files themselves (not disk blocks): the same on every machine for the same lockfile.
    expect(installedBytes).toBeLessThan(15e6);
    const modules = await readdir(join(project, "node_modules"));
    expect(modules).toContain("@gridponder");
    expect(await readdir(join(project, "node_modules/@gridponder"))).toEqual([
      // analyze and generate: design figures, difficulty and proven new levels.
      "analysis",
      "cli",
      "engine",
      // import compiles games of other game-description languages into match packs.
      "import",
      // validate checks match packs (board and card games) with its validator.
      "match",
      // analysis escapes its report with it.
      "renderer-svg",
      "schema",
      "solver",
      // new copies the starter pack from it.
      "templates",
      // play and trace draw through the view model.
      "view",
    ]);
    for (const heavy of ["astro", "three", "vega", "vega-lite", "@modelcontextprotocol", "@resvg", "zod"])
      expect(modules).not.toContain(heavy);
  });

  it("validates, solves and traces a pack", async () => {
    const validated = await gridponder("validate", pack);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain("0 errors");
    const solved = await gridponder("solve", pack, "lc01_bottom_step", "--json");
    expect(solved.code).toBe(0);
    expect(JSON.parse(solved.stdout)[0]).toMatchObject({ level: "lc01_bottom_step", status: "solved" });
    const traced = await gridponder("trace", pack, "lc01_bottom_step");
    expect(traced.code).toBe(0);
    expect(traced.stdout).toContain("won");
  });

  it("says how to get build, with exit code 2, rather than crash", async () => {
    const built = await gridponder("build", project, "--out", join(project, "site"));
    expect(built.code).toBe(2);
    expect(built.stderr).toContain(CATALOG_MISSING);
  });

  it("says how to get the agent commands and the analysis report, with exit code 2", async () => {
    const served = await gridponder("agent", "serve", pack);
    expect(served.code).toBe(2);
    expect(served.stderr).toContain(AGENT_MISSING);
    const report = join(project, "report.html");
    const analysed = await gridponder("analyze", pack, "lc01_bottom_step", "--report", report);
    expect(analysed.code).toBe(2);
    expect(analysed.stderr).toContain("npm install vega vega-lite");
    // Refused before any analysis ran: nothing written.
    await expect(stat(report)).rejects.toThrow();
    const table = await gridponder("analyze", pack, "lc01_bottom_step", "--no-mechanics");
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("lc01_bottom_step");
  });
});
