/**
 * Share links and saved progress in headless chromium, with links from anywhere: a long link replays
 * without keeping a scene per move, one over the replay budget is refused with a notice (the level
 * still plays), links with moves the level cannot play say how many were replayed, two packs with the
 * same gameId keep their own progress (progress saved before under the gameId alone is kept), and
 * hostile pack text fires no dialog on any page. Screenshots go to test-results/.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { collectErrors, type HarnessBrowser, type Page, type Server } from "@gridponder/browser-harness";
import { type ActionInput, type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeActions, type ShareAction } from "../src/client/share-code.ts";
import { HOSTILE, makeSharePacks, WIDE_LEVEL } from "./share-helpers.ts";
import { removeAll, type ServedSite, serveSite } from "./site-helpers.ts";

const SHOTS = join(import.meta.dirname, "../test-results");
const CELLAR = "/dev-gridponder-lantern-cellar/";
const LEVEL = "lc02_storeroom";
const player = "gridponder-player";

let packs: string;
let site: ServedSite | undefined;
let server: Server;
let browser: HarnessBrowser;
const dialogs: string[] = [];
const loaded = new Map<string, Pack>();

beforeAll(async () => {
  packs = await makeSharePacks();
  site = await serveSite(packs);
  ({ server, browser } = site);
  for (const name of ["lantern-cellar", "lantern-wide"]) {
    const result = await loadPackFolder(join(packs, name));
    if (!result.ok) throw new Error(`${name} did not load`);
    loaded.set(name, result.pack);
  }
  await mkdir(SHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await site?.close();
  await removeAll(packs);
});

function packOf(name: string): Pack {
  const pack = loaded.get(name);
  if (!pack) throw new Error(`no pack ${name}`);
  return pack;
}

/** `n` moves right and left in turn: no two alike, so run-length encoding cannot shorten the link. */
function zigzag(n: number): ShareAction[] {
  return Array.from({ length: n }, (_, i) => ({ action: "move", direction: i % 2 === 0 ? "right" : "left" }));
}

function shareCode(name: string, levelId: string, actions: readonly ShareAction[]): string {
  return encodeActions(actions, new Session(packOf(name), levelId).legalActions());
}

