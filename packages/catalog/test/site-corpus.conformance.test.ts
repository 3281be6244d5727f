/**
 * Every pack of the conformance corpus and of packs/, published together by one build: a page per pack
 * and per level with every compiled pack beside them; each pack page and the first level page of each
 * pack load under the CSP (sent as a header too) without a console error or a failed request, and the
 * level's board is drawn; axe-core finds no WCAG A/AA violation on any of them in any state; every
 * pack's first level is drawn in both views at a desktop's and a phone's size, each screenshot saved
 * under test-results/views for a person to look at.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  collectErrors,
  colorDistance,
  decodePng,
  type HarnessBrowser,
  launchBrowser,
  type Pixels,
  type Server,
  serveDir,
} from "@gridponder/browser-harness";
import { axeViolations, installAxe } from "@gridponder/browser-harness/axe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../src/components/csp.ts";
import { type BuildOutcome, buildInChild } from "./build-helpers.ts";
import { CORPUS_PACKS, OWN_PACKS, openFirstLevel, removeAll } from "./site-helpers.ts";

/** Where the screenshots of every pack's level in both views are kept, for a person to look at. */
const VIEW_SHOTS = join(import.meta.dirname, "../test-results/views");

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

/** The puzzle pack folders of the built site, sorted (the games of packs/ have play pages instead). */
async function packSlugs(): Promise<string[]> {
  const games = new Set(built.summary.matchPages.map((p) => p.path.split("/")[0]));
  const entries = await readdir(out, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith("_") && e.name !== "icons" && e.name !== "studio")
    .map((e) => e.name)
    .filter((name) => !games.has(name))
    .sort();
}

/** Distinct colours in a picture (quantised to 4 bits a channel, so antialiasing does not count). */
function colourCount(p: Pixels): number {
  const seen = new Set<number>();
  for (let i = 0; i < p.data.length; i += 4)
    seen.add(
      (((p.data[i] ?? 0) >> 4) << 8) | (((p.data[i + 1] ?? 0) >> 4) << 4) | ((p.data[i + 2] ?? 0) >> 4),
    );
  return seen.size;
}

