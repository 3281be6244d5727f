import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@gridponder/browser-harness";
import {
  actionOf,
  alphaBetaSearch,
  compileGame,
  type MatchGame,
  type MatchLevel,
  MatchSession,
} from "@gridponder/match";
import { describe, expect, it } from "vitest";
import type { MatchHandle } from "../src/match/index.js";
import { MATCH_PACK_FORMAT } from "../src/match/index.js";
import { RESULTS, usePlayerPage } from "./browser.js";

const PACKS = join(import.meta.dirname, "../../../packs");
const read = (pack: string, file: string): unknown => {
  try {
    return JSON.parse(readFileSync(join(PACKS, pack, file), "utf8"));
  } catch {
    return undefined;
  }
};

/** A match pack file as the catalog serves it, with extra start positions for the tests. */
function packFile(pack: string, levels: Record<string, MatchLevel> = {}): string {
  return JSON.stringify({
    format: MATCH_PACK_FORMAT,
    manifest: read(pack, "manifest.json"),
    game: read(pack, "game.json"),
    theme: read(pack, "theme.json"),
    levels,
  });
}

const CHECKERS_LEGEND = { b: { type: "man", owner: 0 }, w: { type: "man", owner: 1 } };
const CHESS_LEGEND = Object.fromEntries(
  ["pawn", "knight", "bishop", "rook", "queen", "king"].flatMap((type, i) => [
    ["PNBRQK"[i] as string, { type, owner: 0 }],
    ["pnbrqk"[i] as string, { type, owner: 1 }],
  ]),
);

/** Checkers whose chains may stop after any jump (`optional`), as games imported from the state-driven GDL chain. */
function optionalChains(file: string): string {
  const pack = JSON.parse(file) as { game: MatchGame };
  for (const move of pack.game.moves) if (move.chain) move.chain.optional = true;
  return JSON.stringify(pack);
}

const DOUBLE_JUMP: MatchLevel = {
  title: "A double jump",
  setup: {
    board: ["........", "......w.", "...w....", "........", ".w......", "b.......", ".......b", "........"],
    legend: CHECKERS_LEGEND,
  },
};

const p = usePlayerPage({
  packs: [],
  entry: join(import.meta.dirname, "page/match.ts"),
  files: {
    "/tic-tac-toe.json": packFile("tic-tac-toe"),
    "/checkers.json": packFile("checkers", { "double-jump": DOUBLE_JUMP }),
    "/checkers-optional.json": optionalChains(packFile("checkers", { "double-jump": DOUBLE_JUMP })),
    "/chess.json": packFile("chess", {
      promotion: {
        title: "Promotion",
        setup: {
          board: [
            "........",
            "P......k",
            "........",
            "........",
            "........",
            "........",
            "........",
            "K.......",
          ],
          legend: CHESS_LEGEND,
        },
      },
    }),
    "/eights.json": packFile("eights"),
  },
});

type MatchWindow = {
  gpMatch: {
    mount(a: Record<string, string>): Promise<boolean>;
    handle: MatchHandle | null;
    changes: unknown[];
  };
};

async function mount(page: Page, attributes: Record<string, string>): Promise<void> {
  const ok = await page.evaluate((a) => (window as never as MatchWindow).gpMatch.mount(a), attributes);
  expect(ok).toBe(true);
  await idle(page);
}
const idle = (page: Page) => page.evaluate(() => (window as never as MatchWindow).gpMatch.handle?.idle());
const log = (page: Page) =>
  page.evaluate(() => (window as never as MatchWindow).gpMatch.handle?.session.log ?? []);
const status = (page: Page) => page.locator("#match .gpm-status").textContent();
const shot = (page: Page, name: string) => page.screenshot({ path: join(RESULTS, `match-${name}.png`) });

/** The seat's hand in a node-side session replaying the page's game: what the page must not leak. */
function hands(seats: number, seed: number, moves: readonly string[]): string[][] {
  const game = read("eights", "game.json") as MatchGame;
  const c = compileGame(game, seats);
  if (!c.ok) throw new Error("eights does not compile");
  const s = new MatchSession(c.game, c.setup, { seed });
  s.replay(moves);
  return Array.from({ length: seats }, (_, seat) =>
    (s.observe(seat).zones.find((z) => z.id === "hand" && z.seat === seat)?.pieces ?? []).flatMap((card) =>
      "id" in card ? [`Card: ${Object.values(card.attributes).join(" ")}`] : [],
    ),
  );
}

