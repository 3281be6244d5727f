/**
 * Every pack of the conformance corpus and of packs/, published together by one build: a page per pack
 * and per level with every compiled pack beside them; each pack page and the first level page of each
 * pack load under the CSP (sent as a header too) without a console error or a failed request, and the
 * level's board is drawn.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  collectErrors,
  type HarnessBrowser,
  launchBrowser,
  type Server,
  serveDir,
} from "@gridponder/browser-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../src/components/csp.ts";
import { type BuildOutcome, buildInChild } from "./build-helpers.ts";
import { assertNoErrors, CORPUS_PACKS, OWN_PACKS, openFirstLevel, removeAll } from "./site-helpers.ts";

let out: string;
let built: BuildOutcome;
let server: Server;
let browser: HarnessBrowser;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), "gridponder-site-out-"));
  built = await buildInChild([CORPUS_PACKS, OWN_PACKS], out);
  server = await serveDir(out, { csp: CONTENT_SECURITY_POLICY });
  browser = await launchBrowser({ reducedMotion: "reduce" });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeAll(out);
});

describe("the catalog of the whole corpus", { timeout: 300_000 }, () => {
  it("has a page per pack and per level, every compiled pack beside them", () => {
    const { summary, phases, catalog } = built;
    expect(phases).toEqual(["compile", "pages", "assets", "done"]);
    expect(summary.packs).toBe(catalog.length);
    expect(summary.levels).toBe(catalog.reduce((n, p) => n + p.levels.length, 0));
    expect(summary.levels).toBeGreaterThanOrEqual(110);
    // Home, 404, one page per pack and one per level, and the studio's.
    expect(summary.pages).toBe(2 + summary.packs + summary.levels + 1);
    expect(summary.bytes).toBeGreaterThan(0);
    expect(summary.warnings.length).toBeGreaterThan(0);
    for (const pack of catalog) {
      expect(existsSync(join(out, pack.slug, "index.html")), pack.slug).toBe(true);
      for (const level of pack.levels)
        expect(existsSync(join(out, pack.slug, level, "index.html"))).toBe(true);
      expect(existsSync(join(out, pack.packUrl))).toBe(true);
    }
  });

  it("loads every pack page and each pack's first level under the CSP, without errors", async () => {
    const entries = await readdir(out, { withFileTypes: true });
    const packs = entries
      .filter((e) => e.isDirectory() && !e.name.startsWith("_") && e.name !== "icons" && e.name !== "studio")
      .map((e) => e.name)
      .sort();
    expect(packs.length).toBeGreaterThanOrEqual(14);
    const page = await browser.newPage();
    const errors = collectErrors(page);
    for (const slug of packs) {
      const first = await openFirstLevel(page, server.url, `/${slug}/`);
      assertNoErrors(errors, `${slug}: ${first}`);
    }
    await page.close();
  });

  it("counts a level's place over the designed sequence; a level file outside it is an extra", async () => {
    // carrot_quest has 13 level files, 12 of them in its sequence (fw_ice_001 is not).
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const positionOn = async (path: string): Promise<string | null> => {
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector("gridponder-player .gp", { state: "attached" });
      return page.locator("[data-level-position]").textContent();
    };
    expect(await positionOn("/carrot-quest/fw-001/")).toBe("Level 1 of 12");
    expect(await positionOn("/carrot-quest/fw-ice-013/")).toBe("Level 12 of 12");
    expect(await positionOn("/carrot-quest/fw-ice-001/")).toBe("Extra level");
    await page.goto(`${server.url}/carrot-quest/`);
    const numbers = await page.locator(".level-number").allTextContents();
    expect(numbers.slice(0, 3)).toEqual(["1.", "2.", "3."]);
    expect(numbers.filter((n) => n === "Extra:")).toHaveLength(1);
    assertNoErrors(errors, "carrot-quest");
    await page.close();
  });
});
