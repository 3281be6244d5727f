import { describe, expect, test } from "vitest";
import { compileGame, type MatchGame, MatchRuntime } from "../src/index.js";

/**
 * A move that turns pieces over (setOwner, as in reversi) and an end that ranks seats by a score worked
 * out per seat (how many pieces each owns), not kept in a seat variable.
 */
const GAME: MatchGame = {
  formatVersion: "0.1",
  seats: { min: 2, max: 3 },
  board: { width: 3, height: 1 },
  pieces: { disc: {} },
  setup: {
    pieces: [
      { at: "a1", type: "disc", owner: 1 },
      { at: "b1", type: "disc", owner: 1 },
    ],
  },
  moves: [
    {
      id: "claim",
      pattern: { place: "empty" },
      do: [
        { place: { type: "disc", at: { get: "to" } } },
        {
          forEachPiece: { owner: { seat: 1 } },
          do: [{ setOwner: { of: { get: "it" }, to: { get: "mover" } } }],
        },
      ],
    },
  ],
  end: [
    {
      if: { full: "board" },
      result: { ranking: { score: { count: { owner: { get: "seat" } } } } },
      reason: "the row is full",
    },
  ],
};

describe("setOwner and a ranking by a score per seat", () => {
  test("the pieces turned over count for the mover, and the seat with most pieces wins", () => {
    const c = compileGame(GAME, 3, GAME.setup);
    if (!c.ok) throw new Error(JSON.stringify(c.errors));
    const r = MatchRuntime.start(c.game, c.setup, 1);
    const [move] = r.generate();
    expect(move?.steps[0]?.to).toBe(2);
    const mark = r.play(move as NonNullable<typeof move>, false);
    expect([0, 1, 2].map((cell) => r.s.powner[r.s.cells[cell] as number])).toEqual([0, 0, 0]);
    expect(r.outcome(0)).toEqual({
      reason: "the row is full",
      results: ["win", "loss", "loss"],
      scores: [3, 0, 0],
    });
    // Taken back, the discs are seat 1's again.
    r.undo(mark);
    expect([0, 1].map((cell) => r.s.powner[r.s.cells[cell] as number])).toEqual([1, 1]);
  });
});
