/**
 * The catalog of the repository's own packs/, as `pnpm start` publishes it: the home page shows every
 * pack with its cover image (loaded, not the board thumbnail a pack without a cover falls back to), and
 * the first level of each pack draws its board without a console error. Screenshots of the home page
 * and of one level per pack go to test-results/own-packs/.
 */
import { mkdir, readdir, readFile } from "node:fs/promises";
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
import { assertNoErrors, buildSite, OWN_PACKS, openFirstLevel, removeAll } from "./site-helpers.ts";

const SHOTS = join(import.meta.dirname, "../test-results/own-packs");

let out: string;
let server: Server;
let browser: HarnessBrowser;
let titles: string[];

beforeAll(async () => {
  const names = (await readdir(OWN_PACKS, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  titles = [];
  for (const name of names) {
    titles.push(JSON.parse(await readFile(join(OWN_PACKS, name, "manifest.json"), "utf8")).title);
  }
  out = await buildSite(OWN_PACKS);
  server = await serveDir(out, { csp: CONTENT_SECURITY_POLICY });
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  await mkdir(SHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeAll(out);
});

describe("the catalog of packs/", { timeout: 300_000 }, () => {
  it("shows every pack with its cover on the home page, and draws a level of each", async () => {
    expect(titles.length).toBeGreaterThanOrEqual(7);
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/`);
    const cards = page.locator("[data-pack-card]");
    expect(await cards.count()).toBe(titles.length);
    for (const title of titles) {
      const card = cards.filter({ hasText: title });
      expect(await card.count(), title).toBe(1);
      // A cover is an <img> of the pack's own image; a pack without one shows a generated thumbnail.
      const img = card.locator("img").first();
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
        .toBe(true);
      expect(await img.getAttribute("src"), title).toMatch(/cover/i);
    }
    await page.screenshot({ path: join(SHOTS, "home.png"), fullPage: true });
    assertNoErrors(errors, "home page");

    const links = await cards
      .locator("a")
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")))]);
    for (const href of links) {
      const first = await openFirstLevel(page, server.url, String(href));
      // Story screens open before a pack's first level; the shot is of the level behind them.
      await page.focus("gridponder-player");
      for (
        let i = 0;
        i < 5 && (await page.locator("gridponder-player .gp-dialog[data-kind=story]").isVisible());
        i++
      )
        await page.keyboard.press("Enter");
      const slug = String(href).replaceAll("/", "");
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(SHOTS, `${slug}.png`) });
      assertNoErrors(errors, String(first));
    }
    await page.close();
  });
});
