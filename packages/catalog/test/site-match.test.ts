/**
 * Board and card games in a built catalog: the site of packs/ (its puzzle packs and its four match
 * packs) plus a copy of tic-tac-toe whose text is markup and which has a start position of its own. The
 * home page lists the games in their own section, each game has a page and a play page per position,
 * every such page keeps the catalog's Content-Security-Policy and JavaScript budgets, and in headless
 * chromium a play page plays, shares the game as a link (`#m=`) that a fresh page opens at the same
 * position, says when it cannot read a link, and works offline. Screenshots go to test-results/.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectErrors, type HarnessBrowser, type Page, type Server } from "@gridponder/browser-harness";
import { axeViolations, installAxe } from "@gridponder/browser-harness/axe";
import type { GridponderMatchElement } from "@gridponder/player/match";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeMatch, matchHash } from "../src/client/match-share-code.ts";
import { editJson } from "./build-helpers.ts";
import {
  htmlPages,
  markupOnly,
  OWN_PACKS,
  pageScriptGzip,
  type ServedSite,
  type SharedSite,
  scriptSources,
  scriptTags,
  serveBuiltSite,
  sharedSite,
  tagsOf,
  XSS_TITLE,
} from "./site-helpers.ts";

const SHOTS = join(import.meta.dirname, "../test-results");
const GAMES = ["checkers", "chess", "eights", "tic-tac-toe"];
/** The copy of tic-tac-toe whose title, description, tags and level are markup. */
const HOSTILE = { slug: "hostile-game", level: "corner", description: `"><img src=x onerror=alert(3)> & co` };

/** packs/ as it is, and a hostile copy of tic-tac-toe with a start position (a cross in a corner). */
async function gamePacks(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-game-packs-"));
  await cp(OWN_PACKS, dir, { recursive: true });
  const hostile = join(dir, HOSTILE.slug);
  await cp(join(OWN_PACKS, "tic-tac-toe"), hostile, { recursive: true });
  await editJson(join(hostile, "manifest.json"), (m) => {
    m.gameId = HOSTILE.slug;
    m.title = XSS_TITLE;
    m.description = HOSTILE.description;
    m.tags = ["<b>bold</b>"];
    m.levels = [HOSTILE.level];
  });
  await mkdir(join(hostile, "levels"));
  await writeFile(
    join(hostile, "levels", `${HOSTILE.level}.json`),
    JSON.stringify({
      title: XSS_TITLE,
      description: HOSTILE.description,
      setup: { board: ["...", "...", "x.."], legend: { x: { type: "mark", owner: 0 } } },
    }),
  );
  return dir;
}

let shared: SharedSite;
let out: string;
const read = (page: string) => readFile(join(out, page), "utf8");

beforeAll(async () => {
  shared = await sharedSite("game-packs", gamePacks);
  out = shared.out;
  await mkdir(SHOTS, { recursive: true });
}, 300_000);

