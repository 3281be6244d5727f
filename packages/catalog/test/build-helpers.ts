/** Shared by the build tests: temporary packs folders with copies (never the originals) to break. */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { CORPUS } from "@gridponder/conformance-corpus";
import { loadPackFolder } from "@gridponder/engine/node";
import { solveLevel } from "@gridponder/solver";
import type { BuildSummary } from "../src/build/build-catalog.ts";

export const REPO = resolve(import.meta.dirname, "../../..");
export const OWN_PACKS = join(REPO, "packs");
/** The conformance corpus's packs (see "Tests" in the README): only `*.conformance.test.ts` files read them. */
export const CORPUS_PACKS = join(CORPUS, "packs");
export const LANTERN_CELLAR = join(OWN_PACKS, "lantern-cellar");
/** The built package, as `gridponder build` runs it. */
export const DIST = resolve(import.meta.dirname, "../dist/index.js");
/**
 * Far beyond what the optimum tests' levels need (under a second each), so only the state limit, which
 * counts states rather than time, can stop a search in them.
 */
export const TIME = 600_000;

const made: string[] = [];

export async function tempDir(prefix = "gridponder-build-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** Copies a pack (by default lantern-cellar) into `packsDir/name`, returning the copy's folder. */
export async function copyPack(packsDir: string, name: string, from = LANTERN_CELLAR): Promise<string> {
  const dir = join(packsDir, name);
  await cp(from, dir, { recursive: true });
  return dir;
}

/** Rewrites a JSON file of a pack copy. */
export async function editJson(file: string, edit: (json: Record<string, unknown>) => void): Promise<void> {
  const json = JSON.parse(await readFile(file, "utf8"));
  edit(json);
  await writeFile(file, JSON.stringify(json, null, 2));
}

/** A copy of lantern-cellar with another gameId, so that two copies in one folder get their own slugs. */
export async function copyLantern(packsDir: string, name: string): Promise<string> {
  const dir = await copyPack(packsDir, name);
  await editJson(join(dir, "manifest.json"), (m) => {
    m.gameId = `test.${name}`;
  });
  return dir;
}

/** What a build in a child process reports: its summary, its phases in order, and the catalog it built. */
export interface BuildOutcome {
  summary: BuildSummary;
  phases: string[];
  catalog: { slug: string; packUrl: string; levels: string[] }[];
}

/**
 * Runs the built package's `buildCatalog` of `packsDir` into `outDir` in a child process (working in the
 * temporary folder): Astro runs its own Vite there, apart from the test runner's.
 */
export async function buildInChild(
  packsDir: string[],
  outDir: string,
  base?: string,
  more: { studio?: boolean } = {},
): Promise<BuildOutcome> {
  const script = `
    const { buildCatalog, getCatalog } = await import(${JSON.stringify(pathToFileURL(DIST).href)});
    const options = JSON.parse(process.argv[1]);
    const phases = [];
    const summary = await buildCatalog({ ...options, onProgress: (e) => { if (phases.at(-1) !== e.phase) phases.push(e.phase); } });
    const catalog = await getCatalog({ packsDir: options.packsDir, base: options.base });
    const packs = catalog.packs.map((p) => ({ slug: p.slug, packUrl: p.packUrl, levels: p.levels.map((l) => l.slug) }));
    process.stdout.write(JSON.stringify({ summary, phases, catalog: packs }));
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      script,
      JSON.stringify({ packsDir, outDir, ...(base ? { base } : {}), ...more }),
    ],
    { cwd: tmpdir(), maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as BuildOutcome;
}

/** A fresh optima cache file in a temporary folder. */
export async function cacheFile(): Promise<string> {
  return join(await tempDir("gridponder-optima-"), "optima.json");
}

/** What the solver itself says about each level of a pack folder, in this thread. */
export async function directOptima(dir: string, maxStates?: number): Promise<Map<string, number | null>> {
  const loaded = await loadPackFolder(dir, { searchPaths: [CORPUS_PACKS] });
  if (!loaded.ok) throw new Error(`${dir} does not load`);
  const { pack } = loaded;
  return new Map(
    pack.levelOrder.map((id) => {
      const r = solveLevel(pack, id, {
        timeLimitMs: TIME,
        ...(maxStates === undefined ? {} : { maxStates }),
      });
      return [id, r.status === "solved" ? r.optimalLength : null];
    }),
  );
}