/** Every accessible name and text in the player's shadow DOM. */
const domText = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector("#match")?.shadowRoot;
    const labels = [...(root?.querySelectorAll("[aria-label]") ?? [])].map((n) =>
      n.getAttribute("aria-label"),
    );
    return `${root?.innerHTML ?? ""}\n${labels.join("\n")}`;
  });

/** Moves the keyboard cursor to a square and presses Enter there. */
async function keyTo(page: Page, cell: string): Promise<void> {
  const cursor = async () => (await page.locator("#match .gpm").getAttribute("data-cursor")) ?? "";
  await page.focus("#match");
  if ((await cursor()) === "") await page.keyboard.press("ArrowRight");
  for (let guard = 0; guard < 40; guard++) {
    const at = await cursor();
    if (at === cell) break;
    const dx = cell.charCodeAt(0) - at.charCodeAt(0);
    const dy = Number(cell.slice(1)) - Number(at.slice(1));
    await page.keyboard.press(
      dx > 0 ? "ArrowRight" : dx < 0 ? "ArrowLeft" : dy > 0 ? "ArrowUp" : "ArrowDown",
    );
  }
  expect(await cursor()).toBe(cell);
  await page.keyboard.press("Enter");
}

async function clickCell(page: Page, cell: string): Promise<void> {
  const point = await page.evaluate(
    (c) => (window as never as MatchWindow).gpMatch.handle?.cellPoint(c),
    cell,
  );
  if (!point) throw new Error(`no point for ${cell}`);
  await page.mouse.click(point.x, point.y);
}