describe("the built catalog's games", { timeout: 300_000 }, () => {
  it("publishes a page per game, a play page per position and a content-hashed match pack each", async () => {
    const { summary } = shared.built;
    expect(summary.packs).toBe(8);
    expect(summary.matches).toBe(5);
    expect(summary.warnings).toEqual([]);
    expect(summary.matchPages.map((p) => p.path).sort()).toEqual(
      [
        ...GAMES.map((g) => `${g}/play/`),
        `${HOSTILE.slug}/play/`,
        `${HOSTILE.slug}/${HOSTILE.level}/`,
      ].sort(),
    );
    const pages = await htmlPages(out);
    for (const game of [...GAMES, HOSTILE.slug]) {
      expect(pages).toContain(`${game}/index.html`);
      expect(pages).toContain(`${game}/play/index.html`);
      const html = await read(`${game}/play/index.html`);
      const src = /<gridponder-match src="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(src).toMatch(new RegExp(`^/_packs/${game}/match\\.[0-9a-f]{12}\\.json$`));
      const file = JSON.parse(await readFile(join(out, src), "utf8"));
      expect(file.format).toBe("gridponder-match-pack@1");
      expect(file.manifest.format).toBe("match");
    }
    expect(await read(`${HOSTILE.slug}/${HOSTILE.level}/index.html`)).toContain(
      `<gridponder-match src="/_packs/${HOSTILE.slug}/match.`,
    );
    expect(await read(`${HOSTILE.slug}/${HOSTILE.level}/index.html`)).toMatch(
      new RegExp(`<gridponder-match src="[^"]+" level="${HOSTILE.level}">`),
    );
  });

  it("lists the games on the home page in their own section, beside the puzzle packs", async () => {
    const home = await read("index.html");
    expect(home).toContain(
      "8 packs and 76 levels, and 5 board and card games, all playable in your browser.",
    );
    expect(home.match(/data-pack-card/g)?.length).toBe(8);
    const section = home.slice(home.indexOf('<section class="games"'));
    expect(section).toContain('<h2 id="games-heading">Board and card games</h2>');
    expect(section.match(/data-game-card/g)?.length).toBe(5);
    for (const game of GAMES) expect(section).toContain(`href="/${game}/"`);
    // Each card shows the start position, drawn at build time.
    expect(section.match(/<div class="cover board" aria-hidden="true"><svg /g)?.length).toBe(5);
    expect(section).toContain("2 to 5 seats");
    expect(section).toContain("Hidden cards");
  });

  it("tells on a game's page what it is, who plays it and where to start", async () => {
    const chess = await read("chess/index.html");
    expect(chess).toContain("<h1>Chess</h1>");
    expect(chess).toContain('href="/chess/play/" data-play>');
    expect(chess).toContain("Random, alpha-beta and MCTS bots");
    expect(chess).toMatch(/<span class="seat-number">1\.<\/span> White/);
    const eights = await read("eights/index.html");
    expect(eights).toContain("Random and MCTS bots");
    expect(eights).toContain("Hidden: each seat sees its own cards");
    const hostile = await read(`${HOSTILE.slug}/index.html`);
    expect(hostile).toContain("2 positions");
    expect(hostile).toContain(`href="/${HOSTILE.slug}/${HOSTILE.level}/"`);
  });

  it("shows a game's text as text on every page that names it, never as markup", async () => {
    const pages = ["index.html", ...(await htmlPages(out)).filter((p) => p.startsWith(`${HOSTILE.slug}/`))];
    expect(pages.length).toBe(4);
    for (const page of pages) {
      const html = await read(page);
      expect(markupOnly(html), page).not.toContain(XSS_TITLE);
      expect(markupOnly(html), page).not.toContain("<b>bold</b>");
      expect(
        tagsOf(html).filter((t) => /^<img\s+src=x/i.test(t) || /onerror/i.test(t) || /^<b>/.test(t)),
        page,
      ).toEqual([]);
      expect(html, page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });

  it("keeps the catalog's Content-Security-Policy on every game page: our scripts only, nothing inline", async () => {
    const pages = (await htmlPages(out)).filter((p) =>
      [...GAMES, HOSTILE.slug].some((g) => p.startsWith(`${g}/`)),
    );
    expect(pages.length).toBe(11);
    for (const page of pages) {
      const html = await read(page);
      const head = html.slice(0, html.indexOf("</head>"));
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(head)?.[1] ?? "";
      expect(policy, page).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(policy, page).toMatch(/(^|; )style-src 'self'(;|$)/);
      expect(policy, page).not.toContain("unsafe");
      // Only the charset may come before the policy; every script and stylesheet comes after it.
      expect(head.indexOf("Content-Security-Policy"), page).toBeLessThan(
        Math.min(
          ...["<script", "<link", "<style"].map((t) => (head.includes(t) ? head.indexOf(t) : Infinity)),
        ),
      );
      for (const script of scriptTags(html)) {
        expect(script.hasSrc, page).toBe(true);
        expect(script.body.trim(), page).toBe("");
      }
      for (const src of scriptSources(html)) expect(existsSync(join(out, src)), `${page}: ${src}`).toBe(true);
      for (const tag of tagsOf(html)) {
        expect(tag, page).not.toMatch(/^<style[\s>]/i);
        expect(tag, page).not.toMatch(/\sstyle=/i);
        expect(tag, page).not.toMatch(/\son[a-z]+=/i);
      }
    }
  });

  it("keeps game pages within the JavaScript budgets of pack and level pages (30 and 205 KiB gzip)", async () => {
    const game = await pageScriptGzip(out, await read("chess/index.html"));
    const play = await pageScriptGzip(out, await read("chess/play/index.html"));
    const cards = await pageScriptGzip(out, await read("eights/play/index.html"));
    const level = await pageScriptGzip(
      out,
      await read("dev-gridponder-lantern-cellar/lc01-bottom-step/index.html"),
    );
    console.log(
      `page JS (gzip): game page ${game} B, play page ${play} B (Eights ${cards} B), puzzle level page ${level} B`,
    );
    expect(game).toBeLessThanOrEqual(30 * 1024);
    expect(play).toBeLessThanOrEqual(205 * 1024);
    expect(cards).toBe(play);
  });

  it("precaches the game pages and match packs for offline play, like puzzle pages and packs", async () => {
    const sw = await read("sw.js");
    const list = new Set([...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]));
    for (const game of GAMES) {
      expect(list.has(`${game}/index.html`), game).toBe(true);
      expect(list.has(`${game}/play/index.html`), game).toBe(true);
      const src = /<gridponder-match src="\/([^"]+)"/.exec(await read(`${game}/play/index.html`))?.[1];
      expect(list.has(src ?? ""), `${game}: ${src}`).toBe(true);
    }
    const written = JSON.parse(await read(".gridponder-site.json")).files.map((f: [string, string]) => f[0]);
    expect(written).toContain("chess/play/index.html");
    expect(written.some((f: string) => /^_packs\/chess\/match\.[0-9a-f]{12}\.json$/.test(f))).toBe(true);
  });
});

