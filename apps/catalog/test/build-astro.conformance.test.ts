import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildInChild, CORPUS_PACKS, OWN_PACKS, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

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
