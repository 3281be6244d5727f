/**
 * Games brought from other formats: the state-driven GDL's chess and checkers and B.A.G.E.L.'s
 * tic-tac-toe, checkers and Eights, imported (as `gridponder import` does) into a folder of packs that
 * the catalog builds. Each is listed with the board and card games and has a play page; in headless
 * chromium a game of each source format is played, and the imported card game deals. Screenshots go
 * to test-results/.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectErrors, type Page } from "@gridponder/browser-harness";
import { FORMATS } from "@gridponder/import";
import { writePackFolder } from "@gridponder/import/node";
import type { GridponderMatchElement } from "@gridponder/player/match";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedSite, type SharedSite, serveBuiltSite, sharedSite } from "./site-helpers.ts";

const FIXTURES = join(import.meta.dirname, "../../import/fixtures");
const SHOTS = join(import.meta.dirname, "../test-results");

/** Each imported game: its source, the folder it is written to and the title its manifest gets. */
const SOURCES = [
  { format: "sdgdl", file: "chess.json", slug: "sdgdl-chess", title: "Chess" },
  { format: "sdgdl", file: "checkers.json", slug: "sdgdl-checkers", title: "Checkers" },
  { format: "bagel", file: "tic-tac-toe.json", slug: "bagel-tic-tac-toe", title: "Tic tac toe" },
  { format: "bagel", file: "checkers.json", slug: "bagel-checkers", title: "Checkers" },
  { format: "bagel", file: "eights.json", slug: "bagel-eights", title: "Eights" },
] as const;

async function importedPacks(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-imported-"));
  for (const s of SOURCES) {
    const text = await readFile(join(FIXTURES, s.format, s.file), "utf8");
    const result = FORMATS[s.format]?.run(s.file, text);
    if (!result?.ok) throw new Error(`${s.file} does not import: ${JSON.stringify(result?.diagnostics)}`);
    await writePackFolder(join(dir, s.slug), result.files);
  }
  return dir;
}

let shared: SharedSite;
const read = (page: string) => readFile(join(shared.out, page), "utf8");

beforeAll(async () => {
  shared = await sharedSite("imported-games", importedPacks);
}, 300_000);

describe("a catalog built from imported games", { timeout: 300_000 }, () => {
  it("lists every imported game with the board and card games, each with a play page", async () => {
    expect(shared.built.summary.matches).toBe(SOURCES.length);
    expect(shared.built.summary.warnings).toEqual([]);
    const home = await read("index.html");
    const section = home.slice(home.indexOf('<section class="games"'));
    expect(section.match(/data-game-card/g)?.length).toBe(SOURCES.length);
    for (const s of SOURCES) {
      // The game's id is its title prefixed with its source language: it never takes one of ours.
      expect(section).toContain(`href="/${s.slug}/"`);
      expect(await read(`${s.slug}/index.html`)).toContain(`<h1>${s.title}</h1>`);
      expect(await read(`${s.slug}/play/index.html`)).toContain("<gridponder-match src=");
    }
  });
});

describe("imported games in a browser", { timeout: 300_000 }, () => {
  let site: ServedSite;

  beforeAll(async () => {
    site = await serveBuiltSite(shared.out);
  }, 300_000);

  afterAll(async () => {
    await site?.close();
  });

  async function open(path: string): Promise<{ page: Page; errors: ReturnType<typeof collectErrors> }> {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.server.url}${path}`);
    await page.waitForFunction(() => {
      const el = document.querySelector("gridponder-match") as GridponderMatchElement | null;
      return el?.match !== null && el?.match !== undefined;
    });
    await idle(page);
    return { page, errors };
  }
  const idle = (page: Page) =>
    page.evaluate(() => (document.querySelector("gridponder-match") as GridponderMatchElement).match?.idle());
  const act = (page: Page, key: string) =>
    page.evaluate(
      (k) => (document.querySelector("gridponder-match") as GridponderMatchElement).match?.act(k),
      key,
    );
  const log = (page: Page) =>
    page.evaluate(
      () => (document.querySelector("gridponder-match") as GridponderMatchElement).match?.session.log,
    );
  const status = async (page: Page) =>
    ((await page.locator("gridponder-match .gpm-status").textContent()) ?? "").trim();

  it("plays the state-driven GDL's chess: a pawn's double step, the bot's answer, White to move", async () => {
    const { page, errors } = await open("/sdgdl-chess/play/");
    await page.selectOption('gridponder-match select[data-seat="1"]', "random");
    expect(await act(page, "pawn-double-move@e2>e4")).toBe(true);
    await idle(page);
    const moves = (await log(page)) ?? [];
    expect(moves[0]).toBe("pawn-double-move@e2>e4");
    expect(moves.length).toBe(2);
    expect(await status(page)).toBe("White to move.");
    // A move the source does not allow (a rook through its own pawn) is refused.
    expect(await act(page, "rook-move@a1>a3")).toBe(false);
    await page.screenshot({ path: join(SHOTS, "import-sdgdl-chess.png") });
    errors.assertNone("the imported chess page");
    await page.close();
  });

  it("plays B.A.G.E.L.'s tic-tac-toe: a mark in the centre, the bot's answer, then a taken cell refused", async () => {
    const { page, errors } = await open("/bagel-tic-tac-toe/play/");
    await page.selectOption('gridponder-match select[data-seat="1"]', "random");
    expect(await act(page, "markCell>b2")).toBe(true);
    await idle(page);
    const moves = (await log(page)) ?? [];
    expect(moves[0]).toBe("markCell>b2");
    expect(moves.length).toBe(2);
    expect(moves[1]).toMatch(/^markCell>[abc][123]$/);
    expect(await act(page, "markCell>b2")).toBe(false);
    expect(await status(page)).toBe("Player 1 to move.");
    await page.screenshot({ path: join(SHOTS, "import-bagel-tic-tac-toe.png") });
    errors.assertNone("the imported tic-tac-toe page");
    await page.close();
  });

  it("deals B.A.G.E.L.'s Eights: each seat holds cards, the person's face up", async () => {
    const { page, errors } = await open("/bagel-eights/play/");
    await expect.poll(() => page.locator("gridponder-match .gpm-card").count()).toBeGreaterThan(5);
    await page.screenshot({ path: join(SHOTS, "import-bagel-eights.png") });
    errors.assertNone("the imported Eights page");
    await page.close();
  });
});
