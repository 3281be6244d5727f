import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type GameState, type Pack, Session } from "@gridponder/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceAt, relaxedDistances } from "../src/heuristics/relaxed-carry/table.js";
import { relaxedCarryHeuristic, searchSpace } from "../src/index.js";
import { relaxedCarry } from "../src/models/index.js";
import { corpusPack, FUZZ_PACKS, packAt, winsIn } from "./corpus.js";

/** The level's plot gates, with cells as "x,y". */
function gatesOf(pack: Pack, level: string): { waits: boolean; pickups: string[] } {
  const space = searchSpace(pack, level);
  const relaxed = relaxedCarry(pack, space.level, space.start);
  if (relaxed === null) throw new Error(`${level} must be a carry level`);
  const { carry, gates } = relaxed;
  const cell = (i: number) => {
    const c = (carry.pickups[i] as { cell: number }).cell;
    return `${c % carry.width},${Math.floor(c / carry.width)}`;
  };
  return { waits: gates.waits, pickups: gates.pickups.map(cell) };
}

// A level of the hard set (bench/make-hard.mjs, made from the corpus, so made here): its plot at (2,7)
// can be entered only from (3,7), where a pickaxe lies, and no wall covers a plot.
const HARD_LEVEL = "th_010";
// A winning path of the level (the solver's, 28 actions; the test replays it before relying on it).
const WINNING = (
  "down clone right down down down left clone down clone left clone up up right up clone right up " +
  "down down right down left clone left up right"
)
  .split(" ")
  .map((a) => (a === "clone" ? { action: "clone" } : { action: "move", direction: a }));

describe("plots that wait for a tool", () => {
  let twinseed: Pack;
  let mutants: Pack;
  let hard: Pack;
  let out: string;
  beforeAll(async () => {
    twinseed = await corpusPack("twinseed");
    mutants = await packAt(join(FUZZ_PACKS, "twinseed"));
    out = mkdtempSync(join(tmpdir(), "gp-hard-"));
    const script = join(import.meta.dirname, "../bench/make-hard.mjs");
    execFileSync(process.execPath, [script, "--out", out, "--only", HARD_LEVEL]);
    hard = await packAt(join(out, "twinseed_hard"));
  }, 300_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("finds the walls and pickups on a plot or on every way into one, and nothing elsewhere", () => {
    // tw_020: wood on the plot at (2,0); the plot at (1,6) is entered only from (2,6), a pickaxe's cell.
    expect(gatesOf(twinseed, "tw_020")).toEqual({ waits: true, pickups: ["2,6"] });
    // Its mutant without the wood on a plot still has the pickaxe before the other.
    expect(gatesOf(mutants, "tw_020_m1")).toEqual({ waits: true, pickups: ["2,6"] });
    // A mutant with a pickup on a plot.
    expect(gatesOf(mutants, "tw_008_m1")).toEqual({ waits: true, pickups: ["3,3"] });
    expect(gatesOf(hard, HARD_LEVEL)).toEqual({ waits: true, pickups: ["3,7"] });
    for (const level of ["tw_017", "tw_019", "tw_023", "tw_025"])
      expect(gatesOf(twinseed, level)).toEqual({ waits: false, pickups: [] });
  });

  it("tracks the pickup a plot waits for, estimates more for it, and stays a consistent lower bound", () => {
    const space = searchSpace(hard, HARD_LEVEL);
    const tracked = relaxedCarry(hard, space.level, space.start);
    const bare = relaxedCarry(hard, space.level, space.start, { maxPickups: 0 });
    if (tracked === null || bare === null) throw new Error(`${HARD_LEVEL} must be a carry level`);
    const { layout, carry } = tracked;
    // The pickaxe on the way into the plot is tracked, and first.
    const gate = carry.pickups.findIndex((p) => p.cell === 7 * carry.width + 3);
    expect(layout.tracked[0]).toBe(gate);
    const heuristic = relaxedCarryHeuristic(hard, space.level);
    if (heuristic === null) throw new Error("the level must have a relaxed carry distance");
    const without = relaxedDistances(bare.model, 254);
    const untracked = (state: GameState) =>
      Math.min(...(bare.imagesOf(state) ?? [-1]).map((x) => (x < 0 ? 0 : distanceAt(without, x))));
    expect(untracked(space.start)).toBe(8);
    expect(heuristic.estimate(space.start)).toBe(12);

    // Along a winning path, never more than the actions left.
    expect(winsIn(hard, HARD_LEVEL, WINNING)).toBe(true);
    const session = new Session(hard, HARD_LEVEL);
    for (let i = 0; i <= WINNING.length; i++) {
      expect(heuristic.estimate(session.state)).toBeLessThanOrEqual(WINNING.length - i);
      if (i < WINNING.length) session.act(WINNING[i] as never);
    }
    // Consistent over the first breadth-first layers: one turn lowers the estimate by one at most.
    const seen = new Set([space.key(space.start)]);
    let frontier = [space.start];
    let turns = 0;
    for (let depth = 0; depth < 9 && turns < 40_000; depth++) {
      const next: GameState[] = [];
      for (const state of frontier) {
        const h = heuristic.estimate(state);
        for (const action of space.actions) {
          const child = space.next(state, action);
          if (child === null) continue;
          turns++;
          expect(h).toBeLessThanOrEqual(heuristic.estimate(child) + 1);
          const key = space.key(child);
          if (seen.has(key)) continue;
          seen.add(key);
          next.push(child);
        }
      }
      frontier = next;
    }
    expect(turns).toBeGreaterThan(5_000);
  }, 300_000);
});
