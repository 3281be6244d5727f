import { describe, expect, test } from "vitest";
import { perft, type Setup } from "../src/index.js";
import { runtimeOf, sessionOf } from "./packs.js";

// Aart Bik's published perft for 8×8 checkers from the start position.
test("checkers perft from the start, depth 1-8: 7 … 845,931", () => {
  const r = runtimeOf("checkers");
  expect([1, 2, 3, 4, 5, 6, 7, 8].map((d) => perft(r, d))).toEqual([
    7, 49, 302, 1469, 7361, 36768, 179740, 845931,
  ]);
});

/** A position from board rows (top row first): b/w men, B/W kings; Black (seat 0) moves up. */
function position(rows: string[], first = 0): Setup {
  return {
    board: rows,
    legend: {
      b: { type: "man", owner: 0 },
      w: { type: "man", owner: 1 },
      B: { type: "king", owner: 0 },
      W: { type: "king", owner: 1 },
    },
    first,
  };
}

describe("checkers rules pinned", () => {
  test("a capture is forced, and a multi-jump is one move that takes every piece it jumps", () => {
    const s = sessionOf("checkers", {
      setup: position([
        "........",
        "........",
        "...w....",
        "........",
        ".w......",
        "b.......",
        ".......b",
        "........",
      ]),
    });
    // a3 can jump b4 and go on over d6: the only legal move is the whole chain; the h2 man may not step.
    expect(s.legalActions()).toEqual([
      { move: "jump", from: "a3", to: "c5", chain: [{ move: "jump", to: "e7" }] },
    ]);
    expect(s.act({ move: "jump", from: "a3", to: "c5" }).accepted).toBe(false);
    expect(s.act({ move: "jump", from: "a3", to: "c5", chain: [{ move: "jump", to: "e7" }] }).accepted).toBe(
      true,
    );
    const pieces = s.observe(null).board?.pieces ?? [];
    expect(pieces.map((p) => `${p.type}@${p.at}/${p.owner}`).sort()).toEqual(["man@e7/0", "man@h2/0"]);
    // White has no piece left: no move, so White loses.
    expect(s.outcome).toEqual({ reason: "no move left", results: ["win", "loss"] });
  });
  test("a man crowned by a jump stops there, a king jumps both ways", () => {
    const s = sessionOf("checkers", {
      setup: position([
        "........",
        "..w.w...",
        ".b......",
        "........",
        "........",
        "........",
        "........",
        "W.......",
      ]),
    });
    // b6 jumps c7 onto d8 and is crowned; it may not go on over e7 in the same move.
    expect(s.legalActions()).toEqual([{ move: "jump", from: "b6", to: "d8" }]);
    s.act({ move: "jump", from: "b6", to: "d8" });
    expect(s.observe(null).board?.pieces.find((p) => p.at === "d8")).toMatchObject({
      type: "king",
      owner: 0,
    });
    // White's king in the corner steps; Black's new king then jumps backwards over e7.
    s.act({ move: "king-step", from: "a1", to: "b2" });
    expect(s.legalActions()).toEqual([{ move: "king-jump", from: "d8", to: "f6" }]);
  });
  test("forty moves each without a capture or a man's move is a draw", () => {
    const s = sessionOf("checkers", {
      setup: position([
        ".......B",
        "........",
        "........",
        "........",
        "........",
        "........",
        "........",
        "W.......",
      ]),
    });
    const there = [
      { move: "king-step", from: "h8", to: "g7" },
      { move: "king-step", from: "a1", to: "b2" },
      { move: "king-step", from: "g7", to: "h8" },
      { move: "king-step", from: "b2", to: "a1" },
    ];
    // The kings shuffle: the third repetition ends it first, at move 8.
    for (let i = 0; i < 8; i++) s.act(there[i % 4] as (typeof there)[number]);
    expect(s.outcome?.reason).toBe("threefold repetition");
    // Seventy-eight quiet plies behind: two more king moves end the game; a man's step would reset it.
    const kings = position([
      ".......B",
      "........",
      "........",
      "........",
      "........",
      "........",
      "........",
      "W.......",
    ]);
    const t = sessionOf("checkers", { setup: { ...kings, variables: { quietMoves: 78 } } });
    t.act(there[0] as (typeof there)[number]);
    expect(t.outcome).toBeNull();
    t.act(there[1] as (typeof there)[number]);
    expect(t.outcome?.reason).toBe("forty moves each without a capture or a man's move");
    const men = position([
      "........",
      "........",
      "........",
      "........",
      "........",
      "........",
      ".b......",
      "W.......",
    ]);
    const u = sessionOf("checkers", { setup: { ...men, variables: { quietMoves: 78 } } });
    u.act({ move: "step", from: "b2", to: "c3" });
    u.act(there[1] as (typeof there)[number]);
    expect(u.outcome).toBeNull();
  });
});
