import { join } from "node:path";
import type { Pack } from "@gridponder/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { solveLevels } from "../dist/node.js";
import { levelHeuristic, searchSpace } from "../src/index.js";
import { Limits } from "../src/limits.js";
import { markerBreadthFirst, markerSearch } from "../src/search/marker-bfs.js";
import type { Heuristic, SearchOutcome } from "../src/types.js";
import { corpusPack, PACKS, winsIn } from "./corpus.js";

let twinseed: Pack;
beforeAll(async () => {
  twinseed = await corpusPack("twinseed");
}, 300_000);

const wins = (level: string, actions: readonly object[]) => winsIn(twinseed, level, actions);

/** Per level, the heuristic the solver picks, its table built once for every search of the level. */
const heuristics = new Map<string, Heuristic>();

/** The best-first marker search of a level with the solver's heuristic, under `options`. */
function bestFirst(level: string, options: ConstructorParameters<typeof Limits>[1]): SearchOutcome {
  const space = searchSpace(twinseed, level);
  let heuristic = heuristics.get(level);
  if (heuristic === undefined) {
    heuristic = levelHeuristic(twinseed, space.level) ?? undefined;
    if (heuristic === undefined) throw new Error(`${level} must have a heuristic`);
    heuristic.prepare?.(Number.POSITIVE_INFINITY);
    heuristics.set(level, heuristic);
  }
  const outcome = markerSearch(space, 100, heuristic)?.bestFirst(new Limits(level, options), null);
  if (outcome === null || outcome === undefined || outcome === "inconsistent")
    throw new Error(`${level} must be searched best first`);
  return outcome;
}

describe("dives ahead in the marker search's last total", () => {
  // Levels whose last total a dive reaches a win in (with the budget the search gives it there).
  const levels = ["tw_008", "tw_010"];

  it.each(levels)(
    "%s: the optimum is proved as without dives, and counted exactly within the budget",
    (level) => {
      const plain = markerBreadthFirst(searchSpace(twinseed, level), new Limits(level, {}), 100);
      if (plain?.status !== "solved") throw new Error(`${level} must solve`);
      // Without a budget the last total is expanded whole: the plain search's count.
      const whole = bestFirst(level, { maxCountStates: Number.POSITIVE_INFINITY });
      expect(whole.optimalLength).toBe(plain.optimalLength);
      expect(whole.optimalCount).toBe(plain.optimalCount);
      // With none, the search stops where a dive found the win: the same optimum, the count unknown.
      const proved = bestFirst(level, { maxCountStates: 0 });
      expect(proved.status).toBe("solved");
      expect(proved.optimalLength).toBe(plain.optimalLength);
      expect(proved.optimalCount).toBeNull();
      expect(proved.statesExpanded).toBeLessThan(whole.statesExpanded);
      expect(proved.solution?.length).toBe(plain.optimalLength);
      expect(wins(level, proved.solution ?? [])).toBe(true);
      // The default budget counts these in full, or says it did not.
      const counted = bestFirst(level, {});
      expect(counted.optimalLength).toBe(plain.optimalLength);
      if (counted.optimalCount !== null) expect(counted.optimalCount).toBe(plain.optimalCount);
      expect(wins(level, counted.solution ?? [])).toBe(true);
    },
  );

  it("proves the optimum by a team's dive: every thread stops, the lead has the winning way", async () => {
    // tw_017: the team's dives find the win as its last total starts (a dive of each thread goes on
    // only from the cores it owns, so small levels may not be proved that way by a team).
    const dir = join(PACKS, "twinseed");
    const alone = bestFirst("tw_017", {});
    for (const workers of [2, 3]) {
      const [team] = await solveLevels(dir, ["tw_017"], { workers, maxCountStates: 0 });
      expect(team?.threads).toBe(workers);
      expect(team?.status).toBe("solved");
      expect(team?.optimalLength).toBe(alone.optimalLength);
      // Unknown: the team stopped where the dive proved the optimum, before the last total was whole.
      expect(team?.optimalCount).toBeNull();
      expect(team?.solution?.length).toBe(alone.optimalLength);
      expect(wins("tw_017", team?.solution ?? [])).toBe(true);
    }
  }, 120_000);
});
