/**
 * The catalog as a player meets it, in headless chromium: home → search and tag filter → pack → level →
 * the gold path by keyboard → win → next level (through a story screen) → reload keeps progress → a
 * share link shows the shared position and steps through it. Served with the same CSP as a header, and
 * any console error (a CSP violation is one) fails the test. Screenshots go to test-results/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import {
  collectErrors,
  type HarnessBrowser,
  type Page,
  type PageErrors,
  type Server,
} from "@gridponder/browser-harness";
import { type ActionInput, Session } from "@gridponder/engine";
import { ownPack } from "@gridponder/test-corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packsFolderSite, type ServedSite, serveBuiltSite, XSS_TITLE } from "./site-helpers.ts";

const SHOTS = join(import.meta.dirname, "../test-results");
const PACK = "/dev-gridponder-lantern-cellar/";
const KEY_OF: Record<string, string> = {
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
};

let site: ServedSite | undefined;
let server: Server;
let browser: HarnessBrowser;
let page: Page;
let errors: PageErrors;
const dialogs: string[] = [];

beforeAll(async () => {
  // The site site-build.conformance.test.ts checks file by file: one build serves both.
  site = await serveBuiltSite(await packsFolderSite());
  ({ server, browser } = site);
  page = await browser.newPage();
  errors = collectErrors(page);
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await mkdir(SHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await site?.close();
});

async function goldKeys(levelId: string): Promise<string[]> {
  const { pack } = await ownPack("lantern-cellar");
  const session = new Session(pack, levelId);
  session.replay(pack.levels[levelId]?.solution.goldPath ?? []);
  expect(session.won).toBe(true);
  return session.actions.map((a: ActionInput) => {
    const key = KEY_OF[String(a.direction)];
    if (!a.direction || !key) throw new Error(`no key for ${JSON.stringify(a)}`);
    return key;
  });
}

const player = "gridponder-player";
const visibleCards = () => page.locator("[data-pack-card]:visible");

async function waitForLevel(levelId: string): Promise<void> {
  await page.waitForSelector(`${player} .gp[data-level=${levelId}]`, { state: "attached" });
}

/** Closes the story screens shown before a level, if any. */
async function passStories(): Promise<string[]> {
  const titles: string[] = [];
  await page.waitForTimeout(0);
  while (await page.locator(`${player} .gp-dialog[data-kind=story]`).isVisible()) {
    titles.push((await page.locator(`${player} .gp-dialog h2`).textContent()) ?? "");
    await page.keyboard.press("Enter");
  }
  return titles;
}

async function playKeys(keys: readonly string[]): Promise<void> {
  await page.focus(player);
  for (const key of keys) await page.keyboard.press(key);
}

