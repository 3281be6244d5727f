import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getCatalog } from "../src/build/catalog.ts";
import type { CatalogProgress } from "../src/build/progress.ts";
import {
  CORPUS_PACKS,
  cacheFile,
  directOptima,
  LANTERN_CELLAR,
  removeTempDirs,
  TIME,
} from "./build-helpers.ts";

afterAll(removeTempDirs);

const LONG = { timeout: 600_000 };
const SMALL_PACKS = [
  LANTERN_CELLAR,
  join(CORPUS_PACKS, "fx_sliding_blocks"),
  join(CORPUS_PACKS, "fx_line_of_sight"),
];

describe("optima at build time", LONG, () => {
  it("are the solver's proven lengths, never above the gold path's, with solve progress", async () => {
    const events: CatalogProgress[] = [];
    const catalog = await getCatalog(
      { packsDir: SMALL_PACKS, solve: { timeLimitMs: TIME, cacheFile: await cacheFile() } },
      (e) => events.push(e),
    );
    expect(catalog.packs).toHaveLength(3);
    for (const [i, pack] of catalog.packs.entries()) {
      const expected = await directOptima(SMALL_PACKS[i] as string);
      for (const level of pack.levels) {
        expect(level.optimum, level.id).not.toBeNull();
        expect(level.optimum, level.id).toBe(expected.get(level.id));
        expect(level.optimum as number).toBeLessThanOrEqual(level.goldLength);
      }
    }
    const solve = events.filter((e) => e.phase === "solve");
    const total = catalog.packs.reduce((n, p) => n + p.levels.length, 0);
    expect(solve[0]).toEqual({ phase: "solve", done: 0, total, pack: null, level: null });
    expect(solve.at(-1)).toMatchObject({ done: total, total });
    const dones = solve.map((e) => e.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    // Solving comes after compiling; nothing is written (no pages phase) by getCatalog.
    expect(events.findIndex((e) => e.phase === "solve")).toBeGreaterThan(
      events.findLastIndex((e) => e.phase === "compile"),
    );
  });
});