/** A new tab that records dialogs and errors, on `path` of the site. */
async function open(path: string): Promise<{ page: Page; errors: ReturnType<typeof collectErrors> }> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${server.url}${path}`);
  return { page, errors };
}

async function waitForPlayer(page: Page, levelId: string): Promise<void> {
  await page.waitForSelector(`${player} .gp[data-level=${levelId}]`, { state: "attached" });
  await page.waitForFunction(() => {
    const el = document.querySelector("gridponder-player") as HTMLElement & { player?: unknown };
    return el.player !== undefined && el.player !== null;
  });
}

/** What the page's player holds: its state key, its history and the scenes its controller keeps. */
function playerState(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector("gridponder-player") as HTMLElement & {
      player: {
        session: { stateKey(): string; actions: unknown[] };
        controller: { keptScenes?: number };
      };
    };
    return {
      key: el.player.session.stateKey(),
      moves: el.player.session.actions.length,
      keptScenes: el.player.controller.keptScenes ?? null,
    };
  });
}

/** The renderer's used JS heap in MB, after a full garbage collection (Chrome DevTools Protocol). */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  await cdp.detach();
  return usedSize / 2 ** 20;
}

/** The path of the wide pack's page, read from the home page: it shares its gameId, so its slug has a suffix. */
async function widePackPath(page: Page): Promise<string> {
  const href = await page
    .locator("[data-pack-card] a", { hasText: "Lantern Cellar, wide" })
    .getAttribute("href");
  expect(href).toMatch(/^\/dev-gridponder-lantern-cellar-\d\/$/);
  return href as string;
}

const notice = (page: Page) => page.locator("[data-share-notice]");

describe("share links and progress in a browser", { timeout: 300_000 }, () => {
  it("replays a 20,000-move link (26 KB) on a 7×5 board without keeping a scene per move", async () => {
    const actions = zigzag(20_000);
    const code = shareCode("lantern-cellar", LEVEL, actions);
    expect(code.length).toBeGreaterThan(26_000);
    const expected = new Session(packOf("lantern-cellar"), LEVEL);
    for (const a of actions) expected.act(a as ActionInput);

    const { page, errors } = await open(`${CELLAR}lc02-storeroom/`);
    await waitForPlayer(page, LEVEL);
    const before = await heapMb(page);
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `a=${code}`);
    await page.waitForSelector("[data-replay]", { state: "visible" });
    await expect
      .poll(() => page.locator("[data-replay-position]").textContent())
      .toBe("Move 20,000 of 20,000");
    const shown = await playerState(page);
    expect(shown.key).toBe(expected.stateKey());
    expect(shown.moves).toBe(20_000);
    // The controller keeps the scene on show, not one per replayed move.
    expect(shown.keptScenes).not.toBeNull();
    expect(shown.keptScenes).toBeLessThanOrEqual(1);
    expect(await notice(page).textContent()).toBe("Shared position: 20,000 moves replayed.");
    const after = await heapMb(page);
    console.log(`heap before the link ${before.toFixed(1)} MB, after ${after.toFixed(1)} MB`);
    await page.screenshot({ path: join(SHOTS, "share-replayed.png") });

    // Stepping back and forth builds the scenes it shows, one at a time.
    await page.click("[data-replay-step=back]");
    await expect.poll(async () => (await playerState(page)).moves).toBe(19_999);
    await page.click("[data-replay-step=back]");
    await expect.poll(async () => (await playerState(page)).moves).toBe(19_998);
    await page.click("[data-replay-step=forward]");
    await expect.poll(async () => (await playerState(page)).moves).toBe(19_999);
    expect((await playerState(page)).keptScenes).toBeLessThanOrEqual(3);
    expect(await page.locator("[data-replay-position]").textContent()).toBe("Move 19,999 of 20,000");
    await page.click("[data-replay-step=last]");
    await expect.poll(async () => (await playerState(page)).key).toBe(expected.stateKey());
    errors.assertNone("long link");
    await page.close();
  });

  it("refuses a link over the replay budget with a notice, and the level plays from its start", async () => {
    const { page, errors } = await open("/");
    const href = await widePackPath(page);
    const code = shareCode("lantern-wide", WIDE_LEVEL, zigzag(20_000));
    await page.goto(`${server.url}${href}lc02-storeroom/#a=${code}`);
    await waitForPlayer(page, WIDE_LEVEL);
    await expect
      .poll(() => notice(page).textContent())
      .toBe(
        "The shared moves were not replayed: the link holds 20,000 moves, and on this 40×40 board a " +
          "link may replay at most 1,250. The level starts from the beginning.",
      );
    expect(await page.locator("[data-replay]").isVisible()).toBe(false);
    expect((await playerState(page)).moves).toBe(0);
    await page.screenshot({ path: join(SHOTS, "share-refused.png") });
    await page.focus(player);
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => (await playerState(page)).moves).toBe(1);
    errors.assertNone("refused link");
    await page.close();
  });

  it("counts only the moves it replayed when a link holds moves the level cannot play", async () => {
    const { page, errors } = await open("/");
    // The first move is one this game does not have: nothing is replayed.
    await page.goto(
      `${server.url}${CELLAR}lc02-storeroom/#a=${shareCode("lantern-cellar", LEVEL, [{ action: "fly" }])}`,
    );
    await waitForPlayer(page, LEVEL);
    await expect
      .poll(() => notice(page).textContent())
      .toBe(
        "The shared moves were not replayed: move 1 of 1 cannot be played here. The level starts from the beginning.",
      );
    expect((await playerState(page)).moves).toBe(0);
    expect(await page.locator("[data-replay]").isVisible()).toBe(false);

    // A solution and three moves after the win: the replay stops at the first that cannot be played.
    const pack = packOf("lantern-cellar");
    const gold = new Session(pack, LEVEL);
    gold.replay(pack.levels[LEVEL]?.solution.goldPath ?? []);
    expect(gold.won).toBe(true);
    const link = [...(gold.actions as ShareAction[]), ...zigzag(3)];
    await page.evaluate(
      (hash) => {
        location.hash = hash;
      },
      `a=${shareCode("lantern-cellar", LEVEL, link)}`,
    );
    await expect
      .poll(() => notice(page).textContent())
      .toBe(
        `Shared position: 12 moves replayed. The replay stopped at move 13 of 15, which cannot be played here.`,
      );
    expect(await page.locator("[data-replay-position]").textContent()).toBe("Move 12 of 12");
    expect((await playerState(page)).key).toBe(gold.stateKey());
    errors.assertNone("illegal moves");
    await page.close();
  });

  it("keeps the progress of two packs with the same gameId apart, and keeps progress saved before", async () => {
    const { page, errors } = await open("/");
    const wideHref = await widePackPath(page);
    // Progress saved by an earlier version of the site, under the gameId and version alone.
    await page.evaluate(() => {
      localStorage.setItem(
        "gridponder:progress:dev.gridponder.lantern-cellar@1.0.0",
        JSON.stringify({ lc01_bottom_step: { solved: true, best: 11 } }),
      );
    });
    // Both packs it may have belonged to show it.
    for (const href of [CELLAR, wideHref]) {
      await page.goto(`${server.url}${href}`);
      await expect.poll(() => page.locator("[data-progress]").textContent()).toBe("1/8 solved");
    }
    // A win in one pack is that pack's alone.
    await page.goto(`${server.url}${CELLAR}lc03-stepping-crates/`);
    await waitForPlayer(page, "lc03_stepping_crates");
    const pack = packOf("lantern-cellar");
    const keys = pack.levels.lc03_stepping_crates?.solution.goldPath ?? [];
    await page.evaluate(async (gold) => {
      const el = document.querySelector("gridponder-player") as HTMLElement & {
        player: { act(a: unknown): Promise<boolean> };
      };
      for (const step of gold)
        await el.player.act(typeof step === "string" ? { action: "move", direction: step } : step);
    }, keys as unknown[]);
    await expect.poll(() => page.locator("[data-page-status]").textContent()).toMatch(/^Solved in/);
    await page.goto(`${server.url}${CELLAR}`);
    await expect.poll(() => page.locator("[data-progress]").textContent()).toBe("2/8 solved");
    await page.goto(`${server.url}${wideHref}`);
    await expect.poll(() => page.locator("[data-progress]").textContent()).toBe("1/8 solved");
    await page.goto(`${server.url}/`);
    const progressOf = (title: string) =>
      page.locator("[data-pack-card]", { hasText: title }).locator("[data-progress]").first().textContent();
    await expect.poll(() => progressOf("Lantern Cellar, wide")).toBe("1/8 solved");
    errors.assertNone("progress");
    await page.close();
  });

  it("shows hostile pack text as text on the home, pack and level pages: no dialog fires", async () => {
    const { page, errors } = await open("/");
    await expect.poll(() => page.locator("[data-pack-card] h2", { hasText: HOSTILE.title }).count()).toBe(1);
    const href = await page.locator("[data-pack-card] h2 a", { hasText: HOSTILE.title }).getAttribute("href");
    await page.goto(`${server.url}${href}`);
    expect(await page.locator("h1").textContent()).toBe(HOSTILE.title);
    expect(await page.locator(".about").textContent()).toContain("javascript:alert(4)");
    expect(await page.locator(".about a").count()).toBe(0);
    expect(await page.locator(".story-title").first().textContent()).toBe(HOSTILE.story);
    await page.goto(`${server.url}${href}lc01-bottom-step/`);
    await waitForPlayer(page, "lc01_bottom_step");
    await page.waitForSelector(`${player} .gp-dialog[data-kind=story]`, { state: "visible" });
    expect(await page.locator(`${player} .gp-dialog h2`).textContent()).toBe(HOSTILE.story);
    await page.keyboard.press("Enter");
    expect(await page.locator("[data-level-title]").textContent()).toBe(HOSTILE.level);
    expect(await page.title()).toContain(HOSTILE.title);
    await page.focus(player);
    await page.keyboard.press("ArrowRight");
    await page.click("[data-share]");
    await expect.poll(() => page.locator("[data-page-status]").textContent()).toMatch(/1 move/);
    expect(dialogs).toEqual([]);
    errors.assertNone("hostile text");
    await page.close();
  });
});
