import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileGame, type MatchGame, MatchSession, randomBot } from "@gridponder/match";
import { describe, expect, it } from "vitest";
import {
  decodeMatch,
  encodeMatch,
  MAX_SHARED_MOVES,
  matchCodeFromHash,
  matchHash,
  readMatchCode,
  type SharedMatch,
} from "../src/client/match-share-code.ts";
import { OWN_PACKS } from "./build-helpers.ts";

/** A game of `pack` played by random bots for at most `plies` moves: its log, as the player keeps it. */
function randomGame(pack: string, seats: number, seed: number, plies: number): string[] {
  const game = JSON.parse(readFileSync(join(OWN_PACKS, pack, "game.json"), "utf8")) as MatchGame;
  const compiled = compileGame(game, seats, game.setup);
  if (!compiled.ok) throw new Error(`${pack} does not compile`);
  const session = new MatchSession(compiled.game, compiled.setup, { seed });
  const bot = randomBot({ seed });
  for (let i = 0; i < plies && !session.outcome; i++) session.playMove(bot.choose(session.position));
  return session.log;
}

describe("match share codes", () => {
  it("carry seat count, seed, seats and the move log there and back, for every game of packs/", () => {
    const games: [string, number][] = [
      ["tic-tac-toe", 2],
      ["checkers", 2],
      ["chess", 2],
      ["eights", 4],
    ];
    for (const [pack, seats] of games) {
      const log = randomGame(pack, seats, 7, 120);
      expect(log.length, pack).toBeGreaterThan(4);
      const match: SharedMatch = {
        seatCount: seats,
        seed: 7,
        seats: ["human", ...Array.from({ length: seats - 1 }, () => "mcts" as const)],
        log,
      };
      const code = encodeMatch(match);
      expect(code, pack).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeMatch(code), pack).toEqual(match);
    }
  });

  it("is short: a move name is written once, each move as its index and squares", () => {
    const log = randomGame("chess", 2, 3, 80);
    const code = encodeMatch({ seatCount: 2, seed: 3, seats: ["human", "alpha-beta"], log });
    // A move such as `push@e2>e4` takes about 7 characters of text, 4/3 of that in base64.
    expect(code.length).toBeLessThan(Math.ceil((log.join(" ").length * 4) / 3));
    expect(code.length).toBeLessThan(log.length * 12);
  });

  it("keeps chained moves, choices and negative or large seeds", () => {
    const match: SharedMatch = {
      seatCount: 3,
      seed: -2_147_483_648,
      seats: ["random", "human", "mcts"],
      log: ["jump@c3>e5;jump>g7;jump>e9", "promote@a7>a8=queen", "play-eight#20=clubs", "draw", "pass"],
    };
    expect(decodeMatch(encodeMatch(match))).toEqual(match);
    const big = { ...match, seed: Number.MAX_SAFE_INTEGER };
    expect(decodeMatch(encodeMatch(big))).toEqual(big);
  });

  it("encodes a game with no moves yet", () => {
    const match: SharedMatch = { seatCount: 2, seed: 1, seats: ["human", "human"], log: [] };
    expect(decodeMatch(encodeMatch(match))).toEqual(match);
  });

  it("refuses to encode what is not an action key", () => {
    expect(() =>
      encodeMatch({ seatCount: 2, seed: 1, seats: ["human", "human"], log: ["mark>b2 x"] }),
    ).toThrow(/not an action key/);
  });

  it("never throws on garbage, and refuses it", () => {
    const text = (s: string) => Buffer.from(s, "latin1").toString("base64url");
    const garbage = [
      "",
      "A",
      "%%%",
      "AQ=",
      text("2~2~1~hh~~"), // unknown format
      text("1~2~1~hh~"), // a field missing
      text("1~0~1~~~"), // no seats
      text("1~9~1~hhhhhhhhh~~"), // more seats than a game has
      text("1~2~1.5~hh~~"), // a seed that is not an integer
      text("1~2~99999999999999999~hh~~"), // a seed beyond the safe integers
      text("1~2~1~hx~~"), // a seat nobody plays
      text("1~2~1~h~~"), // fewer seats than the count
      text("1~2~1~hh~mark~1>b2"), // a move name beyond the list
      text("1~2~1~hh~mark~0>b2>c3"), // not a key's shape
      text("1~2~1~hh~ma rk~0"), // a name that cannot be a move's
      text("1~2~1~hh~mark~0>b2\u0000"), // a control character
      `${text("1~2~1~hh~mark~0")}\u00e9`, // not base64url
    ];
    for (const code of garbage) {
      expect(() => readMatchCode(code)).not.toThrow();
      expect(readMatchCode(code), JSON.stringify(code)).toEqual({ error: "unreadable" });
    }
  });

  it("refuses a link of more moves than any link may hold, and says so", () => {
    const log = Array.from({ length: MAX_SHARED_MOVES + 1 }, (_, i) => (i % 2 === 0 ? "draw" : "pass"));
    const code = encodeMatch({ seatCount: 2, seed: 1, seats: ["random", "random"], log });
    expect(readMatchCode(code)).toEqual({ error: "too-many" });
    const most = encodeMatch({ seatCount: 2, seed: 1, seats: ["random", "random"], log: log.slice(1) });
    expect(decodeMatch(most)?.log.length).toBe(MAX_SHARED_MOVES);
  });

  it("reads `#m=` from a hash among other parameters, and tells a missing link from a broken one", () => {
    const code = encodeMatch({ seatCount: 2, seed: 5, seats: ["human", "random"], log: ["mark>b2"] });
    expect(matchHash(code)).toBe(`#m=${code}`);
    expect(matchCodeFromHash(matchHash(code))).toBe(code);
    expect(matchCodeFromHash(`#x=1&m=${code}`)).toBe(code);
    expect(matchCodeFromHash("")).toBeNull();
    expect(matchCodeFromHash("#a=AQID")).toBeNull();
    expect(matchCodeFromHash("#m=not a code!")).toBe("");
    expect(readMatchCode("")).toEqual({ error: "unreadable" });
  });
});
