import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { solveLevels } from "@gridponder/solver/node";
import { afterAll, describe, expect, it } from "vitest";
import type { BuildSummary } from "../src/build/build-catalog.ts";
import { type Catalog, getCatalog } from "../src/build/catalog.ts";
import type { LevelSolver } from "../src/build/optima.ts";
import { readCache, settles } from "../src/build/optima-cache.ts";
import {
  cacheFile,
  copyLantern,
  DIST,
  directOptima,
  editJson,
  LANTERN_CELLAR,
  removeTempDirs,
  TIME,
  tempDir,
} from "./build-helpers.ts";

afterAll(removeTempDirs);

const LONG = { timeout: 600_000 };
const SOLVER_NODE = createRequire(import.meta.url).resolve("@gridponder/solver/node");

/**
 * `buildCatalog` of the built package in a child process whose working folder holds the output: Astro
 * runs its own Vite there, and keeps its server files in the output folder rather than in a folder
 * shared with builds that other test files run at the same time. The solver counts the levels it searches.
 */
async function buildInChild(
  cwd: string,
  options: { packsDir: string[]; outDir: string; solve: { timeLimitMs: number; cacheFile: string } },
): Promise<{ summary: BuildSummary; searched: string[] }> {
  const script = `
    const { buildCatalog } = await import(${JSON.stringify(pathToFileURL(DIST).href)});
    const { solveLevels } = await import(${JSON.stringify(pathToFileURL(SOLVER_NODE).href)});
    const options = JSON.parse(process.argv[2]);
    const searched = [];
    const solver = (dir, ids, o) => { searched.push(...ids); return solveLevels(dir, ids, o); };
    const summary = await buildCatalog({ ...options, solve: { ...options.solve, solveLevels: solver } });
    process.stdout.write(JSON.stringify({ summary, searched }));
  `;
  // A script file rather than --eval: worker threads inherit the flags, and --input-type fails there.
  const file = join(cwd, "build.mjs");
  await writeFile(file, script);
  const { stdout } = await promisify(execFile)(process.execPath, [file, JSON.stringify(options)], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

/** The real worker pool, counting the levels it is asked to search. */
function countingSolver(): { solver: LevelSolver; levels: string[] } {
  const levels: string[] = [];
  const solver: LevelSolver = (dir, ids, options) => {
    levels.push(...ids);
    return solveLevels(dir, ids, options);
  };
  return { solver, levels };
}

function optimaOf(catalog: Catalog): Record<string, number | null> {
  return Object.fromEntries(
    catalog.packs.flatMap((p) => p.levels.map((l) => [`${p.slug}/${l.id}`, l.optimum])),
  );
}

describe("optima at build time", LONG, () => {
  it("stay null where a state limit stops the search before a proof", async () => {
    const maxStates = 300;
    const catalog = await getCatalog({
      packsDir: [LANTERN_CELLAR],
      solve: { timeLimitMs: TIME, maxStates, cacheFile: false },
    });
    const expected = await directOptima(LANTERN_CELLAR, maxStates);
    const levels = catalog.packs[0]?.levels ?? [];
    expect(levels.map((l) => l.optimum)).toEqual(levels.map((l) => expected.get(l.id)));
    // lc03 needs 4,820 states, lc01 217: one of each kind, so the limit really splits the pack.
    expect(levels.find((l) => l.id === "lc03_stepping_crates")?.optimum).toBeNull();
    expect(levels.find((l) => l.id === "lc01_bottom_step")?.optimum).toBe(11);
  });

  it("come from the cache on the next build, without solving again, until the level changes", async () => {
    const file = await cacheFile();
    const packs = await tempDir();
    const dir = await copyLantern(packs, "cellar");
    const first = countingSolver();
    const options = (base: string, solver: LevelSolver) => ({
      packsDir: [packs],
      base,
      solve: { timeLimitMs: TIME, cacheFile: file, solveLevels: solver },
    });
    const solved = await getCatalog(options("/one/", first.solver));
    expect(first.levels.sort()).toEqual([...(solved.packs[0]?.levels ?? [])].map((l) => l.id).sort());
    const cached = await readCache(file);
    expect(cached.size).toBe(8);
    for (const key of cached.keys())
      expect(key).toMatch(/^solver@[^|]+\+engine@[^|]+\|[0-9a-f]{12}\|lc0\d_\w+$/);

    // Another base is another catalog for the memo, but the same pack for the cache.
    const second = countingSolver();
    const again = await getCatalog(options("/two/", second.solver));
    expect(second.levels).toEqual([]);
    expect(optimaOf(again)).toEqual(optimaOf(solved));
    expect(Object.values(optimaOf(again)).every((o) => o !== null)).toBe(true);

    // A changed level changes its content hash: it alone is searched afresh.
    await editJson(join(dir, "levels/lc01_bottom_step.json"), (level) => {
      level.title = "Bottom step, renamed";
    });
    const third = countingSolver();
    const edited = await getCatalog(options("/three/", third.solver));
    expect(third.levels).toEqual(["lc01_bottom_step"]);
    expect(optimaOf(edited)).toEqual(optimaOf(solved));
  });

  it("search a level again only when the limits grow beyond the ones it was stopped by", async () => {
    const file = await cacheFile();
    const run = async (base: string, maxStates?: number) => {
      const counted = countingSolver();
      const catalog = await getCatalog({
        packsDir: [LANTERN_CELLAR],
        base,
        solve: {
          timeLimitMs: TIME,
          cacheFile: file,
          solveLevels: counted.solver,
          ...(maxStates ? { maxStates } : {}),
        },
      });
      return { levels: catalog.packs[0]?.levels ?? [], searched: counted.levels };
    };
    const limited = await run("/limited/", 300);
    expect(limited.searched).toHaveLength(8);
    const unproven = limited.levels.filter((l) => l.optimum === null).map((l) => l.id);
    expect(unproven).toContain("lc03_stepping_crates");
    // The same or a smaller limit would stop again: nothing to search.
    expect((await run("/same/", 300)).searched).toEqual([]);
    expect((await run("/smaller/", 100)).searched).toEqual([]);
    // Without a state limit only the unproven levels are searched, and now they are proven.
    const open = await run("/open/");
    expect(open.searched.sort()).toEqual(unproven.sort());
    expect(open.levels.every((l) => l.optimum !== null && l.optimum <= l.goldLength)).toBe(true);
  });

  it("leave a pack without optima, with a warning, when the solver fails on it", async () => {
    const failing: LevelSolver = () => Promise.reject(new Error("no worker threads here"));
    const catalog = await getCatalog({
      packsDir: [LANTERN_CELLAR],
      base: "/failing/",
      solve: { timeLimitMs: TIME, cacheFile: false, solveLevels: failing },
    });
    const pack = catalog.packs[0];
    expect(pack?.levels.every((l) => l.optimum === null)).toBe(true);
    expect(pack?.warnings).toContainEqual(
      expect.objectContaining({ code: "optima-unsolved", severity: "warning", file: "manifest.json" }),
    );
    expect(pack?.warnings.find((w) => w.code === "optima-unsolved")?.message).toContain(
      "no worker threads here",
    );
  });

  it("reach the pages through buildCatalog, solved once for the whole build", async () => {
    const dir = await tempDir();
    const { summary, searched } = await buildInChild(dir, {
      packsDir: [LANTERN_CELLAR],
      outDir: join(dir, "site"),
      solve: { timeLimitMs: TIME, cacheFile: join(dir, "optima.json") },
    });
    expect(summary.optima).toBe(8);
    expect(searched).toHaveLength(8);
    const site = join(dir, "site", "dev-gridponder-lantern-cellar");
    expect(await readFile(join(site, "lc01-bottom-step/index.html"), "utf8")).toContain("Optimum: 11 moves");
    expect(await readFile(join(site, "index.html"), "utf8")).toContain("Optimum 15 moves");
  });
});

describe("a forged optima cache", LONG, () => {
  it("never reaches the pages: its levels are solved again and show their proven optimum", async () => {
    const dir = await tempDir();
    const file = join(dir, "optima.json");
    await getCatalog({
      packsDir: [LANTERN_CELLAR],
      base: "/genuine/",
      solve: { timeLimitMs: TIME, cacheFile: file },
    });
    const cache = JSON.parse(await readFile(file, "utf8"));
    for (const entry of Object.values<{ optimum?: number; solution?: unknown[] }>(cache.levels))
      Object.assign(entry, { optimum: 1, solution: (entry.solution ?? []).slice(0, 1) });
    await writeFile(file, JSON.stringify(cache));
    const { summary, searched } = await buildInChild(dir, {
      packsDir: [LANTERN_CELLAR],
      outDir: join(dir, "site"),
      solve: { timeLimitMs: TIME, cacheFile: file },
    });
    expect(searched).toHaveLength(8);
    expect(summary.optima).toBe(8);
    const site = join(dir, "site", "dev-gridponder-lantern-cellar");
    const page = await readFile(join(site, "lc01-bottom-step/index.html"), "utf8");
    expect(page).toContain("Optimum: 11 moves");
    expect(page).not.toContain("Optimum: 1 move");
  });
});

describe("the optima cache file", () => {
  it("reads a missing, broken or foreign file as empty, and skips malformed entries", async () => {
    const dir = await tempDir();
    expect((await readCache(join(dir, "missing.json"))).size).toBe(0);
    await writeFile(join(dir, "broken.json"), "{ not json");
    expect((await readCache(join(dir, "broken.json"))).size).toBe(0);
    // Format 1 kept optima without solutions, which cannot be checked.
    const one = { action: "move", direction: "up" };
    await writeFile(join(dir, "foreign.json"), JSON.stringify({ format: 1, levels: { a: { optimum: 3 } } }));
    expect((await readCache(join(dir, "foreign.json"))).size).toBe(0);
    await writeFile(
      join(dir, "mixed.json"),
      JSON.stringify({
        format: 2,
        levels: {
          a: { optimum: 1, solution: [one] },
          b: { optimum: "1", solution: [one] },
          c: { bounded: {} },
          d: { optimum: 2, solution: [one] },
          e: { unsolvable: true },
        },
      }),
    );
    expect([...(await readCache(join(dir, "mixed.json")))]).toEqual([["a", { optimum: 1, solution: [one] }]]);
  });

  it("settles a level by a proof, or by a stopped search at least as large as the one asked for", () => {
    const asked = { timeLimitMs: 10_000, maxStates: null };
    expect(settles(undefined, asked)).toBe(false);
    expect(settles({ optimum: 1, solution: [{ action: "move" }] }, asked)).toBe(true);
    expect(settles({ bounded: { timeLimitMs: 10_000, maxStates: null } }, asked)).toBe(true);
    expect(settles({ bounded: { timeLimitMs: 5_000, maxStates: null } }, asked)).toBe(false);
    expect(settles({ bounded: { timeLimitMs: 60_000, maxStates: 1_000 } }, asked)).toBe(false);
    expect(
      settles({ bounded: { timeLimitMs: 60_000, maxStates: 1_000 } }, { ...asked, maxStates: 500 }),
    ).toBe(true);
  });
});
