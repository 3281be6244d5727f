import { describe, expect, test } from "vitest";
import { actionKey, parseActionKey } from "../src/index.js";
import { sessionOf } from "./packs.js";

describe("a match session", () => {
  test("refuses what is not a legal action, and changes nothing", () => {
    const s = sessionOf("tic-tac-toe");
    const before = s.observe(null);
    for (const bad of [
      { move: "mark", to: "d4" },
      { move: "nope", to: "a1" },
      { move: "mark" },
      "mark>zz",
      "",
      null,
      42,
      { move: "mark", to: "a1", chain: [{ move: "mark", to: "b1" }] },
    ])
      expect(s.act(bad as never).accepted).toBe(false);
    expect(s.observe(null)).toEqual(before);
    expect(s.log).toEqual([]);
  });
  test("undo and redo walk the history; a new move clears what was undone", () => {
    const s = sessionOf("chess");
    s.act("double-push@e2>e4");
    s.act("double-push@e7>e5");
    const two = s.observe(null);
    expect(s.undo()).toBe(true);
    expect(s.current).toBe(1);
    expect(s.redo()).toBe(true);
    expect(s.observe(null)).toEqual(two);
    s.undo();
    s.undo();
    expect(s.undo()).toBe(false);
    expect(s.observe(null)).toEqual(sessionOf("chess").observe(null));
    expect(s.canRedo).toBe(true);
    s.act("knight@g1>f3");
    expect(s.canRedo).toBe(false);
    expect(s.log).toEqual(["knight@g1>f3"]);
  });
  test("a draw from a hidden stock cannot be taken back", () => {
    const s = sessionOf("eights", { seats: 2, seed: 3 });
    for (let i = 0; i < 200 && !s.log.some((k) => k.startsWith("draw")); i++) {
      const legal = s.legalActions();
      s.act(legal[0] as (typeof legal)[number]);
    }
    expect(s.log.at(-1)?.startsWith("draw")).toBe(true);
    expect(s.canUndo).toBe(false);
    expect(s.undo()).toBe(false);
  });
  test("action keys read back as the same action, for every legal move of several positions", () => {
    const s = sessionOf("checkers");
    for (let i = 0; i < 30 && !s.outcome; i++) {
      for (const a of s.legalActions()) expect(parseActionKey(actionKey(a), s.game)).toEqual(a);
      const legal = s.legalActions();
      s.act(legal[i % legal.length] as (typeof legal)[number]);
    }
    const e = sessionOf("eights", { seats: 3, seed: 2 });
    for (const a of e.legalActions()) expect(parseActionKey(actionKey(a), e.game)).toEqual(a);
  });
  test("only the seat to move sees its legal actions", () => {
    const s = sessionOf("tic-tac-toe");
    expect(s.observe(0).legal?.length).toBe(9);
    expect(s.observe(1).legal).toBeUndefined();
    expect(s.observe(null).legal).toBeUndefined();
  });
});
