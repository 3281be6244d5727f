import { describe, expect, test } from "vitest";
import { compileGame, type MatchGame, MatchSession } from "../src/index.js";

/**
 * A small game made for these tests: three to four seats, no board, a pile that shows only its top.
 * Each move says what it does to the turn order.
 */
const GAME: MatchGame = {
  formatVersion: "0.1",
  seats: { min: 3, max: 4, variables: { played: { type: "int" } } },
  zones: [
    { id: "pile", kind: "stack", visibility: "top" },
    { id: "hand", kind: "hand", perSeat: true, visibility: "owner" },
  ],
  pieces: { chip: { attributes: { n: { type: "int" } } } },
  variables: { stage: { type: "int" } },
  setup: {
    do: [{ create: { type: "chip", into: "pile", each: { n: [1, 2, 3] } } }],
  },
  phases: {
    main: { moves: ["pass", "reverse", "skip", "again", "aside"] },
    aside: { moves: ["back"], onEnter: [{ set: { var: "stage", to: 1 } }] },
  },
  startPhase: "main",
  moves: [
    {
      id: "pass",
      pattern: { none: true },
      do: [{ setSeatVar: { var: "played", to: { add: [{ seatVar: "played" }, 1] } } }],
    },
    { id: "reverse", pattern: { none: true }, do: [{ reverse: true }] },
    { id: "skip", pattern: { none: true }, do: [{ skip: true }] },
    { id: "again", pattern: { none: true }, do: [{ again: true }] },
    { id: "aside", pattern: { none: true }, do: [{ goto: "aside" }, { again: true }] },
    { id: "back", pattern: { none: true }, do: [{ goto: "main" }, { set: { var: "stage", to: 0 } }] },
  ],
  end: [{ if: { ge: [{ ply: {} }, 40] }, result: { draw: true }, reason: "forty moves" }],
};

function session(seats = 4): MatchSession {
  const c = compileGame(GAME, seats);
  if (!c.ok) throw new Error(JSON.stringify(c.errors));
  return new MatchSession(c.game, c.setup);
}

describe("turn order and phases", () => {
  test("rotation, a reversed direction, a skipped seat and an extra move", () => {
    const s = session(4);
    const order = [s.current];
    for (const move of ["pass", "pass", "reverse", "pass", "skip", "again", "pass"]) {
      expect(s.act(move).accepted).toBe(true);
      order.push(s.current);
    }
    // 0 → 1 → 2; 2 reverses → 1; 1 passes → 0; 0 skips 3 → 2; 2 moves again → 2; 2 passes → 1.
    expect(order).toEqual([0, 1, 2, 1, 0, 2, 2, 1]);
    expect(s.observe(null).seats.map((seat) => seat.variables.played)).toEqual([1, 2, 1, 0]);
  });
  test("a stage within a turn: goto enters a phase with its own moves and its onEnter", () => {
    const s = session(3);
    expect(s.act("aside").accepted).toBe(true);
    expect(s.observe(null)).toMatchObject({ phase: "aside", current: 0, variables: { stage: 1 } });
    expect(s.legalActions()).toEqual([{ move: "back" }]);
    expect(s.act("pass").accepted).toBe(false);
    s.act("back");
    expect(s.observe(null)).toMatchObject({ phase: "main", current: 1, variables: { stage: 0 } });
  });
  test("a pile that shows its top: every seat sees the top chip and no other", () => {
    const s = session(3);
    const pile = s.observe(2).zones.find((z) => z.id === "pile");
    expect(pile?.count).toBe(3);
    expect(pile?.pieces.slice(0, 2)).toEqual([{ hidden: true }, { hidden: true }]);
    expect(pile?.pieces[2]).toMatchObject({ type: "chip", attributes: { n: 3 } });
  });
});
