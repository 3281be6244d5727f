import type { Pack } from "@gridponder/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { placementHeuristic, searchSpace } from "../src/index.js";
import { Limits } from "../src/limits.js";
import { bestFirst } from "../src/search/marker/best-first.js";
import { breadthFirst } from "../src/search/marker/breadth-first.js";
import { expandCore } from "../src/search/marker/expand-core.js";
import type { MarkerFrontier } from "../src/search/marker/frontier.js";
import { MarkerStateCache } from "../src/search/marker/state-cache.js";
import type { Heuristic } from "../src/types.js";
import { corpusPack } from "./corpus.js";

let twinseed: Pack;
beforeAll(async () => {
  twinseed = await corpusPack("twinseed");
}, 300_000);

const LEVELS = ["tw_005", "tw_008"];
const COUNT_LIMIT = 100;
const CAP = COUNT_LIMIT + 1;

describe("the marker search's frontier", () => {
  it.each(LEVELS)("%s: both strategies, over one state cache, find the same optimum and optima", (level) => {
    const space = searchSpace(twinseed, level);
    const cache = new MarkerStateCache(space, placementHeuristic(twinseed, space.level) as Heuristic);
    const layered = breadthFirst(cache, new Limits(level, {}), null, COUNT_LIMIT, CAP);
    const best = bestFirst(cache, new Limits(level, {}), null, COUNT_LIMIT, CAP);
    expect(layered.status).toBe("solved");
    expect(best.status).toBe("solved");
    expect(best.optimalLength).toBe(layered.optimalLength);
    expect(best.optimalCount).toBe(layered.optimalCount);
    expect(best.solution).toHaveLength(layered.optimalLength as number);
    // Guided by the estimate, the best-first strategy expands no more than the layered one.
    expect(best.statesExpanded).toBeLessThanOrEqual(layered.statesExpanded);
  });

  it("gets every slot one turn from the start, each with the start's single path", () => {
    const space = searchSpace(twinseed, "tw_008");
    const cache = new MarkerStateCache(space, null);
    const start = cache.startRun();
    const reached: string[] = [];
    const recorder: MarkerFrontier = {
      reach(core, m, slot, depth, paths) {
        expect(slot).toBe(core * cache.values + m);
        expect(depth).toBe(1);
        expect(paths).toBe(1);
        reached.push(`${core}/${m}`);
      },
    };
    const markers = Int32Array.of(start % cache.values);
    expandCore(cache, recorder, Math.floor(start / cache.values), markers, 1, 0);
    // The same successors, played directly on the engine.
    const direct: string[] = [];
    for (const action of space.actions) {
      const child = space.next(space.start, action);
      if (child === null || child.lost) continue;
      const core = cache.place(child, true);
      direct.push(`${core}/${cache.placedMarker}`);
    }
    expect(direct.length).toBeGreaterThan(0);
    expect(reached.sort()).toEqual(direct.sort());
  });
});
