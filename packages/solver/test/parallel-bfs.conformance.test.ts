import { join } from "node:path";
import type { GameState, Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { describe, expect, it } from "vitest";
import { Limits } from "../src/limits.js";
import { breadthFirst } from "../src/search/bfs.js";
import { parallelBreadthFirst, type SearchLink } from "../src/search/parallel-bfs.js";
import { searchSpace } from "../src/search-space.js";
import type { SearchOutcome } from "../src/types.js";
import { corpusPack, PACKS } from "./corpus.js";

const FUZZ = join(PACKS, "../fuzz/packs");

/** Rounds of messages swapped by all the memory links made so far. */
let rounds = 0;

/** `count` links that swap batches in memory, as threads would through message ports. */
function memoryLinks(count: number): SearchLink[] {
  let round: object[] = [];
  let waiting: ((batches: readonly object[]) => void)[] = [];
  return Array.from({ length: count }, (_, index) => ({
    index,
    count,
    exchange<T extends object>(batch: T) {
      round[index] = batch;
      return new Promise<readonly T[]>((resolve) => {
        waiting.push(resolve as (batches: readonly object[]) => void);
        if (waiting.length === count) {
          const batches = round;
          rounds++;
          const all = waiting;
          round = [];
          waiting = [];
          for (const r of all) r(batches);
        }
      });
    },
  }));
}

/** Runs `count` searchers of one level, each with its own search space (its own part numbering). */
async function parallel(
  pack: Pack,
  level: string,
  count: number,
  options: { maxStates?: number; shipAtLeast?: number } = {},
): Promise<SearchOutcome[]> {
  const links = memoryLinks(count);
  return Promise.all(
    links.map((link) =>
      parallelBreadthFirst(
        searchSpace(pack, level),
        new Limits(level, { maxStates: options.maxStates }),
        100,
        link,
        options.shipAtLeast,
      ),
    ),
  );
}

/** The solution replayed: does it win with every action accepted? */
function wins(pack: Pack, level: string, outcome: SearchOutcome): boolean {
  const space = searchSpace(pack, level);
  let state: GameState | null = space.start;
  for (const action of outcome.solution ?? []) {
    state = state && space.next(state, action);
  }
  return state?.won === true;
}

const CASES: readonly [string, string, string][] = [
  ["shared", "box_builder", "bb_012"],
  ["shared", "carrot_quest", "fw_ice_007"],
  ["shared", "rotate_flip", "rf_008"],
  ["shared", "number_cells", "nc_019"],
  ["shared", "diagonal_swipes", "ds_013"],
  ["shared", "fx_flank_capture", "fc_001"],
  ["shared", "twinseed", "tw_002"],
  ["fuzz", "box_builder", "bb_011_m1"],
  ["fuzz", "carrot_quest", "fw_007_m1"],
];

describe("parallelBreadthFirst answers as breadthFirst does", () => {
  it.each(CASES)("%s %s/%s, with 2 and 3 searchers, shipping states or not", async (corpus, name, level) => {
    const pack =
      corpus === "shared"
        ? await corpusPack(name)
        : ((await loadPackFolder(join(FUZZ, name))) as { pack: Pack }).pack;
    const alone = breadthFirst(searchSpace(pack, level), new Limits(level, {}), 100);
    const roundsBy = new Map<string, number>();
    // Shares evened out only when worth it, and (shipping a state whenever two shares differ) always.
    for (const [count, shipAtLeast] of [
      [2, undefined],
      [3, undefined],
      [2, 1],
      [3, 1],
    ] as const) {
      const before = rounds;
      const outcomes = await parallel(pack, level, count, { shipAtLeast });
      roundsBy.set(`${count}/${shipAtLeast}`, rounds - before);
      // Every searcher reaches the same verdict; searcher 0 reports the search.
      for (const o of outcomes) {
        expect(o.status).toBe(alone.status);
        expect(o.optimalLength).toBe(alone.optimalLength);
        expect(o.optimalCount).toBe(alone.optimalCount);
        expect(o.countCapped).toBe(alone.countCapped);
        expect(o.statesSeen).toBe(alone.statesSeen);
      }
      const [first] = outcomes as [SearchOutcome];
      expect(first.statesExpanded).toBe(alone.statesExpanded);
      if (alone.status === "solved") expect(wins(pack, level, first)).toBe(true);
    }
    // Shipping whenever shares differ never takes fewer rounds; on levels whose shares drift apart
    // it takes more (the box_builder mutant below).
    expect(roundsBy.get("2/1") as number).toBeGreaterThanOrEqual(roundsBy.get("2/undefined") as number);
    if (level === "bb_011_m1")
      expect(roundsBy.get("2/1") as number).toBeGreaterThan(roundsBy.get("2/undefined") as number);
  });

  it("stops every searcher at a state bound, with what the layers done prove", async () => {
    const pack = await corpusPack("rotate_flip");
    const outcomes = await parallel(pack, "rf_010", 2, { maxStates: 2_000 });
    for (const o of outcomes) {
      expect(o.status).toBe("bounded");
      expect(o.bound).toBe("maxStates");
      expect(o.lowerBound).toBeGreaterThan(1);
    }
  });
});
