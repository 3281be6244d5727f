import type { Pack } from "@gridponder/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { levelHeuristic, searchSpace } from "../src/index.js";
import { Limits } from "../src/limits.js";
import { breadthFirst } from "../src/search/bfs.js";
import { bestFirst } from "../src/search/marker/best-first.js";
import { breadthFirst as markerBreadthFirst } from "../src/search/marker/breadth-first.js";
import { MarkerStateCache } from "../src/search/marker/state-cache.js";
import { corpusPack, winsIn } from "./corpus.js";

let twinseed: Pack;
beforeAll(async () => {
  twinseed = await corpusPack("twinseed");
}, 300_000);

/** Counts up to 100 optima, as the solver's searches do. */
const COUNT = 100;

describe("the marker search with its slot words turned sparse", () => {
  it.each(["tw_008", "tw_010", "tw_011"])(
    "%s: breadth-first and best-first find the optimum and the number of optima of a search over whole states",
    (level) => {
      // The search over whole states keeps no slot words: the answer to match.
      const whole = breadthFirst(searchSpace(twinseed, level), new Limits(level, {}), COUNT);
      if (whole.status !== "solved") throw new Error(`${level} must solve`);
      // Sparse past 4,096 slots instead of 2^26: these levels run most of their searches sparse.
      const plainCache = new MarkerStateCache(searchSpace(twinseed, level), null, 4096);
      const plain = markerBreadthFirst(plainCache, new Limits(level, {}), null, COUNT, COUNT + 1);
      expect(plainCache.slots.isSparse).toBe(true);
      expect(plain.status).toBe("solved");
      expect(plain.optimalLength).toBe(whole.optimalLength);
      expect(plain.optimalCount).toBe(whole.optimalCount);
      expect(plain.statesExpanded).toBe(whole.statesExpanded);

      const space = searchSpace(twinseed, level);
      const heuristic = levelHeuristic(twinseed, space.level);
      if (heuristic === null) throw new Error(`${level} must have a heuristic`);
      heuristic.prepare?.(Number.POSITIVE_INFINITY);
      const cache = new MarkerStateCache(space, heuristic, 4096);
      const limits = new Limits(level, { maxCountStates: Number.POSITIVE_INFINITY });
      const best = bestFirst(cache, limits, null, COUNT, COUNT + 1);
      expect(cache.slots.isSparse).toBe(true);
      expect(best.status).toBe("solved");
      expect(best.optimalLength).toBe(whole.optimalLength);
      expect(best.optimalCount).toBe(whole.optimalCount);
      expect(best.solution?.length).toBe(whole.optimalLength);
      expect(winsIn(twinseed, level, best.solution ?? [])).toBe(true);
      expect(winsIn(twinseed, level, plain.solution ?? [])).toBe(true);
    },
    120_000,
  );
});
