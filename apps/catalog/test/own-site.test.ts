/**
 * The catalog of the repository's own packs/, as `pnpm start` publishes and serves it: the app's start
 * script builds the site, prints its address, serves it (a page's address without its trailing slash
 * answers 301 to the one with it) and exits with 0 on SIGTERM. On that server, the home page shows every
 * pack with its cover image (loaded, not the board thumbnail a pack without a cover falls back to), and
 * the first level of each pack draws its board without a console error; the board and card games of
 * packs/ (its match packs) have their own section, and each one's play page starts its game. Screenshots
 * of the home page, of one level per pack and of each game go to test-results/own-packs/.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectErrors, type HarnessBrowser, launchBrowser } from "@gridponder/browser-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_PACKS } from "../src/own-site.ts";
import { openFirstLevel } from "./page-checks.ts";

const START = join(import.meta.dirname, "../dist/start-cli.js");
const SHOTS = join(import.meta.dirname, "../test-results/own-packs");

let tmp: string;
let child: ChildProcess;
let output = "";
let url: string;
let browser: HarnessBrowser;
let titles: string[];
/** The match packs' titles (board and card games), apart from the puzzle packs'. */
let games: { name: string; title: string }[];

/** Starts the built start script on a free port and resolves with the address it prints. */
async function startServer(outDir: string): Promise<string> {
  child = spawn(process.execPath, [START, "--port", "0", "--out", outDir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += String(chunk);
      const served = /served at (http:\/\/\S+?)\/? /.exec(output);
      if (served?.[1]) resolve(served[1]);
    });
    child.once("exit", (code) => reject(new Error(`start exited with ${code} before serving:\n${output}`)));
  });
}

beforeAll(async () => {
  const names = (await readdir(REPO_PACKS, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  titles = [];
  games = [];
  for (const name of names) {
    const manifest = JSON.parse(await readFile(join(REPO_PACKS, name, "manifest.json"), "utf8"));
    if (manifest.format === "match") games.push({ name, title: manifest.title });
    else titles.push(manifest.title);
  }
  tmp = await mkdtemp(join(tmpdir(), "gridponder-own-site-"));
  url = await startServer(join(tmp, "site"));
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  await mkdir(SHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await once(child, "exit");
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("the catalog of packs/", { timeout: 300_000 }, () => {
  it("builds every pack and prints what it built and where it is served", () => {
    expect(output).toContain("… compiling packs");
    expect(output).toMatch(
      new RegExp(
        `✓ ${titles.length} packs, \\d+ levels, ${games.length} board and card games, \\d+ pages in`,
      ),
    );
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it("shows every pack with its cover on the home page, and draws a level of each", async () => {
    expect(titles.length).toBeGreaterThanOrEqual(7);
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${url}/`);
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
    errors.assertNone("home page");

    const links = await cards
      .locator("a")
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")))]);
    for (const href of links) {
      const first = await openFirstLevel(page, url, String(href));
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
      errors.assertNone(String(first));
    }
    await page.close();
  });

  it("lists the board and card games in their own section, and each one's play page starts its game", async () => {
    expect(games.map((g) => g.name)).toEqual(["checkers", "chess", "eights", "tic-tac-toe"]);
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${url}/`);
    const section = page.locator("section.games");
    expect(await section.locator("h2").first().textContent()).toBe("Board and card games");
    const cards = section.locator("[data-game-card]");
    expect(await cards.locator("h3").allTextContents()).toEqual(games.map((g) => g.title));
    for (const { name, title } of games) {
      await page.goto(`${url}/${name}/`);
      expect(await page.locator("h1").textContent()).toBe(title);
      await page.click("[data-play]");
      await page.waitForURL(`${url}/${name}/play/`);
      await page.waitForFunction(
        () => (document.querySelector("gridponder-match") as unknown as { match: unknown } | null)?.match,
      );
      expect(await page.locator("gridponder-match .gpm-status").textContent()).toMatch(/to move\.$/);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `game-${name}.png`) });
      errors.assertNone(`${name}/play/`);
    }
    await page.close();
  });

  it("sends a page's address without its trailing slash to the one with it, and nothing else", async () => {
    const home = await (await fetch(`${url}/`)).text();
    const pack = /href="(\/[^"/]+)\/"/.exec(home.slice(home.indexOf("data-pack-card")))?.[1];
    expect(pack).toBeTruthy();
    const moved = await fetch(`${url}${pack}?q=1`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${pack}/?q=1`);
    // A file, a missing page and a path leaving the site are not redirected.
    expect((await fetch(`${url}/manifest.webmanifest`, { redirect: "manual" })).status).toBe(200);
    expect((await fetch(`${url}/no-such-pack`, { redirect: "manual" })).status).not.toBe(301);
    expect((await fetch(`${url}/%2e%2e%2fapps`, { redirect: "manual" })).status).not.toBe(301);
  });

  it("serves the studio with the index of every pack, and each level page's Edit a copy opens it", async () => {
    const index = await fetch(`${url}/studio/catalog.json`);
    expect(index.status).toBe(200);
    const { format, packs } = (await index.json()) as {
      format: string;
      packs: { slug: string; title: string; packUrl: string; levels: { id: string }[] }[];
    };
    expect(format).toBe("gridponder-studio-catalog@1");
    expect(packs.map((p) => p.title).sort()).toEqual([...titles].sort());
    for (const pack of packs)
      expect((await fetch(new URL(pack.packUrl, `${url}/studio/`))).status, pack.slug).toBe(200);

    const page = await browser.newPage();
    const errors = collectErrors(page);
    const first = packs[0];
    await openFirstLevel(page, url, `/${first?.slug}/`);
    const edit = page.getByRole("link", { name: "Edit a copy of this level in the studio" });
    expect(await edit.getAttribute("href")).toBe(
      `/studio/#edit=${first?.slug}/${encodeURIComponent(first?.levels[0]?.id ?? "")}`,
    );
    // The link follows the player to the next level, which changes without a reload.
    const second = first?.levels[1]?.id ?? "";
    await page.evaluate((id) => {
      const player = (
        document.querySelector("gridponder-player") as unknown as {
          player: { setLevel(id: string, options: { story: boolean }): void };
        }
      ).player;
      player.setLevel(id, { story: false });
    }, second);
    await expect
      .poll(() => edit.getAttribute("href"))
      .toBe(`/studio/#edit=${first?.slug}/${encodeURIComponent(second)}`);
    await edit.click();
    await page.waitForURL(/\/studio\/#edit=/);
    expect((await page.evaluate(() => document.contentType)).toLowerCase()).toBe("text/html");
    errors.assertNone("studio");
    await page.close();
  });

  it("stops with exit code 0 on SIGTERM", async () => {
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(output).toContain("Stopped.");
  });
});