describe("a game's play page in a browser", { timeout: 300_000 }, () => {
  let site: ServedSite;
  let server: Server;
  let browser: HarnessBrowser;
  const dialogs: string[] = [];

  beforeAll(async () => {
    site = await serveBuiltSite(out);
    ({ server, browser } = site);
  }, 300_000);

  afterAll(async () => {
    await site?.close();
  });

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

  /** Waits until the page's match has loaded and no bot is about to move. */
  async function ready(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const el = document.querySelector("gridponder-match") as GridponderMatchElement | null;
      return el?.match !== null && el?.match !== undefined;
    });
    await idle(page);
  }
  const idle = (page: Page) =>
    page.evaluate(() => (document.querySelector("gridponder-match") as GridponderMatchElement).match?.idle());
  const log = (page: Page) =>
    page.evaluate(
      () => (document.querySelector("gridponder-match") as GridponderMatchElement).match?.session.log,
    );
  const text = async (page: Page, selector: string) =>
    ((await page.locator(selector).textContent()) ?? "").trim();

  it("plays tic-tac-toe against the random bot, and keeps the seats line up", async () => {
    const { page, errors } = await open("/tic-tac-toe/play/");
    await ready(page);
    expect(await text(page, "[data-seats-line]")).toBe("Crosses: Person · Noughts: Alpha-beta bot");
    await page.selectOption('gridponder-match select[data-seat="1"]', "random");
    expect(await text(page, "[data-seats-line]")).toBe("Crosses: Person · Noughts: Random bot");
    const played = await page.evaluate(() =>
      (document.querySelector("gridponder-match") as GridponderMatchElement).match?.act("mark>b2"),
    );
    expect(played).toBe(true);
    await idle(page);
    const moves = (await log(page)) ?? [];
    expect(moves.length).toBe(2);
    expect(moves[0]).toBe("mark>b2");
    expect(moves[1]).toMatch(/^mark>[abc][123]$/);
    expect(await text(page, "gridponder-match .gpm-status")).toBe("Crosses to move.");
    await page.screenshot({ path: join(SHOTS, "match-play-tic-tac-toe.png") });
    errors.assertNone("the tic-tac-toe page");
    await page.close();
  });

  it("shares the game as a link that a fresh page opens at the same position, seats and seed", async () => {
    const { page, errors } = await open("/tic-tac-toe/play/");
    await ready(page);
    await page.selectOption('gridponder-match select[data-seat="1"]', "random");
    for (const move of ["mark>a1", "mark>c3"]) {
      await page.evaluate(
        (key) => (document.querySelector("gridponder-match") as GridponderMatchElement).match?.act(key),
        move,
      );
      await idle(page);
    }
    const moves = (await log(page)) ?? [];
    expect(moves.length).toBeGreaterThanOrEqual(3);
    await page.click("[data-share]");
    const url = (await page.locator("[data-share-url]").inputValue()) ?? "";
    expect(url).toMatch(new RegExp(`^${server.url}/tic-tac-toe/play/#m=[A-Za-z0-9_-]+$`));
    expect(await text(page, "[data-page-status]")).toMatch(
      /^(Link to|Copy the link to share) this game after \d moves/,
    );
    errors.assertNone("the page that shared");
    await page.close();

    const fresh = await open(url.slice(server.url.length));
    await ready(fresh.page);
    expect(await log(fresh.page)).toEqual(moves);
    expect(await text(fresh.page, "[data-share-notice]")).toBe(
      `Shared game: ${moves.length} moves replayed.`,
    );
    expect(await text(fresh.page, "[data-seats-line]")).toBe("Crosses: Person · Noughts: Random bot");
    expect(await fresh.page.locator('gridponder-match select[data-seat="1"]').inputValue()).toBe("random");
    fresh.errors.assertNone("the shared link's page");
    await fresh.page.close();
  });

  it("opens a shared position of a card game, seed and all", async () => {
    const match = { seatCount: 3, seed: 11, seats: ["mcts", "human", "random"] as const, log: [] };
    const { page, errors } = await open(
      `/eights/play/${matchHash(encodeMatch({ ...match, seats: [...match.seats] }))}`,
    );
    await ready(page);
    expect(await text(page, "[data-seats-line]")).toBe(
      "Seat 1: MCTS bot · Seat 2: Person · Seat 3: Random bot",
    );
    expect(await page.locator("gridponder-match select[data-seat-count]").inputValue()).toBe("3");
    expect(((await log(page)) ?? []).length).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, "match-play-eights.png") });
    errors.assertNone("the Eights page");
    await page.close();
  });

  it("says so when a link cannot be read, or names a game it cannot be, and starts the game", async () => {
    const threeSeats = encodeMatch({ seatCount: 3, seed: 1, seats: ["human", "human", "human"], log: [] });
    const alphaBeta = encodeMatch({ seatCount: 3, seed: 1, seats: ["human", "alpha-beta", "mcts"], log: [] });
    for (const [path, reason] of [
      ["/tic-tac-toe/play/#m=AAAAAAAAAAAA", "it is not a link this page wrote"],
      ["/tic-tac-toe/play/#m=%3Cscript%3E", "it is not a link this page wrote"],
      [`/tic-tac-toe/play/${matchHash(threeSeats)}`, "it is for 3 seats, and this game has 2"],
      [`/eights/play/${matchHash(alphaBeta)}`, "it names a bot this game does not offer"],
    ] as const) {
      const { page, errors } = await open(path);
      await ready(page);
      expect(await text(page, "[data-share-notice]"), path).toBe(
        `This share link could not be read: ${reason}. The game starts from the beginning.`,
      );
      expect(await page.locator("[data-share-notice]").isVisible()).toBe(true);
      expect(await text(page, "gridponder-match .gpm-status"), path).toMatch(/to move\.$/);
      if (path.startsWith("/tic-tac-toe")) expect(await log(page)).toEqual([]);
      errors.assertNone(path);
      await page.close();
    }
  });

  it("says where the replay of a link stopped when a move cannot be played here", async () => {
    const code = encodeMatch({
      seatCount: 2,
      seed: 1,
      seats: ["human", "human"],
      log: ["mark>b2", "mark>b2", "mark>a1"],
    });
    const { page, errors } = await open(`/tic-tac-toe/play/${matchHash(code)}`);
    await ready(page);
    expect(await log(page)).toEqual(["mark>b2"]);
    expect(await text(page, "[data-share-notice]")).toBe(
      "Shared game: 1 move replayed. The replay stopped at move 2 of 3, which cannot be played here.",
    );
    // A link to the same page opens there, without a reload.
    const next = encodeMatch({
      seatCount: 2,
      seed: 1,
      seats: ["human", "human"],
      log: ["mark>a1", "mark>c3"],
    });
    await page.evaluate((hash) => {
      location.hash = hash;
    }, matchHash(next));
    await page.waitForFunction(() =>
      (document.querySelector("[data-share-notice]")?.textContent ?? "").includes("2 moves replayed"),
    );
    await ready(page);
    expect(await log(page)).toEqual(["mark>a1", "mark>c3"]);
    errors.assertNone("the page of a half-playable link");
    await page.close();
  });

  it("plays a position of a pack's own, and escapes its text in the page and the player", async () => {
    const { page, errors } = await open(`/${HOSTILE.slug}/${HOSTILE.level}/`);
    await ready(page);
    expect(await text(page, ".play-head h1")).toBe(`${XSS_TITLE}: ${XSS_TITLE}`);
    expect(await text(page, "gridponder-match .gp-title")).toBe(`${XSS_TITLE}: ${XSS_TITLE}`);
    // The level's cross is on the board: noughts to move.
    expect(await text(page, "gridponder-match .gpm-status")).toMatch(/to move\.$/);
    expect(await page.evaluate(() => document.querySelectorAll("img[src=x], script:not([src])").length)).toBe(
      0,
    );
    expect(dialogs).toEqual([]);
    errors.assertNone("the hostile position's page");
    await page.close();
  });

  it("takes screenshots of the home page, a game page and a play page that look finished", async () => {
    for (const [path, name, fullPage] of [
      ["/", "match-home", true],
      ["/chess/", "match-game-chess", true],
      ["/eights/", "match-game-eights", true],
      ["/chess/play/", "match-play-chess", false],
    ] as const) {
      const { page, errors } = await open(path);
      if (path.endsWith("/play/")) await ready(page);
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
      errors.assertNone(path);
      await page.close();
    }
    expect(dialogs).toEqual([]);
  });

  it("has no WCAG A/AA violation (axe-core) on the home page, a game page and the play pages", async () => {
    const page = await browser.newPage();
    await installAxe(page);
    const errors = collectErrors(page);
    const found: string[] = [];
    for (const [width, height] of [
      [1100, 850],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const path of [
        "/",
        "/eights/",
        "/chess/play/",
        "/eights/play/",
        `/${HOSTILE.slug}/${HOSTILE.level}/`,
      ]) {
        await page.goto(`${server.url}${path}`);
        if (path.includes("/play/") || path.includes(HOSTILE.level)) await ready(page);
        for (const v of await axeViolations(page)) found.push(`${path} ${width}×${height}: ${v}`);
      }
    }
    expect(found).toEqual([]);
    errors.assertNone("the pages checked by axe");
    await page.close();
  });

  it("opens a game offline once the catalog has been visited", async () => {
    const { page } = await open("/");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await browser.context.setOffline(true);
    try {
      await page.goto(`${server.url}/chess/play/`);
      await ready(page);
      expect(await text(page, "gridponder-match .gpm-status")).toBe("White to move.");
    } finally {
      await browser.context.setOffline(false);
    }
    await page.close();
  });
});