/** The share of pixels that differ between two pictures of the same size. */
function shareDiffering(a: Pixels, b: Pixels): number {
  let n = 0;
  const total = Math.min(a.width, b.width) * Math.min(a.height, b.height);
  for (let y = 0; y < Math.min(a.height, b.height); y++)
    for (let x = 0; x < Math.min(a.width, b.width); x++)
      if (colorDistance(a.at(x, y).slice(0, 3), b.at(x, y).slice(0, 3)) > 40) n++;
  return n / total;
}

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
    // Home, 404, one page per pack and one per level, the studio's, and a page per game and per position.
    expect(summary.matches).toBe(4);
    expect(summary.pages).toBe(
      2 + summary.packs + summary.levels + 1 + summary.matches + summary.matchPages.length,
    );
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
    const packs = await packSlugs();
    expect(packs.length).toBeGreaterThanOrEqual(14);
    const page = await browser.newPage();
    const errors = collectErrors(page);
    for (const slug of packs) {
      const first = await openFirstLevel(page, server.url, `/${slug}/`);
      errors.assertNone(`${slug}: ${first}`);
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
    errors.assertNone("carrot-quest");
    await page.close();
  });

  it("has no WCAG A/AA violation (axe-core) in any state of each pack's level pages, on a desktop and a phone", async () => {
    const packs = await packSlugs();
    const page = await browser.newPage();
    await installAxe(page);
    const errors = collectErrors(page);
    const found: string[] = [];
    const check = async (where: string) => {
      for (const v of await axeViolations(page)) found.push(`${where}: ${v}`);
    };
    const lostIn: string[] = [];
    const storyIn: string[] = [];
    await page.goto(`${server.url}/`);
    await check("home");
    for (const slug of packs) {
      for (const [width, height] of [
        [1100, 850],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        const at = `${slug} ${width}×${height}`;
        // Each size starts afresh: no level in progress, no view chosen.
        await page.evaluate(() => localStorage.clear());
        await openFirstLevel(page, server.url, `/${slug}/`);
        if (width === 1100) await check(`${slug} pack page`);
        // The story screens before the first level, then the level being played.
        const story = page.locator("gridponder-player .gp-dialog[data-kind=story]");
        if (await story.isVisible()) {
          storyIn.push(at);
          await check(`${at} story`);
        }
        for (let i = 0; i < 8 && (await story.isVisible()); i++) await story.locator("button").last().click();
        await check(`${at} playing`);
        // Won: the gold path played through the player's API.
        const won = await page.evaluate(async () => {
          const player = (document.querySelector("gridponder-player") as never as { player: TestPlayer })
            .player;
          const cardinal = new Set(["up", "down", "left", "right"]);
          for (const step of player.pack.levels[player.level]?.solution.goldPath ?? [])
            await player.act(
              typeof step !== "string"
                ? step
                : cardinal.has(step)
                  ? { action: "move", direction: step }
                  : { action: step },
            );
          return player.session.won;
          interface TestPlayer {
            level: string;
            pack: { levels: Record<string, { solution: { goldPath: unknown[] } } | undefined> };
            session: { won: boolean };
            act(a: unknown): Promise<boolean>;
          }
        });
        expect(won, at).toBe(true);
        await page.waitForSelector("gridponder-player .gp-dialog[data-kind=won]", { state: "visible" });
        await check(`${at} won`);
        // Lost: on the pack's first level that can be lost, a lost position found by a fixed walk that
        // takes any move that loses at once.
        const lost = await page.evaluate(async () => {
          const player = (document.querySelector("gridponder-player") as never as { player: WalkPlayer })
            .player;
          const id = player.pack.levelOrder.find(
            (l) => (player.pack.levels[l]?.loseConditions ?? []).length > 0,
          );
          if (!id) return null;
          player.setLevel(id);
          for (let attempt = 0; attempt < 4 && !player.session.lost; attempt++) {
            await player.reset();
            for (let i = 0; i < 300 && !player.session.lost && !player.session.won; i++) {
              const legal = player.session.legalActions();
              if (legal.length === 0) break;
              const losing = legal.find((a) => player.session.preview(a).lost);
              await player.act(losing ?? legal[(i * 7919 + attempt * 31) % legal.length]);
            }
          }
          return player.session.lost ? id : null;
          interface WalkPlayer {
            pack: {
              levelOrder: string[];
              levels: Record<string, { loseConditions?: unknown[] } | undefined>;
            };
            session: {
              lost: boolean;
              won: boolean;
              legalActions(): unknown[];
              preview(a: unknown): { lost: boolean };
            };
            setLevel(id: string): void;
            reset(): Promise<boolean>;
            act(a: unknown): Promise<boolean>;
          }
        });
        if (lost) {
          lostIn.push(at);
          await page.waitForSelector("gridponder-player .gp-dialog[data-kind=lost]", { state: "visible" });
          await check(`${at} lost`);
        }
      }
      errors.assertNone(slug);
    }
    await page.close();
    expect(found).toEqual([]);
    // The walk reaches a lost position in most packs that have one; each state was checked at both sizes.
    expect(lostIn.length).toBeGreaterThanOrEqual(12);
    expect(storyIn.length).toBeGreaterThanOrEqual(10);
  });

  it("draws every pack's first level in both views on a desktop and a phone, saving a screenshot of each", async () => {
    await mkdir(VIEW_SHOTS, { recursive: true });
    const packs = await packSlugs();
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const saved: string[] = [];
    for (const slug of packs)
      for (const [width, height] of [
        [1100, 850],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        const level = await openFirstLevel(page, server.url, `/${slug}/`);
        // Let the page finish loading (its player fetches parts on demand) before reloading it.
        await page.waitForLoadState("networkidle");
        const boards: Pixels[] = [];
        for (const view of ["isometric", "top-down"] as const) {
          // The catalog remembers the view for the whole catalog: choose it as a player would have.
          await page.evaluate((v) => {
            localStorage.clear();
            localStorage.setItem("gridponder:view:/", v);
          }, view);
          await page.reload();
          await page.waitForSelector("gridponder-player .gp-board canvas", { state: "attached" });
          const story = page.locator("gridponder-player .gp-dialog[data-kind=story]");
          for (let i = 0; i < 8 && (await story.isVisible()); i++)
            await story.locator("button").last().click();
          const shown = await page.evaluate(
            () =>
              (document.querySelector("gridponder-player") as never as { player: { view: string } }).player
                .view,
          );
          expect(shown, `${slug} ${width}`).toBe(view);
          await page.waitForLoadState("networkidle");
          const name = `${slug}-${width}x${height}-${view}.png`;
          await page.screenshot({ path: join(VIEW_SHOTS, name) });
          saved.push(name);
          boards.push(decodePng(await page.locator("gridponder-player .gp-board canvas").screenshot()));
        }
        // The board is drawn (many colours, not a blank canvas) and the two views draw it differently.
        const [iso, top] = boards;
        if (!iso || !top) throw new Error("no boards");
        for (const board of boards) expect(colourCount(board), `${level} ${width}`).toBeGreaterThan(20);
        expect(shareDiffering(iso, top), `${level} ${width}`).toBeGreaterThan(0.05);
      }
    errors.assertNone("views");
    await page.close();
    expect(saved).toHaveLength(packs.length * 4);
  }, 600_000);

  it("loads the home page in at most 600 KB at 1280 px: raster covers as WebP at the width shown", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const loaded: { url: string; bytes: number; type: string }[] = [];
    const bodies: Promise<unknown>[] = [];
    page.on("response", (r) =>
      bodies.push(
        r
          .body()
          .then((b) =>
            loaded.push({ url: r.url(), bytes: b.length, type: r.headers()["content-type"] ?? "" }),
          )
          .catch(() => undefined),
      ),
    );
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    await Promise.all(bodies);
    const total = loaded.reduce((n, f) => n + f.bytes, 0);
    const pictures = await page.locator(".card picture source[type='image/webp']").count();
    // The corpus packs with PNG covers (seven of them) are shown through WebP sources, narrowest fit.
    expect(pictures).toBeGreaterThanOrEqual(7);
    const covers = loaded.filter((f) => /\/cover\.[0-9a-f]+\.\d+\.webp$/.test(f.url));
    expect(covers.length).toBe(pictures);
    for (const c of covers) expect(c.url).toMatch(/\.320\.webp$/);
    expect(loaded.filter((f) => /\.png$/.test(f.url))).toEqual([]);
    expect(total, loaded.map((f) => `${f.bytes} ${f.url}`).join("\n")).toBeLessThanOrEqual(600_000);
    await page.close();
  });
});
