import { mkdir, mkdtemp, readdir, readFile, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import {
  type HarnessBrowser,
  launchBrowser,
  type Page,
  type Server,
  serveDir,
} from "@gridponder/browser-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../src/components/csp.ts";
import { buildInChild, copyPack, editJson } from "./build-helpers.ts";
import { removeAll } from "./site-helpers.ts";

const BASE = "/games/puzzles/";
const LEVEL = "dev-gridponder-lantern-cellar/lc01-bottom-step/";
const GOLD = [
  "ArrowRight",
  "ArrowDown",
  "ArrowDown",
  "ArrowRight",
  "ArrowRight",
  "ArrowUp",
  "ArrowUp",
].concat(["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"]);

let packs: string;
let root: string;
let out: string;
let server: Server;
let browser: HarnessBrowser;

/** Builds lantern-cellar (its first level titled `title`) into `out`, under the base path. */
async function build(title: string): Promise<void> {
  await editJson(join(packs, "lantern-cellar", "levels", "lc01_bottom_step.json"), (level) => {
    level.title = title;
  });
  await buildInChild([packs], out, BASE);
}

beforeAll(async () => {
  packs = await mkdtemp(join(tmpdir(), "gridponder-offline-packs-"));
  await copyPack(packs, "lantern-cellar");
  // The site is served at the base path: the served root holds it at games/puzzles.
  root = await mkdtemp(join(tmpdir(), "gridponder-offline-root-"));
  out = join(root, "site");
  await mkdir(join(root, "games"));
  await symlink(out, join(root, "games", "puzzles"));
  await build("The Bottom Step");
  server = await serveDir(root, { csp: CONTENT_SECURITY_POLICY });
  browser = await launchBrowser({ reducedMotion: "reduce" });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeAll(packs, root);
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** The precache list in `sw.js`: each URL with its revision (`null` where the name holds a hash). */
async function precached(): Promise<Map<string, string | null>> {
  const sw = await readFile(join(out, "sw.js"), "utf8");
  const entries = [...sw.matchAll(/\{url:"([^"]+)",revision:(null|"[0-9a-f]+")\}/g)];
  return new Map(entries.map((m) => [m[1] ?? "", m[2] === "null" ? null : (m[2] ?? "").slice(1, -1)]));
}

async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const levelTitle = (page: Page) => page.locator("[data-level-title]").textContent();

describe("a catalog offline", { timeout: 300_000 }, () => {
  it("precaches every page, script, style and compiled pack; content-hashed names need no revision", async () => {
    const files = await filesUnder(out);
    const list = await precached();
    const wanted = files.filter(
      (f) => /\.(html|js|css|webmanifest)$/.test(f) && !f.startsWith("studio/") && f !== "sw.js",
    );
    wanted.push(...files.filter((f) => /^_packs\/[^/]+\/pack\.[0-9a-f]+\.json$/.test(f)));
    expect(wanted.length).toBeGreaterThan(15);
    for (const f of wanted) expect(list.has(f), f).toBe(true);
    for (const [url, revision] of list) {
      if (/\.[A-Za-z0-9_-]{8,}\.(js|css|json)$/.test(url)) expect(revision, url).toBeNull();
      else expect(revision, url).toMatch(/^[0-9a-f]{32}$/);
    }
    // Sprites and covers are cached as pages use them, not up front.
    expect([...list.keys()].filter((u) => /\.(png|webp|svg)$/.test(u) && u.startsWith("_packs/"))).toEqual(
      [],
    );
  });

  it("loads a visited level offline and plays it to a win", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}${BASE}`);
    await controlled(page);
    await page.goto(`${server.url}${BASE}${LEVEL}`);
    await page.waitForFunction(
      () => (document.querySelector("gridponder-player") as never as { player: unknown }).player,
    );
    await browser.context.setOffline(true);
    try {
      await page.reload();
      await page.waitForFunction(
        () => (document.querySelector("gridponder-player") as never as { player: unknown }).player,
      );
      const story = page.locator("gridponder-player .gp-dialog[data-kind=story]");
      for (let i = 0; i < 8 && (await story.isVisible()); i++) await story.locator("button").last().click();
      await page.focus("gridponder-player");
      for (const key of GOLD) await page.keyboard.press(key);
      await page.waitForSelector("gridponder-player .gp-dialog[data-kind=won]", { state: "visible" });
    } finally {
      await browser.context.setOffline(false);
      await page.close();
    }
  });

  it("takes a new build only once no page of the old one is open, never mixing the two", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}${BASE}${LEVEL}`);
    await controlled(page);
    expect(await levelTitle(page)).toBe("The Bottom Step");
    await build("The Very Bottom Step");
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === "installed",
    );
    // The open page reloads from the old build's files: its page, scripts and pack together.
    await page.reload();
    expect(await levelTitle(page)).toBe("The Bottom Step");
    await page.close();
    // With every page of it closed the new worker activates (when is up to the browser, which may
    // still hand a visit or two the old build): each visit gets one build whole, its page and the
    // player's pack with the same title, and within a few visits the new one.
    const watcher = await browser.newPage();
    await watcher.goto(`${server.url}/`);
    await watcher.waitForFunction(async (base) => {
      const registration = await navigator.serviceWorker.getRegistration(base);
      return registration?.waiting === null && registration.active?.state === "activated";
    }, BASE);
    await watcher.close();
    const seen: string[] = [];
    for (let visit = 0; visit < 20 && seen.at(-1) !== "The Very Bottom Step"; visit++) {
      const fresh = await browser.newPage();
      await fresh.goto(`${server.url}${BASE}${LEVEL}`);
      const pageTitle = await levelTitle(fresh);
      await fresh.waitForFunction(
        () => (document.querySelector("gridponder-player") as never as { player: unknown }).player,
      );
      const playerTitle = await fresh.evaluate(
        () =>
          (
            document.querySelector("gridponder-player") as never as {
              player: { controller: { hud(): { title: string } } };
            }
          ).player.controller.hud().title,
      );
      expect(playerTitle, `visit ${visit}`).toBe(pageTitle);
      seen.push(String(pageTitle));
      await fresh.close();
      if (seen.at(-1) !== "The Very Bottom Step") await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen.at(-1), seen.join(", ")).toBe("The Very Bottom Step");
  });
});
