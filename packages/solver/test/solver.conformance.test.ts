import { join } from "node:path";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { beforeAll, describe, expect, it } from "vitest";
import {
  areaGrowthHeuristic,
  type Heuristic,
  levelHeuristic,
  type MarkerHeuristic,
  placementHeuristic,
  relaxedCarryHeuristic,
  searchSpace,
  solveLevel,
  zeroHeuristic,
} from "../src/index.js";
import { PACKS } from "./corpus.js";

const REPO = join(import.meta.dirname, "../../..");

async function load(dir: string): Promise<Pack> {
  const loaded = await loadPackFolder(dir);
  if (!loaded.ok) throw new Error(`${dir} must load`);
  return loaded.pack;
}

/** Replays a solution from the start and reports whether it wins in exactly its length. */
function wins(pack: Pack, level: string, actions: readonly object[]): boolean {
  const s = new Session(pack, level);
  for (const a of actions) if (!s.act(a as never).accepted) return false;
  return s.won && s.actionCount === actions.length;
}

let lantern: Pack;
let carrot: Pack;
let flood: Pack;
let mini: Pack;
let twinseed: Pack;
beforeAll(async () => {
  lantern = await load(join(REPO, "packs/lantern-cellar"));
  mini = await load(join(REPO, "packages/schema/test/fixtures/valid/mini"));
  carrot = await load(join(PACKS, "carrot_quest"));
  flood = await load(join(PACKS, "flood_colors"));
  twinseed = await load(join(PACKS, "twinseed"));
}, 300_000);

