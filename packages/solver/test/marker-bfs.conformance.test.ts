import { join } from "node:path";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { beforeAll, describe, expect, it } from "vitest";
import { type levelHeuristic, placementHeuristic, searchSpace, solveLevel } from "../src/index.js";
import { Limits } from "../src/limits.js";
import { breadthFirst } from "../src/search/bfs.js";
import { markerBreadthFirst } from "../src/search/marker-bfs.js";
import { countingTurns, PACKS } from "./corpus.js";

let twinseed: Pack;
let carrot: Pack;
beforeAll(async () => {
  for (const [name, set] of [
    ["twinseed", (p: Pack) => (twinseed = p)],
    ["carrot_quest", (p: Pack) => (carrot = p)],
  ] as const) {
    const loaded = await loadPackFolder(join(PACKS, name));
    if (!loaded.ok) throw new Error(`${name} must load`);
    set(loaded.pack);
  }
}, 300_000);

function wins(pack: Pack, level: string, actions: readonly object[]): boolean {
  const s = new Session(pack, level);
  for (const a of actions) if (!s.act(a as never).accepted) return false;
  return s.won && s.actionCount === actions.length;
}

/** Each unpruned search below runs once, for every test that compares with it. */
const runs = new Map<string, unknown>();
function once<T>(key: string, run: () => T): T {
  if (!runs.has(key)) runs.set(key, run());
  return runs.get(key) as T;
}
const plainRun = (level: string) =>
  once(`plain ${level}`, () => breadthFirst(searchSpace(twinseed, level), new Limits(level, {}), 100));
const markerRun = (level: string) =>
  once(`marker ${level}`, () => markerBreadthFirst(searchSpace(twinseed, level), new Limits(level, {}), 100));

describe("markerBreadthFirst", () => {
  // Small twinseed levels (a twin marker, pushes, tools, ice) and a level whose optimum is reached by
  // many equally short solutions.
  it.each(["tw_001", "tw_002", "tw_005", "tw_008", "tw_010"])(
    "agrees with plain breadth-first search on %s: optimum, number of optima, states reached",
    (level) => {
      const plain = plainRun(level);
      const marked = markerRun(level);
      expect(marked).not.toBeNull();
      expect(marked?.status).toBe("solved");
      expect(marked?.optimalLength).toBe(plain.optimalLength);
      expect(marked?.optimalCount).toBe(plain.optimalCount);
      expect(marked?.countCapped).toBe(plain.countCapped);
      expect(marked?.statesSeen).toBe(plain.statesSeen);
      expect(wins(twinseed, level, marked?.solution ?? [])).toBe(true);
      expect(marked?.solution).toHaveLength(plain.optimalLength as number);
    },
  );

  it("plays each origin-free teleport once for all cells the avatar may leave from", () => {
    const counted = countingTurns(searchSpace(twinseed, "tw_010"));
    const r = markerBreadthFirst(counted.space, new Limits("tw_010", {}), 100);
    // Far fewer turns than states: moves are played once per core, teleports once per group of cores.
    expect(counted.turns()).toBeLessThan((r?.statesSeen ?? 0) / 2);
  });

  it("pruned by the placement heuristic and the gold path's length, finds the same optimum and optima", () => {
    for (const level of ["tw_005", "tw_007", "tw_010"]) {
      const space = searchSpace(twinseed, level);
      const heuristic = placementHeuristic(twinseed, space.level);
      expect(heuristic?.name).toBe("placement distance");
      const gold = (twinseed.levels[level]?.solution.goldPath ?? []).length;
      const plain = markerRun(level);
      const pruned = markerBreadthFirst(searchSpace(twinseed, level), new Limits(level, {}), 100, {
        heuristic: heuristic as NonNullable<typeof heuristic>,
        length: gold,
      });
      expect(pruned?.optimalLength).toBe(plain?.optimalLength);
      expect(pruned?.optimalCount).toBe(plain?.optimalCount);
      expect(pruned?.statesSeen).toBeLessThan(plain?.statesSeen as number);
      expect(wins(twinseed, level, pruned?.solution ?? [])).toBe(true);
    }
  });

  it("the placement heuristic never overestimates the distance to a win from states along random walks", () => {
    let checked = 0;
    for (const level of ["tw_002", "tw_005", "tw_007", "tw_008"]) {
      const space = searchSpace(twinseed, level);
      const h = placementHeuristic(twinseed, space.level) as NonNullable<ReturnType<typeof levelHeuristic>>;
      // A fixed linear congruential sequence picks the actions: random-looking, the same on every run.
      let seed = 12345;
      const pick = () => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed % space.actions.length;
      };
      for (let walk = 0; walk < 6; walk++) {
        let state = space.start;
        for (let step = 0; step < 12; step++)
          state = space.next(state, space.actions[pick()] as never) ?? state;
        if (state.won || state.lost) continue;
        const estimate = h.estimate(state);
        const exact = markerBreadthFirst({ ...space, start: state }, new Limits(level, {}), 1);
        const distance =
          exact?.status === "solved" ? (exact.optimalLength as number) : Number.POSITIVE_INFINITY;
        expect(estimate).toBeLessThanOrEqual(distance);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it("steps aside for levels without a marker layer", () => {
    expect(markerBreadthFirst(searchSpace(carrot, "fw_001"), new Limits("fw_001", {}), 100)).toBeNull();
  });

  it("says which bound stopped it", () => {
    const limited = markerBreadthFirst(
      searchSpace(twinseed, "tw_010"),
      new Limits("tw_010", { maxStates: 1000 }),
      100,
    );
    expect(limited).toMatchObject({ status: "bounded", bound: "maxStates", optimalLength: null });
    const shallow = markerBreadthFirst(
      searchSpace(twinseed, "tw_010"),
      new Limits("tw_010", { maxDepth: 5 }),
      100,
    );
    expect(shallow).toMatchObject({ status: "bounded", bound: "maxDepth", lowerBound: 6 });
  });

  it("is what solveLevel uses for breadth-first search of a level with a marker layer", () => {
    const r = solveLevel(twinseed, "tw_005", { strategy: "bfs" });
    const plain = plainRun("tw_005");
    expect(r.optimalLength).toBe(plain.optimalLength);
    expect(r.statesExpanded).toBeLessThanOrEqual(plain.statesExpanded);
  });
});