describe("the catalog in a browser", { timeout: 300_000 }, () => {
  it("lists packs on the home page, searches as you type and filters by tag; hostile text stays text", async () => {
    await page.goto(`${server.url}/`);
    await expect.poll(() => visibleCards().count()).toBe(3);
    await page.fill("[data-search]", "lan");
    await expect.poll(() => visibleCards().count()).toBe(1);
    expect(await visibleCards().locator("h2").textContent()).toBe("Lantern Cellar");
    await page.fill("[data-search]", "");
    await page.click("[data-tag=hostile]");
    await expect.poll(() => visibleCards().count()).toBe(1);
    expect(await visibleCards().locator("h2").textContent()).toBe(XSS_TITLE);
    expect(page.url()).toContain("tag=hostile");
    await page.screenshot({ path: join(SHOTS, "home-filtered.png") });
    await page.click("[data-tag='']");
    await expect.poll(() => visibleCards().count()).toBe(3);
    expect(dialogs).toEqual([]);
    const csp = await page.locator("meta[http-equiv=Content-Security-Policy]").getAttribute("content");
    expect(csp).toContain("script-src 'self'");
    await page.screenshot({ path: join(SHOTS, "home.png"), fullPage: true });
  });

  it("opens a pack page with its story screens, levels and a start button", async () => {
    await page.click("text=Lantern Cellar");
    await page.waitForURL(`${server.url}${PACK}`);
    expect(await page.locator("h1").textContent()).toBe("Lantern Cellar");
    expect(await page.locator(".level-item").count()).toBe(8);
    expect(await page.locator(".story-title").first().textContent()).toBe("The Dark Below");
    expect(await page.locator("[data-tick]:visible").count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "pack.png"), fullPage: true });
    await page.click("[data-continue]");
    await page.waitForURL(`${server.url}${PACK}lc01-bottom-step/`);
  });

  it("plays a level by keyboard to a win, saves it, and goes on to the next level's page", async () => {
    await waitForLevel("lc01_bottom_step");
    expect(await passStories()).toEqual(["The Dark Below"]);
    await playKeys(await goldKeys("lc01_bottom_step"));
    await page.waitForSelector(`${player} .gp-dialog[data-kind=won]`, { state: "visible" });
    expect(await page.locator("[data-page-status]").textContent()).toMatch(/^Solved in 11 moves/);
    expect(await page.locator("[data-best]").textContent()).toContain("11 moves");
    await page.screenshot({ path: join(SHOTS, "level-won.png") });
    await page.click(`${player} .gp-dialog button[data-action=next]`);
    await page.waitForURL(`${server.url}${PACK}lc02-storeroom/`);
    await waitForLevel("lc02_storeroom");
    expect(await page.locator("[data-level-title]").textContent()).toBe("The Storeroom");
    expect(await page.title()).toContain("The Storeroom");
    expect(await page.locator("[data-best]").isVisible()).toBe(false);
    // The back button returns to the level before.
    await page.goBack();
    await waitForLevel("lc01_bottom_step");
    expect(await page.locator("[data-level-title]").textContent()).toBe("The Bottom Step");
  });

  it("shows the story screen between levels on the way to the next one", async () => {
    await page.goto(`${server.url}${PACK}lc03-stepping-crates/`);
    await waitForLevel("lc03_stepping_crates");
    expect(await passStories()).toEqual([]);
    await playKeys(await goldKeys("lc03_stepping_crates"));
    await page.waitForSelector(`${player} .gp-dialog[data-kind=won]`, { state: "visible" });
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}${PACK}lc04-cobweb-curtains/`);
    await page.waitForSelector(`${player} .gp-dialog[data-kind=story]`, { state: "visible" });
    expect(await page.locator(`${player} .gp-dialog h2`).textContent()).toBe("Cobwebs and Candlelight");
    await page.screenshot({ path: join(SHOTS, "story.png") });
    expect(await passStories()).toEqual(["Cobwebs and Candlelight"]);
  });

  it("keeps progress across reloads: pack ticks, the continue button and the home card", async () => {
    await page.reload();
    await waitForLevel("lc04_cobweb_curtains");
    await page.goto(`${server.url}${PACK}`);
    await expect.poll(() => page.locator("[data-tick]:visible").count()).toBe(2);
    expect(await page.locator("[data-progress]").textContent()).toBe("2/8 solved");
    expect(await page.locator("[data-continue]").textContent()).toBe("Continue");
    expect(await page.locator("[data-continue]").getAttribute("href")).toBe(
      `${server.url}${PACK}lc02-storeroom/`,
    );
    await page.goto(`${server.url}/`);
    await expect
      .poll(() =>
        page
          .locator("[data-pack-card][data-game-id='dev.gridponder.lantern-cellar'] [data-progress]")
          .textContent(),
      )
      .toBe("2/8 solved");
  });

  it("shares the moves so far as a link that replays them, with step-through controls", async () => {
    await page.goto(`${server.url}${PACK}lc02-storeroom/`);
    await waitForLevel("lc02_storeroom");
    await passStories();
    const keys = (await goldKeys("lc02_storeroom")).slice(0, 4);
    await playKeys(keys);
    const stateAt = () =>
      page.evaluate(() => {
        const el = document.querySelector("gridponder-player") as HTMLElement & {
          player: { session: { stateKey(): string; actions: unknown[] } };
        };
        return { key: el.player.session.stateKey(), moves: el.player.session.actions.length };
      });
    await expect.poll(async () => (await stateAt()).moves).toBe(4);
    const shared = await stateAt();
    await page.click("[data-share]");
    const link = await page.locator("[data-share-url]").inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}${PACK}lc02-storeroom/#a=[A-Za-z0-9_-]+$`));

    const viewer = await browser.newPage();
    const viewerErrors = collectErrors(viewer);
    await viewer.goto(link);
    await viewer.waitForSelector("[data-replay]", { state: "visible" });
    const viewerState = () =>
      viewer.evaluate(() => {
        const el = document.querySelector("gridponder-player") as HTMLElement & {
          player: { session: { stateKey(): string; actions: unknown[] } };
        };
        return { key: el.player.session.stateKey(), moves: el.player.session.actions.length };
      });
    expect(await viewerState()).toEqual(shared);
    expect(await viewer.locator("[data-replay-position]").textContent()).toBe("Move 4 of 4");
    await viewer.screenshot({ path: join(SHOTS, "shared.png") });
    await viewer.click("[data-replay-step=first]");
    await expect.poll(async () => (await viewerState()).moves).toBe(0);
    expect(await viewer.locator("[data-replay-position]").textContent()).toBe("Move 0 of 4");
    await viewer.click("[data-replay-step=forward]");
    await expect.poll(async () => (await viewerState()).moves).toBe(1);
    await viewer.click("[data-replay-step=forward]");
    await viewer.click("[data-replay-step=back]");
    await expect.poll(async () => (await viewerState()).moves).toBe(1);
    await viewer.click("[data-replay-step=last]");
    await expect.poll(async () => (await viewerState()).key).toBe(shared.key);
    expect(await viewer.locator("[data-replay-step=forward]").isDisabled()).toBe(true);

    // A mangled link is ignored: the level starts fresh, with a note, and nothing breaks.
    await viewer.goto("about:blank");
    await viewer.goto(`${server.url}${PACK}lc02-storeroom/#a=AQz_`);
    await viewer.waitForSelector(`${player} .gp[data-level=lc02_storeroom]`, { state: "attached" });
    await expect.poll(() => viewer.locator("[data-share-notice]").textContent()).toMatch(/could not be read/);
    expect(await viewer.locator("[data-replay]").isVisible()).toBe(false);
    viewerErrors.assertNone("viewer");
    await viewer.close();
  });

  it("keeps a half-played level across reloads, and forgets it once the level is won", async () => {
    const moves = () =>
      page.evaluate(
        () =>
          (
            document.querySelector("gridponder-player") as HTMLElement & {
              player: { session: { actions: unknown[] } } | null;
            }
          ).player?.session.actions.length ?? -1,
      );
    await page.goto(`${server.url}${PACK}lc05-keep-it-dry/`);
    await waitForLevel("lc05_keep_it_dry");
    await passStories();
    const keys = await goldKeys("lc05_keep_it_dry");
    await playKeys(keys.slice(0, 3));
    await expect.poll(moves).toBe(3);
    await page.reload();
    await waitForLevel("lc05_keep_it_dry");
    await expect.poll(moves).toBe(3);
    expect(await page.locator("[data-page-status]").textContent()).toBe(
      "Back where you left off: 3 moves played.",
    );
    // The story was seen before the moves were made: it is not shown again.
    expect(await page.locator(`${player} .gp-dialog[data-kind=story]`).isVisible()).toBe(false);
    await page.screenshot({ path: join(SHOTS, "level-resumed.png") });
    await playKeys(keys.slice(3));
    await page.waitForSelector(`${player} .gp-dialog[data-kind=won]`, { state: "visible" });
    await page.reload();
    await waitForLevel("lc05_keep_it_dry");
    await passStories();
    expect(await moves()).toBe(0);
  });

  it("remembers the board view the player chose across the catalog's level pages", async () => {
    const view = () =>
      page.evaluate(
        () =>
          (document.querySelector("gridponder-player") as HTMLElement & { player: { view: string } | null })
            .player?.view,
      );
    await page.goto(`${server.url}${PACK}lc02-storeroom/`);
    await waitForLevel("lc02_storeroom");
    await passStories();
    expect(await view()).toBe("isometric");
    await page.locator(`${player} [data-view-toggle]`).click();
    await expect.poll(view).toBe("top-down");
    // Another pack's level, opened afresh: the choice holds for the whole catalog.
    await page.goto(`${server.url}/`);
    const packHref = await page.locator("a[href*='carrot']").first().getAttribute("href");
    await page.goto(new URL(packHref ?? "", page.url()).href);
    const levelHref = await page.locator("[data-continue]").getAttribute("href");
    await page.goto(new URL(levelHref ?? "", page.url()).href);
    await page.waitForFunction(
      () => (document.querySelector("gridponder-player") as never as { player: unknown }).player,
    );
    await expect.poll(view).toBe("top-down");
    await passStories();
    await page.screenshot({ path: join(SHOTS, "level-top-down.png") });
    await page.locator(`${player} [data-view-toggle]`).click();
    await expect.poll(view).toBe("isometric");
  });

  it("reported no console error, failed request or dialog on any page", () => {
    errors.assertNone("catalog");
    expect(dialogs).toEqual([]);
  });
});
