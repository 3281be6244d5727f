import { join } from "node:path";
import type { Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { beforeAll, describe, expect, it } from "vitest";
import { levelHeuristic, placementHeuristic, searchSpace } from "../src/index.js";
import { Limits } from "../src/limits.js";
import { markerBreadthFirst, markerSearch } from "../src/search/marker-bfs.js";
import { markerDeepening, markerProof, nextLength } from "../src/search/marker-proof.js";
import type { Heuristic, SearchOutcome } from "../src/types.js";
import { corpusPack, countingTurns, PACKS, winsIn } from "./corpus.js";

let twinseed: Pack;
beforeAll(async () => {
  twinseed = await corpusPack("twinseed");
}, 300_000);

const wins = (level: string, actions: readonly object[]) => winsIn(twinseed, level, actions);

const goldLength = (level: string) => (twinseed.levels[level]?.solution.goldPath ?? []).length;

/** The plain breadth-first answers of each level, searched once for all the tests that compare with them. */
const plainRuns = new Map<string, SearchOutcome>();

function setUp(level: string) {
  const space = searchSpace(twinseed, level);
  // The placement distance alone: these tests are about the searches, with a heuristic without a table.
  const heuristic = placementHeuristic(twinseed, space.level) as Heuristic;
  let plain = plainRuns.get(level);
  if (plain === undefined) {
    const run = markerBreadthFirst(searchSpace(twinseed, level), new Limits(level, {}), 100);
    if (run?.status !== "solved") throw new Error(`${level} must solve`);
    plain = run;
    plainRuns.set(level, plain);
  }
  return { space, heuristic, plain };
}

// Small twinseed levels with a twin marker, pushes and tools, searched with the placement distance.
const LEVELS = ["tw_005", "tw_007", "tw_010"];

describe("markerProof", () => {
  it.each(LEVELS)("from the gold path's length, proves the optimum and counts the optima of %s", (level) => {
    const { space, heuristic, plain } = setUp(level);
    const proof = markerProof(space, new Limits(level, {}), 100, heuristic, goldLength(level));
    expect(proof?.status).toBe("solved");
    expect(proof?.optimalLength).toBe(plain.optimalLength);
    expect(proof?.optimalCount).toBe(plain.optimalCount);
    expect(proof?.lowerBound).toBe(plain.optimalLength);
    expect(wins(level, proof?.solution ?? [])).toBe(true);
    expect(proof?.solution).toHaveLength(plain.optimalLength as number);
  });

  it.each(LEVELS)("from a known length far above the optimum, still finds the optimum of %s", (level) => {
    const { space, heuristic, plain } = setUp(level);
    const proof = markerProof(space, new Limits(level, {}), 100, heuristic, goldLength(level) + 6);
    expect(proof?.status).toBe("solved");
    expect(proof?.optimalLength).toBe(plain.optimalLength);
    expect(proof?.optimalCount).toBe(plain.optimalCount);
    expect(wins(level, proof?.solution ?? [])).toBe(true);
  });

  it("settles a small level by breadth-first search before a heuristic builds its table", () => {
    const { space, heuristic, plain } = setUp("tw_010");
    let asked = 0;
    const counting = (tableEntries?: number): Heuristic => ({
      name: "counted",
      tableEntries,
      estimate: (state) => {
        asked++;
        return heuristic.estimate(state);
      },
    });
    const withTable = markerProof(space, new Limits("tw_010", {}), 100, counting(1e8), goldLength("tw_010"));
    expect(withTable?.optimalLength).toBe(plain.optimalLength);
    expect(withTable?.optimalCount).toBe(plain.optimalCount);
    expect(asked).toBe(0);
    const cheap = markerProof(space, new Limits("tw_010", {}), 100, counting(), goldLength("tw_010"));
    expect(cheap?.optimalLength).toBe(plain.optimalLength);
    expect(asked).toBeGreaterThan(0);
  });

  it("steps aside for levels without a marker layer", async () => {
    const space = searchSpace(await corpusPack("carrot_quest"), "fw_001");
    const h: Heuristic = { name: "zero", estimate: () => 0 };
    expect(markerProof(space, new Limits("fw_001", {}), 100, h, 10)).toBeNull();
  });
});

describe("markerSearch", () => {
  it("runs again with the same answers, replaying the engine only for states earlier runs did not meet", () => {
    const level = "tw_010";
    const counted = countingTurns(searchSpace(twinseed, level));
    const heuristic = placementHeuristic(twinseed, counted.space.level) as Heuristic;
    const search = markerSearch(counted.space, 100, heuristic);
    const first = search?.run(new Limits(level, {}), goldLength(level));
    const firstTurns = counted.turns();
    counted.reset();
    const second = search?.run(new Limits(level, {}), goldLength(level));
    expect(second).toEqual(first);
    expect(firstTurns).toBeGreaterThan(0);
    // Only the marker's own actions from cores with a marker are played again (teleports once per group).
    expect(counted.turns()).toBeLessThan(firstTurns / 2);
    // A longer pruning length meets more states, and still the same optimum.
    const wider = search?.run(new Limits(level, {}), goldLength(level) + 2);
    expect(wider?.optimalLength).toBe(first?.optimalLength);
    expect(wider?.statesSeen).toBeGreaterThan(first?.statesSeen as number);
  });

  it("best-first, expands no more than a run pruned at the optimum and gives the same answers", () => {
    for (const level of LEVELS) {
      const { space, heuristic, plain } = setUp(level);
      const optimum = plain.optimalLength as number;
      const best = markerSearch(space, 100, heuristic)?.bestFirst(
        new Limits(level, {}),
        goldLength(level) + 6,
      );
      if (best === null || best === undefined || best === "inconsistent")
        throw new Error(`${level}: ${best}`);
      expect(best.status).toBe("solved");
      expect(best.optimalLength).toBe(optimum);
      expect(best.optimalCount).toBe(plain.optimalCount);
      expect(best.lowerBound).toBe(optimum);
      expect(wins(level, best.solution ?? [])).toBe(true);
      expect(best.solution).toHaveLength(optimum);
      const pruned = markerSearch(space, 100, heuristic)?.run(new Limits(level, {}), optimum);
      expect(best.statesExpanded).toBeLessThanOrEqual(pruned?.statesExpanded as number);
      // Below the optimum, it runs dry and proves exactly that.
      const below = markerSearch(space, 100, heuristic)?.bestFirst(new Limits(level, {}), optimum - 1);
      expect(below).toMatchObject({ status: "bounded", bound: "maxDepth", lowerBound: optimum });
    }
  });

  it("gives exact answers with an admissible heuristic that is not consistent, or says it is not", () => {
    let noticed = 0;
    for (const level of LEVELS) {
      const { space, heuristic, plain } = setUp(level);
      // Half the states (by a hash of their key) estimate 0: still admissible, no longer consistent.
      const halved: Heuristic = {
        name: "halved",
        estimate: (state) => (hashOf(space.key(state)) % 2 === 0 ? 0 : heuristic.estimate(state)),
      };
      const best = markerSearch(space, 100, halved)?.bestFirst(new Limits(level, {}), goldLength(level));
      if (best === "inconsistent") noticed++;
      else {
        expect(best?.optimalLength).toBe(plain.optimalLength);
        expect(best?.optimalCount).toBe(plain.optimalCount);
      }
      const proof = markerProof(space, new Limits(level, {}), 100, halved, goldLength(level));
      expect(proof?.optimalLength).toBe(plain.optimalLength);
      expect(proof?.optimalCount).toBe(plain.optimalCount);
      expect(wins(level, proof?.solution ?? [])).toBe(true);
    }
    expect(noticed).toBeGreaterThan(0);
  });
});

/** A string's FNV-1a hash. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

describe("markerDeepening (no winning path to start from)", () => {
  it.each(LEVELS)("brings the length up from the estimate to the optimum and its count on %s", (level) => {
    const { space, heuristic, plain } = setUp(level);
    // The plain heuristic of these levels builds no table, so no unpruned run settles them first.
    expect(heuristic.tableEntries ?? 0).toBe(0);
    const deep = markerDeepening(space, new Limits(level, {}), 100, heuristic);
    expect(deep?.status).toBe("solved");
    expect(deep?.optimalLength).toBe(plain.optimalLength);
    expect(deep?.optimalCount).toBe(plain.optimalCount);
    expect(wins(level, deep?.solution ?? [])).toBe(true);
  });

  it("under a depth bound below the optimum, proves exactly that nothing shorter wins", () => {
    const level = "tw_010";
    const { space, heuristic, plain } = setUp(level);
    const optimum = plain.optimalLength as number;
    const deep = markerDeepening(space, new Limits(level, { maxDepth: optimum - 1 }), 100, heuristic);
    expect(deep?.status).toBe("bounded");
    expect(deep?.bound).toBe("maxDepth");
    expect(deep?.lowerBound).toBe(optimum);
  });

  it("proves a level unsolvable once a length cuts nothing but dead states", async () => {
    const fuzz = await loadPackFolder(join(PACKS, "../fuzz/packs/twinseed"));
    if (!fuzz.ok) throw new Error("the fuzz twinseed pack must load");
    // A mutant nothing wins (exhaustive search: 485 k states), with the relaxed carry distance.
    const level = "tw_020_m1";
    const plain = markerBreadthFirst(searchSpace(fuzz.pack, level), new Limits(level, {}), 100);
    expect(plain?.status).toBe("unsolvable");
    const space = searchSpace(fuzz.pack, level);
    const found = levelHeuristic(fuzz.pack, space.level) as Heuristic;
    // Without its table size, the search skips the unpruned run that would settle this level alone.
    const heuristic = { ...found, tableEntries: 0 };
    const deep = markerDeepening(space, new Limits(level, {}), 100, heuristic);
    expect(deep?.status).toBe("unsolvable");
    expect(deep?.lowerBound).toBeNull();
  });
});

describe("nextLength (how far a deepening run reaches past the last dry one)", () => {
  /** Dry runs as [length, states expanded]. */
  const dry = (...runs: [number, number][]) => runs.map(([length, states]) => ({ length, states }));

  it("goes one action on after the first dry run, then doubles its step while runs stay cheap", () => {
    expect(nextLength(dry([9, 3]))).toBe(10);
    expect(nextLength(dry([9, 3], [10, 13]))).toBe(12);
    expect(nextLength(dry([10, 13], [12, 62]))).toBe(16);
    // 2.26 times per action: three actions more reach about 20,000 states (eight would reach a million).
    expect(nextLength(dry([12, 62], [16, 1_622]))).toBe(19);
    // 1.67 times per action (tw_023_m0 with pending regions, lengths 17 and 25): one action.
    expect(nextLength(dry([17, 272], [25, 16_174]))).toBe(26);
  });

  it("steps so that the next run costs about twice the last, from the growth per action", () => {
    // 1.82 times per action (tw_020_m0 between lengths 16 and 24): one action, as two would cost 3.3 times.
    expect(nextLength(dry([16, 1_622], [24, 192_488]))).toBe(25);
    // 1.18 times per action: four actions cost about twice as much.
    expect(nextLength(dry([20, 100_000], [22, 139_240]))).toBe(26);
  });

  it("never more than doubles the last step, also when runs stop growing (an unsolvable level)", () => {
    expect(nextLength(dry([20, 100_000], [21, 100_500]))).toBe(23);
    expect(nextLength(dry([20, 100_000], [22, 100_000]))).toBe(26);
  });
});
