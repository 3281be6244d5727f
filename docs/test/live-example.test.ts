/**
 * A reader on a reference page with a live example, in headless chromium: the page loads under its
 * own Content-Security-Policy with no console error, the example's board is drawn, and a move played
 * with the keyboard is accepted and changes the board. Screenshots go to test-results/.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  collectErrors,
  type HarnessBrowser,
  launchBrowser,
  type Page,
  type PageErrors,
  type Server,
  screenshotPixels,
  serveDir,
} from "@gridponder/browser-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DIST = join(import.meta.dirname, "../dist");
const EXAMPLES = join(import.meta.dirname, "../examples");
const SHOTS = join(import.meta.dirname, "../test-results");
const KEY_OF: Record<string, string> = {
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
};

let server: Server;
let browser: HarnessBrowser;
let page: Page;
let errors: PageErrors;

beforeAll(async () => {
  server = await serveDir(DIST);
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  page = await browser.newPage();
  errors = collectErrors(page);
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The key for the first step of an example level's gold path (a move). */
async function firstKey(example: string, level: string): Promise<string> {
  const json = JSON.parse(await readFile(join(EXAMPLES, example, "levels", `${level}.json`), "utf8"));
  const step = json.solution.goldPath[0];
  const direction = typeof step === "string" ? step : step.direction;
  const key = KEY_OF[String(direction)];
  if (key === undefined)
    throw new Error(`the first gold step of ${example}/${level} is not a move: ${JSON.stringify(step)}`);
  return key;
}

/** How many pixels of two same-sized screenshots differ noticeably. */
function changedPixels(a: { data: Uint8Array }, b: { data: Uint8Array }): number {
  let changed = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d =
      Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) +
      Math.abs((a.data[i + 1] ?? 0) - (b.data[i + 1] ?? 0)) +
      Math.abs((a.data[i + 2] ?? 0) - (b.data[i + 2] ?? 0));
    if (d > 30) changed++;
  }
  return changed;
}

describe("a live example on a reference page", () => {
  it("plays a move and the board changes", async () => {
    await page.goto(`${server.url}/reference/systems/avatar_navigation/`);
    const player = page.locator("gridponder-player");
    await player.scrollIntoViewIfNeeded();
    const level = await player.getAttribute("level");
    const example = (await player.getAttribute("src"))?.match(/\/examples\/([^/]+)\/pack\.json$/)?.[1];
    expect(level).toBeTruthy();
    expect(example).toBeTruthy();
    await page.waitForSelector(`gridponder-player .gp[data-level="${level}"]`, { state: "attached" });
    // The page's CSP is a <meta> Astro writes; the player must run under it.
    const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute("content");
    expect(csp).toContain("script-src");

    const box = await player.boundingBox();
    if (box === null) throw new Error("the player has no box");
    const clip = { x: box.x, y: box.y, width: box.width, height: box.height };
    // Two frames in a row agree once the board has settled, so the change below is the move's.
    let before = await screenshotPixels(page, { clip });
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(250);
      const again = await screenshotPixels(page, { clip });
      const settled = changedPixels(before, again) === 0;
      before = again;
      if (settled) break;
    }
    await page.screenshot({ path: join(SHOTS, "live-example-before.png") });

    const turn = page.evaluate(
      () =>
        new Promise<{ moves: number }>((resolve) => {
          document
            .querySelector("gridponder-player")
            ?.addEventListener("turn", (e) => resolve((e as CustomEvent<{ moves: number }>).detail), {
              once: true,
            });
        }),
    );
    await player.focus();
    await page.keyboard.press(await firstKey(example as string, level as string));
    expect((await turn).moves).toBe(1);
    await page.waitForTimeout(500);
    const after = await screenshotPixels(page, { clip, path: join(SHOTS, "live-example-after.png") });
    expect(changedPixels(before, after)).toBeGreaterThan(50);
    errors.assertNone("the reference page");
  });

  it("search finds a system's reference page under the same policy", async () => {
    errors.clear();
    await page.goto(`${server.url}/guides/systems/`);
    await page.locator("button[data-open-modal]").first().click();
    const input = page.locator("dialog[open] input").first();
    await input.fill("flood_fill");
    const hit = page.locator('dialog[open] a[href*="/reference/systems/flood_fill/"]').first();
    await hit.waitFor({ state: "visible" });
    await page.screenshot({ path: join(SHOTS, "search.png") });
    errors.assertNone("the search dialog");
  });
});