describe("the match player", () => {
  it("a person beats the random bot at tic-tac-toe with the keyboard alone", async () => {
    await mount(p.page, {
      src: "/tic-tac-toe.json",
      seats: "human,random",
      seed: "3",
      "bot-delay": "0",
      "reduced-motion": "",
    });
    // The keyboard cursor says where it is and what stands there.
    await p.page.focus("#match");
    await p.page.keyboard.press("ArrowUp");
    expect(await p.page.locator("#match .gp-live").textContent()).toBe("a2: empty");
    const game = read("tic-tac-toe", "game.json") as MatchGame;
    const c = compileGame(game, 2);
    if (!c.ok) throw new Error("tic-tac-toe does not compile");
    for (let turn = 0; turn < 5; turn++) {
      const played = await log(p.page);
      const mirror = new MatchSession(c.game, c.setup);
      mirror.replay(played);
      if (mirror.outcome) break;
      // The person plays perfectly: the move alpha-beta chooses.
      const best = alphaBetaSearch(mirror.position.clone(), { budget: 1_000_000 }).move;
      const to = actionOf(c.game, best).to as string;
      await keyTo(p.page, to);
      await idle(p.page);
    }
    await shot(p.page, "tic-tac-toe");
    expect(await status(p.page)).toBe("Three in a row: Crosses wins.");
    const live = await p.page.locator("#match .gp-live").textContent();
    expect(live).toContain("Crosses wins");
    p.errors.assertNone();
  });

  it("a checkers double jump is chosen landing by landing with the pointer", async () => {
    await mount(p.page, {
      src: "/checkers.json",
      level: "double-jump",
      seats: "human,human",
      "bot-delay": "0",
      "reduced-motion": "",
    });
    await clickCell(p.page, "a3");
    await clickCell(p.page, "c5");
    // One landing is not a move: nothing is played until the chain is complete.
    expect(await log(p.page)).toEqual([]);
    await clickCell(p.page, "e7");
    await idle(p.page);
    expect(await log(p.page)).toEqual(["jump@a3>c5;jump>e7"]);
    await shot(p.page, "checkers");
    expect(await status(p.page)).toBe("White to move.");
    p.errors.assertNone();
  });

  it("a chain that may stop: after the first landing the person ends the move with a button", async () => {
    await mount(p.page, {
      src: "/checkers-optional.json",
      level: "double-jump",
      seats: "human,human",
      "bot-delay": "0",
      "reduced-motion": "",
    });
    const finish = p.page.locator('#match [data-control="finish"]');
    expect(await finish.count()).toBe(0);
    await clickCell(p.page, "a3");
    await clickCell(p.page, "c5");
    expect(await log(p.page)).toEqual([]);
    // The piece could jump on to e7, or the move can end on c5.
    expect(await finish.textContent()).toBe("End the move here");
    await shot(p.page, "checkers-optional-chain");
    await finish.click();
    await idle(p.page);
    expect(await log(p.page)).toEqual(["jump@a3>c5"]);
    expect(await status(p.page)).toBe("White to move.");
    expect(await finish.count()).toBe(0);
    p.errors.assertNone();
  });

  it("chess: castling by pointer, and promotion asks which piece", async () => {
    await mount(p.page, { src: "/chess.json", seats: "human,human", "bot-delay": "0", "reduced-motion": "" });
    for (const move of [
      "double-push@e2>e4",
      "double-push@e7>e5",
      "knight@g1>f3",
      "knight@b8>c6",
      "bishop@f1>c4",
      "knight@g8>f6",
    ])
      expect(
        await p.page.evaluate((m) => (window as never as MatchWindow).gpMatch.handle?.act(m), move),
      ).toBe(true);
    await clickCell(p.page, "e1");
    await clickCell(p.page, "g1");
    await idle(p.page);
    expect((await log(p.page)).at(-1)).toBe("castle-kingside@e1>g1");
    await shot(p.page, "chess-castled");

    await mount(p.page, {
      src: "/chess.json",
      level: "promotion",
      seats: "human,human",
      "bot-delay": "0",
      "reduced-motion": "",
    });
    await clickCell(p.page, "a7");
    await clickCell(p.page, "a8");
    const dialog = p.page.locator("#match .gp-dialog[data-kind=choice]");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.locator("button").allTextContents()).toEqual([
      "queen",
      "rook",
      "bishop",
      "knight",
      "Cancel",
    ]);
    await shot(p.page, "chess-promotion");
    await dialog.locator("button[data-action=choice-knight]").click();
    await idle(p.page);
    expect(await log(p.page)).toEqual(["push@a7>a8=knight"]);
    const a8 = await p.page.evaluate(
      () =>
        (window as never as MatchWindow).gpMatch.handle?.session
          .observe(null)
          .board?.pieces.find((x) => x.at === "a8")?.type,
    );
    expect(a8).toBe("knight");
    p.errors.assertNone();
  });

  it("Eights in hot seat: a pass screen between people, and only the playing seat's cards in the page", async () => {
    await mount(p.page, {
      src: "/eights.json",
      seats: "human,human",
      seed: "12",
      "bot-delay": "0",
      "reduced-motion": "",
    });
    const start = hands(2, 12, []);
    const pass = p.page.locator("#match .gpm-pass");
    // The first seat too takes the device before any card shows.
    await pass.waitFor({ state: "visible" });
    let text = await domText(p.page);
    for (const card of [...(start[0] ?? []), ...(start[1] ?? [])]) expect(text).not.toContain(card);
    await pass.locator("button[data-control=pass-ready]").click();
    text = await domText(p.page);
    for (const card of start[0] ?? []) expect(text).toContain(card);
    for (const card of start[1] ?? []) expect(text).not.toContain(card);
    // Seat 1 plays a card or draws until the turn passes.
    for (let guard = 0; guard < 60; guard++) {
      const current = await p.page.evaluate(
        () => (window as never as MatchWindow).gpMatch.handle?.session.current,
      );
      if (current !== 0) break;
      const card = p.page.locator("#match button.gpm-card").first();
      if ((await card.count()) > 0) await card.click();
      else
        await p.page.locator("#match button[data-move=draw], #match button[data-move=pass]").first().click();
      const choice = p.page.locator("#match .gp-dialog[data-kind=choice] button").first();
      if (await choice.isVisible()) await choice.click();
      await idle(p.page);
    }
    await pass.waitFor({ state: "visible" });
    await shot(p.page, "eights-pass");
    const played = await log(p.page);
    const now = hands(2, 12, played);
    // Behind the pass screen the page holds neither hand.
    text = await domText(p.page);
    for (const card of [...(now[0] ?? []), ...(now[1] ?? [])]) expect(text).not.toContain(card);
    await pass.locator("button[data-control=pass-ready]").click();
    await idle(p.page);
    await shot(p.page, "eights-seat2");
    text = await domText(p.page);
    for (const card of now[1] ?? []) expect(text).toContain(card);
    for (const card of now[0] ?? []) expect(text).not.toContain(card);
    p.errors.assertNone();
  });
});
