import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { OWN_PACKS, removeTempDirs, tempDir } from "./build-helpers.ts";

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
  it("puts every URL under the base", async () => {
    const out = await tempDir("gridponder-build-site-");
    const { catalog } = await buildInChild([OWN_PACKS], out, "/games/");
    const pack = catalog[0];
    expect(pack?.packUrl).toMatch(/^\/games\/_packs\//);
    const html = await readFile(join(out, pack?.slug ?? "", pack?.levels[0] ?? "", "index.html"), "utf8");
    expect(html).toContain(`src="${pack?.packUrl}"`);
    expect(existsSync(join(out, (pack?.packUrl ?? "").slice("/games/".length)))).toBe(true);
  });
});
