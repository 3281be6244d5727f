import { describe, expect, test } from "vitest";
import { alphaBetaBot, alphaBetaSearch, type Bot, countGames, mctsBot, randomBot } from "../src/index.js";
import { runtimeOf, sessionOf } from "./packs.js";

test("tic-tac-toe has exactly 255,168 games: 131,184 won by crosses, 77,904 by noughts, 46,080 drawn", () => {
  expect(countGames(runtimeOf("tic-tac-toe"))).toEqual({
    games: 255168,
    wins: [131184, 77904],
    draws: 46080,
  });
});

test("alpha-beta finds the game's value from the start: a draw, seen to the end", () => {
  const result = alphaBetaSearch(runtimeOf("tic-tac-toe"), { budget: 10_000_000 });
  expect(result).toMatchObject({ value: 0, exact: true });
});

/** Plays one game between two bots (seat 0, seat 1) and returns each seat's result. */
function playGame(bots: [Bot, Bot]): string[] {
  const s = sessionOf("tic-tac-toe");
  while (!s.outcome) {
    const move = (bots[s.current] as Bot).choose(s.position);
    expect(s.playMove(move).accepted).toBe(true);
  }
  return [...s.outcome.results];
}

describe("bots at tic-tac-toe", () => {
  test("alpha-beta never loses to random play, on either seat, over 40 games", () => {
    const results: string[] = [];
    for (let game = 0; game < 40; game++) {
      const ab = alphaBetaBot({ budget: 1_000_000 });
      const random = randomBot({ seed: game + 1 });
      const abSeat = game % 2;
      const r = playGame(abSeat === 0 ? [ab, random] : [random, ab]);
      results.push(r[abSeat] as string);
    }
    expect(results).not.toContain("loss");
    // Random play blunders: the perfect player wins most games.
    expect(results.filter((r) => r === "win").length).toBeGreaterThan(25);
  });
  test("alpha-beta against itself draws", () => {
    expect(playGame([alphaBetaBot(), alphaBetaBot()])).toEqual(["draw", "draw"]);
  });
  test("MCTS with 2,000 iterations never loses to random play over 20 games", () => {
    const results: string[] = [];
    for (let game = 0; game < 20; game++) {
      const mcts = mctsBot({ iterations: 2000, seed: game + 1 });
      const seat = game % 2;
      const r = playGame(
        seat === 0 ? [mcts, randomBot({ seed: 100 + game })] : [randomBot({ seed: 100 + game }), mcts],
      );
      results.push(r[seat] as string);
    }
    expect(results).not.toContain("loss");
  });
});
