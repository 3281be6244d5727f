import { solveLevel } from "@gridponder/solver";
import { describe, expect, it } from "vitest";
import { analyzeLevel, exploreLevel, packSource, shortestWinCount, winDistances } from "../src/index.js";
import { handCountedPack } from "./small-packs.js";

const source = packSource(handCountedPack());

describe("analyze, on levels whose state space is counted by hand", () => {
  it("room: 9 states, optimum 4 with 6 optimal solutions, no dead ends, branching 22/8", () => {
    const a = analyzeLevel(source, "room", { mechanics: true });
    expect(a.reachableStates).toBe(9);
    expect(a.statesComplete).toBe(true);
    expect(a.optimum).toBe(4);
    expect(a.optimumProven).toBe(true);
    expect(a.optimalCount).toBe(6);
    expect(a.deadEndRatio).toBe(0);
    expect(a.branching).toBeCloseTo(22 / 8, 10);
    // The solver agrees on the optimum and the count.
    const solved = solveLevel(source.pack, "room", { countLimit: 100 });
    expect([solved.optimalLength, solved.optimalCount]).toEqual([4, 6]);
    // Walking is needed (no move, no win); pushing is not (no crate in the room).
    const verdict = (id: string) => a.mechanics?.find((m) => m.id === id)?.verdict;
    expect(verdict("move")).toBe("needed");
    expect(verdict("movement")).toBe("needed");
    expect(verdict("push")).toBe("optional");
  });

  it("corridor: 9 states, every one a dead end, no optimum", () => {
    const a = analyzeLevel(source, "corridor", { walks: 50 });
    expect(a.reachableStates).toBe(9);
    expect(a.deadEndRatio).toBe(1);
    expect(a.optimum).toBe(null);
    expect(a.optimumProven).toBe(true);
    expect(a.optimalCount).toBe(0);
    expect(a.randomPlay.wins).toBe(0);
    // An unsolvable level has no difficulty.
    expect(a.difficulty).toBe(null);
    const graph = exploreLevel(source.pack, "corridor");
    const cells = Array.from({ length: graph.size }, (_, n) => {
      const s = graph.state(n);
      const crate = (s.layers[1] ?? []).findIndex((e) => e?.kind === "crate") % 5;
      return `${s.avatar.position?.[0]},${crate}${"pendingMove" in s.memory ? " pending" : ""}`;
    });
    expect(cells.sort()).toEqual([
      "0,1",
      "0,2",
      "0,3",
      "0,3 pending",
      "1,2",
      "1,3",
      "1,3 pending",
      "2,3",
      "2,3 pending",
    ]);
  });

  it("a graph cut off by maxStates says so, and claims no dead-end ratio", () => {
    const a = analyzeLevel(source, "room", { maxStates: 5, solverStates: 100_000 });
    expect(a.statesComplete).toBe(false);
    expect(a.reachableStates).toBe(5);
    expect(a.deadEndRatio).toBe(null);
    // The optimum then comes from the solver.
    expect([a.optimum, a.optimumProven, a.optimalCount]).toEqual([4, true, 6]);
  });

  it("random play is seeded: the same seed wins the same walks, on the graph and through the engine", () => {
    const a = analyzeLevel(source, "room", { walks: 300, seed: 7 });
    const b = analyzeLevel(source, "room", { walks: 300, seed: 7 });
    expect(a.randomPlay).toEqual(b.randomPlay);
    // A cut graph makes the walks play the engine: the same choices, so the same wins.
    const engine = analyzeLevel(source, "room", { walks: 300, seed: 7, maxStates: 3, solverStates: 100_000 });
    expect(engine.randomPlay).toEqual(a.randomPlay);
    expect(a.randomPlay.wins).toBeGreaterThan(0);
    expect(a.randomPlay.wins).toBeLessThan(300);
  });

  it("win distances and counts agree with the solver's optimum on every state of the room", () => {
    const graph = exploreLevel(source.pack, "room");
    const dist = winDistances(graph);
    expect(shortestWinCount(graph, dist)).toBe(6);
    // From a cell (x, y) the flag at (2, 2) is |2 - x| + |2 - y| moves away.
    for (let n = 0; n < graph.size; n++) {
      const [x, y] = graph.state(n).avatar.position ?? [0, 0];
      expect(dist[n]).toBe(2 - x + (2 - y));
    }
  });
});
