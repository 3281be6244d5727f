import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_PACKS, OWN_PACKS, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

const DIST = resolve(import.meta.dirname, "../dist/index.js");

interface Outcome {
  summary: {
    outDir: string;
    packs: number;
    levels: number;
    pages: number;
    bytes: number;
    warnings: unknown[];
  };
  phases: string[];
  catalog: { slug: string; packUrl: string; levels: string[] }[];
}

/**
 * Runs the built package's `buildCatalog` in a child process: Astro runs its own Vite there, apart from
 * the test runner's.
 */
async function buildInChild(packsDir: string[], outDir: string, base?: string): Promise<Outcome> {
  const script = `
    const { buildCatalog, getCatalog } = await import(${JSON.stringify(DIST)});
    const options = JSON.parse(process.argv[1]);
    const phases = [];
    const summary = await buildCatalog({ ...options, onProgress: (e) => { if (phases.at(-1) !== e.phase) phases.push(e.phase); } });
    const catalog = await getCatalog({ packsDir: options.packsDir, base: options.base });
    const packs = catalog.packs.map((p) => ({ slug: p.slug, packUrl: p.packUrl, levels: p.levels.map((l) => l.slug) }));
    process.stdout.write(JSON.stringify({ summary, phases, catalog: packs }));
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", script, JSON.stringify({ packsDir, outDir, ...(base ? { base } : {}) })],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Outcome;
}

describe("buildCatalog", { timeout: 300_000 }, () => {
  it("builds the site of the corpus and packs/: a page per pack and per level, every compiled pack beside them", async () => {
    const out = await tempDir("gridponder-build-site-");
    const { summary, phases, catalog } = await buildInChild([CORPUS_PACKS, OWN_PACKS], out);
    expect(phases).toEqual(["compile", "pages", "assets", "done"]);
    expect(summary.packs).toBe(catalog.length);
    expect(summary.levels).toBe(catalog.reduce((n, p) => n + p.levels.length, 0));
    expect(summary.levels).toBeGreaterThanOrEqual(110);
    // Home, 404, one page per pack and one per level.
    expect(summary.pages).toBe(2 + summary.packs + summary.levels);
    expect(summary.bytes).toBeGreaterThan(0);
    expect(summary.warnings.length).toBeGreaterThan(0);
    for (const pack of catalog) {
      expect(existsSync(join(out, pack.slug, "index.html")), pack.slug).toBe(true);
      for (const level of pack.levels)
        expect(existsSync(join(out, pack.slug, level, "index.html"))).toBe(true);
      expect(existsSync(join(out, pack.packUrl))).toBe(true);
    }
  });
});
