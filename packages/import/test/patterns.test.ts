import { compileGame, type Expr, type MatchGame, MatchRuntime, perft } from "@gridponder/match";
import { describe, expect, it } from "vitest";
import { inferPatterns } from "../src/patterns.js";

const dx: Expr = { sub: [{ x: { get: "to" } }, { x: { get: "from" } }] };
const dy: Expr = { sub: [{ y: { get: "to" } }, { y: { get: "from" } }] };

/** Knights that go anywhere their leap allows, written as a placement with a condition, and pawns whose step depends on the seat and on their row. */
const GAME: MatchGame = {
  formatVersion: "0.1",
  seats: { min: 2, max: 2, attributes: { forward: [1, -1] } },
  board: { width: 6, height: 6 },
  pieces: { knight: { attributes: { tired: { type: "bool" } } }, pawn: {} },
  setup: {
    pieces: [
      { at: "b1", type: "knight", owner: 0 },
      { at: "e1", type: "knight", owner: 0, attributes: { tired: true } },
      { at: "a2", type: "pawn", owner: 0 },
      { at: "b6", type: "knight", owner: 1 },
      { at: "f5", type: "pawn", owner: 1 },
    ],
  },
  moves: [
    {
      id: "leap",
      piece: { type: "knight" },
      pattern: { place: "any" },
      if: {
        and: [
          { ne: [{ attr: "owner", of: { pieceAt: { get: "to" } } }, { seat: "mover" }] },
          {
            or: [
              { and: [{ eq: [{ abs: dx }, 1] }, { eq: [{ abs: dy }, 2] }] },
              // A tired knight leaps only short: the piece's state is not geometry, so this part is relaxed.
              {
                and: [
                  { eq: [{ abs: dx }, 2] },
                  { eq: [{ abs: dy }, 1] },
                  { not: { attr: "tired", of: { get: "piece" } } },
                ],
              },
            ],
          },
        ],
      },
      do: [{ move: { to: { get: "to" } } }],
    },
    {
      id: "push",
      piece: { type: "pawn" },
      pattern: { place: "empty" },
      if: {
        and: [
          { eq: [dx, 0] },
          { eq: [dy, { seatAttr: "forward" }] },
          // Depends on where the pawn stands, not only on the step: stays in the condition.
          { ne: [{ y: { get: "from" } }, 4] },
        ],
      },
      do: [{ move: { to: { get: "to" } } }],
    },
    {
      id: "anywhere",
      piece: { type: "pawn" },
      pattern: { place: "empty" },
      if: { eq: [{ pieceAt: { cell: "c3" } }, -1] },
      do: [{ move: { to: { get: "to" } } }],
    },
  ],
  end: [{ if: { eq: [{ legalMoves: {} }, 0] }, result: { loser: { seat: "current" } }, reason: "stuck" }],
};

function perfts(game: MatchGame, depth: number): number[] {
  const c = compileGame(game, 2, game.setup);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  const r = MatchRuntime.start(c.game, c.setup, 1);
  return Array.from({ length: depth }, (_, i) => perft(r, i + 1));
}

describe("patterns inferred for imported board moves", () => {
  const inferred = inferPatterns(GAME);
  const move = (id: string) => inferred.moves.find((m) => m.id === id);

  it("turns conditions on the displacement into step offsets, keeping what is not geometry", () => {
    const leap = move("leap");
    expect(leap?.pattern).toMatchObject({ step: expect.any(Array) });
    expect((leap?.pattern as { step?: unknown[] } | undefined)?.step).toHaveLength(8);
    // The knight's own state was relaxed, so the whole condition stays.
    expect(leap?.if).toEqual(GAME.moves[0]?.if);
  });

  it("gives each seat its own offsets through seat attributes, and keeps tests of the start", () => {
    const push = move("push");
    expect(push?.pattern).toEqual({ step: [[{ seatAttr: "push-1-x" }, { seatAttr: "push-1-y" }]] });
    expect(inferred.seats.attributes).toMatchObject({ "push-1-x": [0, 0], "push-1-y": [1, -1] });
    // A placement on empty cells becomes a step onto an empty cell; the row test stays; the step's own tests go.
    expect(push?.if).toEqual({
      and: [{ eq: [{ pieceAt: { get: "to" } }, -1] }, { ne: [{ y: { get: "from" } }, 4] }],
    });
  });

  it("leaves a move whose condition says nothing of where it goes", () => {
    expect(move("anywhere")).toBe(GAME.moves[2]);
  });

  it("never changes which moves are legal", () => {
    expect(perfts(inferred, 4)).toEqual(perfts(GAME, 4));
  });
});
