import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Session } from "@gridponder/engine";
import { compileGame, type MatchGame, MatchSession } from "@gridponder/match";
import { ownPack } from "@gridponder/test-corpus";
import { describe, expect, test } from "vitest";
import { matchPlaySession, type PlaySession, puzzlePlaySession } from "../src/match/index.js";

/**
 * Drives any session through the contract alone: random legal actions (seeded), then every one taken
 * back and played again. Returns the log it played.
 */
function drive<A, O>(s: PlaySession<A, O>, steps: number, seed: number): readonly string[] {
  let r = seed;
  for (let i = 0; i < steps && s.outcome === null; i++) {
    const legal = s.legalActions();
    if (legal.length === 0) break;
    r = (Math.imul(r, 1103515245) + 12345) & 0x7fffffff;
    const seat = s.current;
    expect(s.act(legal[r % legal.length] as A).accepted).toBe(true);
    // What the seat that moved sees is a value of the model's own kind.
    expect(s.observe(seat)).toBeTruthy();
  }
  const log = [...s.log];
  const seen = s.observe(null);
  let undone = 0;
  while (s.undo()) undone++;
  expect(s.canUndo).toBe(false);
  for (let i = 0; i < undone; i++) expect(s.redo()).toBe(true);
  expect(s.log).toEqual(log);
  expect(s.observe(null)).toEqual(seen);
  return log;
}

describe("one session contract for both models", () => {
  test("a puzzle level through the contract", async () => {
    const { pack } = await ownPack("lantern-cellar");
    const s = puzzlePlaySession(new Session(pack, pack.levelOrder[0] as string));
    expect([s.model, s.seatCount, s.current]).toEqual(["puzzle", 1, 0]);
    const log = drive(s, 30, 7);
    expect(log.length).toBeGreaterThan(0);
    expect(s.act({ action: "no-such-action" }).accepted).toBe(false);
  });
  test("a chess game through the contract, its refusals with reasons", () => {
    const game = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../../packs/chess/game.json"), "utf8"),
    ) as MatchGame;
    const c = compileGame(game, 2);
    if (!c.ok) throw new Error("chess does not compile");
    const s = matchPlaySession(new MatchSession(c.game, c.setup));
    expect([s.model, s.seatCount]).toEqual(["match", 2]);
    const log = drive(s, 40, 3);
    expect(log.every((k) => /^[a-z-]+@[a-h][1-8]>[a-h][1-8]/.test(k))).toBe(true);
    const refused = s.act({ move: "king", from: "a1", to: "h8" });
    expect(refused.accepted).toBe(false);
    expect(refused.reason).toMatch(/not a legal move/);
  });
});