describe("solveLevel", () => {
  it("finds a shortest solution that wins, and judges our gold path optimal and unique", () => {
    const r = solveLevel(lantern, "lc01_bottom_step", { strategy: "bfs" });
    expect(r.status).toBe("solved");
    expect(r.optimalLength).toBe(11);
    expect(wins(lantern, "lc01_bottom_step", r.solution ?? [])).toBe(true);
    expect(r.optimalCount).toBe(1);
    expect(r.gold).toMatchObject({ wins: true, optimal: true, uniqueOptimum: true, hintStopsValid: true });
  });

  it("gives the same optimum with A* as with breadth-first search, and counts the same optima", () => {
    for (const level of ["l1", "l2"]) {
      const bfs = solveLevel(mini, level, { strategy: "bfs" });
      const astar = solveLevel(mini, level, { strategy: "astar" });
      expect(astar.heuristic).toBe("reach-target distance");
      expect(astar.optimalLength).toBe(bfs.optimalLength);
      expect(astar.optimalCount).toBe(bfs.optimalCount);
      expect(wins(mini, level, astar.solution ?? [])).toBe(true);
    }
    const bfs = solveLevel(flood, "fl_013", { strategy: "bfs" });
    const astar = solveLevel(flood, "fl_013", { strategy: "astar" });
    expect(astar.heuristic).toBe("area-growth distance");
    expect(astar.optimalLength).toBe(bfs.optimalLength);
    expect(astar.optimalCount).toBe(bfs.optimalCount);
    expect(astar.statesExpanded).toBeLessThan(bfs.statesExpanded);
  });

  it("reports a gold path longer than the optimum as not optimal", () => {
    const r = solveLevel(carrot, "fw_ice_005", { strategy: "bfs" });
    expect(r.optimalLength).toBeLessThan(r.gold.length);
    expect(r.gold).toMatchObject({ wins: true, optimal: false, uniqueOptimum: false });
  });

  it("says which bound stopped it", () => {
    expect(solveLevel(carrot, "fw_004", { strategy: "bfs", maxStates: 500 })).toMatchObject({
      status: "bounded",
      bound: "maxStates",
      optimalLength: null,
    });
    expect(solveLevel(carrot, "fw_004", { strategy: "bfs", maxDepth: 5 })).toMatchObject({
      status: "bounded",
      bound: "maxDepth",
    });
    const gold = solveLevel(carrot, "fw_004", { strategy: "bfs", maxDepth: 5 }).gold;
    expect(gold.optimal).toBeNull();
  });

  it("keeps what a bounded search proved: no solution is shorter than its lower bound", () => {
    const shallow = solveLevel(lantern, "lc01_bottom_step", { strategy: "bfs", maxDepth: 5 });
    expect(shallow).toMatchObject({ status: "bounded", bound: "maxDepth", lowerBound: 6 });
    expect(shallow.gold.optimal).toBeNull();
    // A* (the zero heuristic here) stops with the least f of its open entries as the bound.
    const astar = solveLevel(carrot, "fw_004", { strategy: "astar", maxStates: 500 });
    expect(astar.status).toBe("bounded");
    expect(astar.lowerBound).toBeGreaterThan(0);
    expect(astar.lowerBound).toBeLessThanOrEqual(20); // fw_004's optimum
  });

  it("proves the gold path optimal when a bounded search ruled out everything shorter", () => {
    // Depths 0-10 are searched in full and nothing wins, so the 11-action gold path is a shortest one.
    const r = solveLevel(lantern, "lc01_bottom_step", { strategy: "bfs", maxDepth: 10 });
    expect(r).toMatchObject({
      status: "solved",
      bound: null,
      optimalLength: 11,
      lowerBound: 11,
      optimalCount: null,
    });
    expect(r.gold).toMatchObject({ wins: true, optimal: true, uniqueOptimum: null });
    expect(wins(lantern, "lc01_bottom_step", r.solution ?? [])).toBe(true);
  });

  it("proves a level unsolvable when every reachable state has been explored", () => {
    // The first level again, but any action loses at once: only the start state is ever reached.
    const level = structuredClone(lantern.levels.lc01_bottom_step) as NonNullable<Pack["levels"][string]>;
    (level as { loseConditions?: unknown[] }).loseConditions = [
      { type: "max_actions", config: { limit: 1 } },
    ];
    const walled = { ...lantern, levels: { ...lantern.levels, walled: level } } as Pack;
    const r = solveLevel(walled, "walled", { strategy: "bfs" });
    expect(r.status).toBe("unsolvable");
    expect(r.bound).toBeNull();
    expect(r.optimalLength).toBeNull();
    expect(r.statesExpanded).toBe(1);
  });

  it("reports progress while it works", () => {
    const seen: number[] = [];
    solveLevel(carrot, "fw_004", { strategy: "bfs", onProgress: (p) => seen.push(p.statesExpanded) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe("heuristics", () => {
  it("are admissible on every state of a short search: never above the true distance to a win", () => {
    for (const [pack, level] of [
      [mini, "l1"],
      [flood, "fl_013"],
      [twinseed, "tw_010"],
      [twinseed, "tw_005"],
    ] as const) {
      const space = searchSpace(pack, level);
      const h = levelHeuristic(pack, space.level);
      expect(h).not.toBeNull();
      const solved = solveLevel(pack, level, { strategy: "bfs" });
      const optimum = solved.optimalLength as number;
      expect(h?.estimate(space.start)).toBeLessThanOrEqual(optimum);
      // Along the optimal solution the remaining distance falls by one per action.
      const path = solved.solution ?? [];
      let state = space.start;
      path.forEach((action, i) => {
        expect(h?.estimate(state)).toBeLessThanOrEqual(optimum - i);
        state = space.next(state, action) ?? state;
      });
      expect(h?.estimate(state)).toBe(0);
    }
  });

  it("are offered only where they are admissible", () => {
    const icy = searchSpace(carrot, "fw_ice_001"); // ice and portals can move the avatar further
    expect(levelHeuristic(carrot, icy.level)).toBeNull();
    expect(areaGrowthHeuristic(carrot, searchSpace(carrot, "fw_001").level)).toBeNull();
    expect(zeroHeuristic.estimate(icy.start)).toBe(0);
    // Ice carries a pushed basket several cells in one action, so push distances do not bound pushes
    // there; the relaxed model, which slides too, does.
    expect(levelHeuristic(twinseed, searchSpace(twinseed, "tw_016").level)?.name).toBe(
      "relaxed carry distance",
    );
    // Without ice both bound the level; the search takes the larger estimate of the two.
    expect(levelHeuristic(twinseed, searchSpace(twinseed, "tw_004").level)?.name).toBe(
      "placement distance + relaxed carry distance",
    );
  });

  it("where several apply, estimate the largest of them, per marker cell too", () => {
    for (const level of ["tw_004", "tw_010", "tw_013"]) {
      const space = searchSpace(twinseed, level);
      const both = levelHeuristic(twinseed, space.level) as MarkerHeuristic;
      const placement = placementHeuristic(twinseed, space.level) as Heuristic;
      const relaxed = relaxedCarryHeuristic(twinseed, space.level) as MarkerHeuristic;
      const session = new Session(twinseed, level);
      const gold = twinseed.levels[level]?.solution.goldPath ?? [];
      let larger = 0;
      for (const action of [null, ...gold]) {
        if (action !== null) session.act(action as never);
        const state = session.state;
        const p = placement.estimate(state);
        const r = relaxed.estimate(state);
        expect(both.estimate(state)).toBe(Math.max(p, r));
        if (r > p) larger++;
        // Per marker cell, from a core's base: the marker heuristic's answer or the other's estimate.
        const base = both.base(state);
        const own = relaxed.base(state);
        for (const marker of [0, 1, 9])
          expect(both.at(base, marker)).toBe(Math.max(p, relaxed.at(own, marker)));
      }
      // The relaxed carry distance is the stronger one on most of the gold path.
      expect(larger).toBeGreaterThan(gold.length / 2);
    }
  });
});
