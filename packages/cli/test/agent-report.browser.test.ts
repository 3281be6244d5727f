/**
 * The report `agent run` writes, as a reader opens it: served with the folder it is in, the page loads
 * under its own content security policy without an error, its charts are drawn, axe finds no WCAG
 * A/AA violation, and a replay link opens the attempt in the catalog built beside it. Screenshots go
 * to test-results/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import {
  collectErrors,
  type HarnessBrowser,
  launchBrowser,
  type Server,
  serveDir,
} from "@gridponder/browser-harness";
import { axeViolations, installAxe } from "@gridponder/browser-harness/axe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANTERN_CELLAR, REPO, run, tempDir } from "./helpers.js";

const SHOTS = join(import.meta.dirname, "../test-results");
const WISP_HOLLOW = join(REPO, "packs/wisp-hollow");

let server: Server;
let browser: HarnessBrowser;
let cleanup: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const out = join(temp.dir, "run");
  // The greedy baseline wins Wisp Hollow's first level and none of Lantern Cellar's.
  const { code, stderr } = await run([
    "agent",
    "run",
    LANTERN_CELLAR,
    WISP_HOLLOW,
    "--agent",
    "greedy",
    "--out",
    out,
  ]);
  expect(stderr).toBe("");
  expect(code).toBe(0);
  server = await serveDir(out);
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await cleanup();
});

describe("the agent report page", () => {
  it("loads under its policy without an error, with its charts drawn and nothing axe objects to", async () => {
    const page = await browser.newPage();
    await installAxe(page);
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto(`${server.url}/report.html`);
    await page.waitForLoadState("networkidle");
    const charts = page.locator("figure svg");
    expect(await charts.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const box = await charts.nth(i).boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(300);
      expect(box?.height ?? 0).toBeGreaterThan(80);
    }
    expect(await page.locator("tbody tr").count()).toBe(16);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "agent-report.png") });
    errors.assertNone("report.html");
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the page is one column that does not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, "agent-report-phone.png") });
    await page.close();
  });

  it("opens an attempt's replay in the catalog beside it, at the position the attempt reached", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1100, height: 850 });
    await page.goto(`${server.url}/report.html`);
    const solved = page.locator("tbody tr", { has: page.locator(".won") }).first();
    const moves = Number(await solved.locator("td.n").first().textContent());
    expect(moves).toBeGreaterThan(0);
    await solved.getByRole("link", { name: "replay" }).click();
    await page.waitForURL(/\/catalog\/[a-z0-9-]+\/[a-z0-9-]+\/#a=/);
    await page.getByText(`Shared position: ${moves} moves replayed.`).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(SHOTS, "agent-report-replay.png") });
    errors.assertNone("replay");
    await page.close();
  });
});
