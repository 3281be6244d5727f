// The B.A.G.E.L. importer on our own B.A.G.E.L. games (fixtures/bagel): each imports into a match pack
// that validates, and plays as the source game does (tic-tac-toe's game count, checkers' perft against
// packs/checkers, Eights replayed from a seed).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  compileGame,
  countGames,
  type MatchGame,
  MatchRuntime,
  MatchSession,
  perft,
  randomBot,
} from "@gridponder/match";
import { describe, expect, test } from "vitest";
import { importBagel } from "../src/bagel/index.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/bagel");
const PACKS = join(import.meta.dirname, "../../../packs");

function imported(name: string): MatchGame {
  const r = importBagel(`${name}.json`, readFileSync(join(FIXTURES, `${name}.json`), "utf8"));
  if (!r.ok) throw new Error(`${name} did not import: ${JSON.stringify(r.diagnostics, null, 1)}`);
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(Object.keys(r.files).sort()).toEqual([
    "game.json",
    "import-report.md",
    "manifest.json",
    "theme.json",
  ]);
  return r.game;
}

function runtime(game: MatchGame, seats = game.seats.min, seed = 1): MatchRuntime {
  const c = compileGame(game, seats, game.setup);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return MatchRuntime.start(c.game, c.setup, seed);
}

test("tic-tac-toe imports and has exactly 255,168 games", () => {
  const game = imported("tic-tac-toe");
  expect(countGames(runtime(game))).toEqual({ games: 255168, wins: [131184, 77904], draws: 46080 });
});

test("checkers imports and its perft to depth 5 equals packs/checkers' (forced capture)", () => {
  const ours = JSON.parse(readFileSync(join(PACKS, "checkers/game.json"), "utf8")) as MatchGame;
  const theirs = runtime(imported("checkers"));
  const reference = runtime(ours);
  const counts = [1, 2, 3, 4, 5].map((d) => perft(theirs, d));
  expect(counts).toEqual([1, 2, 3, 4, 5].map((d) => perft(reference, d)));
  expect(counts).toEqual([7, 49, 302, 1469, 7361]);
});

test("checkers: a multi-jump is one move and a man that reaches the far row is crowned at the turn's end", () => {
  const game = imported("checkers");
  const jump = game.moves.find((m) => m.id === "mustCapture-capture");
  expect(jump?.chain?.with).toEqual(["continueCapture-capture"]);
  expect(game.moves.find((m) => m.id === "plainMove-step")?.priority).toBe(1);
  expect(game.moves.find((m) => m.id === "mustCapture-capture")?.priority).toBe(2);
  expect(game.moves.find((m) => m.id === "plainMove-pass")?.priority).toBeUndefined();
  expect(JSON.stringify(game.phases?.play?.end)).toContain('"setAttr"');
});

describe("Eights", () => {
  function playSeeded(game: MatchGame, seats: number, seed: number, limit: number) {
    const c = compileGame(game, seats, game.setup);
    if (!c.ok) throw new Error(JSON.stringify(c.errors));
    const s = new MatchSession(c.game, c.setup, { seed });
    const bot = randomBot({ seed });
    const states: string[] = [];
    while (!s.outcome && s.log.length < limit && s.legalMoves().length > 0) {
      expect(s.playMove(bot.choose(s.position)).accepted).toBe(true);
      states.push(JSON.stringify(s.observe(null)));
    }
    return { s, states, c };
  }
  test("deals six cards to each hand and one face up; hands are hidden from the others, the deck from all", () => {
    const game = imported("eights");
    const s = new MatchSession(
      ...(() => {
        const c = compileGame(game, 3, game.setup);
        if (!c.ok) throw new Error("no");
        return [c.game, c.setup] as const;
      })(),
      { seed: 5 },
    );
    const o = s.observe(0);
    expect(o.zones.filter((z) => z.id === "hand").map((z) => z.count)).toEqual([6, 6, 6]);
    expect(o.zones.find((z) => z.id === "pile")?.count).toBe(1);
    expect(o.zones.find((z) => z.id === "deck")?.count).toBe(52 - 18 - 1);
    expect(game.zones?.find((z) => z.id === "hand")?.visibility).toBe("owner");
    expect(game.zones?.find((z) => z.id === "deck")?.visibility).toBe("hidden");
  });
  test("a seeded game is the same on replay: the same moves and the same states", () => {
    const game = imported("eights");
    for (const [seats, seed] of [
      [2, 7],
      [3, 11],
    ] as const) {
      const a = playSeeded(game, seats, seed, 600);
      const b = playSeeded(game, seats, seed, 600);
      expect(a.s.log.length).toBeGreaterThan(20);
      expect(b.s.log).toEqual(a.s.log);
      expect(b.states).toEqual(a.states);
      const replay = new MatchSession(a.c.game, a.c.setup, { seed });
      expect(replay.replay(a.s.log)).toBe(a.s.log.length);
      expect(replay.observe(null)).toEqual(a.s.observe(null));
    }
  });
  test("the theme shows cards by rank and suit, with suit symbols", () => {
    const r = importBagel("eights.json", readFileSync(join(FIXTURES, "eights.json"), "utf8"));
    if (!r.ok) throw new Error("no");
    const theme = JSON.parse(r.files["theme.json"] as string);
    expect(theme.pieces.card).toMatchObject({ shape: "card", text: "{rank}{suit}" });
    expect(theme.labels.card_suit.hearts.symbol).toBe("♥");
    expect(r.report.readings.map((x) => x.topic)).toContain("RotateFirst");
  });
});
