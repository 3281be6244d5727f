import { describe, expect, test } from "vitest";
import { cellName, compileGame, type MatchGame, MatchRuntime } from "../src/index.js";

/** A piece that may go to any cell it can see along a line: `clear` is its whole rule. */
const GAME: MatchGame = {
  formatVersion: "0.1",
  seats: { min: 2, max: 2 },
  board: { width: 5, height: 5 },
  pieces: { seer: {}, block: {} },
  setup: {
    pieces: [
      { at: "c3", type: "seer", owner: 0 },
      { at: "c5", type: "block", owner: 1 },
      { at: "e5", type: "block", owner: 1 },
      { at: "a3", type: "block", owner: 1 },
      { at: "b3", type: "block", owner: 1 },
    ],
  },
  moves: [
    {
      id: "look",
      piece: { type: "seer" },
      pattern: { place: "any" },
      if: { and: [{ clear: [{ get: "from" }, { get: "to" }] }, { ne: [{ get: "from" }, { get: "to" }] }] },
      do: [{ move: { to: { get: "to" } } }],
    },
  ],
  end: [{ if: { eq: [{ legalMoves: {} }, 0] }, result: { loser: { seat: "current" } }, reason: "stuck" }],
};

describe("the clear expression", () => {
  test("holds along rows, columns and diagonals with nothing strictly between, and nowhere else", () => {
    const c = compileGame(GAME, 2, GAME.setup);
    if (!c.ok) throw new Error(JSON.stringify(c.errors));
    const r = MatchRuntime.start(c.game, c.setup, 1);
    const targets = r
      .generate()
      .map((m) => cellName(m.steps[0]?.to ?? -1, 5))
      .sort();
    // a3 is hidden behind b3; a knight's-move cell such as d5 is on no line; c5 and e5 hold pieces but
    // nothing stands between them and c3, so they are seen (the rule says nothing of what is on the end).
    expect(targets).toEqual(
      ["a1", "a5", "b2", "b3", "b4", "c1", "c2", "c4", "c5", "d2", "d3", "d4", "e1", "e3", "e5"].sort(),
    );
  });
});
