import { join } from "node:path";
import type { Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { beforeAll, describe, expect, it } from "vitest";
import { levelHeuristic, patternHeuristic, searchSpace, solveLevel } from "../src/index.js";
import { Limits } from "../src/limits.js";
import { aStar } from "../src/search/astar.js";
import { breadthFirst } from "../src/search/bfs.js";
import { FUZZ_PACKS, PACKS } from "./corpus.js";

async function load(dir: string): Promise<Pack> {
  const loaded = await loadPackFolder(dir);
  if (!loaded.ok) throw new Error(`${dir} must load`);
  return loaded.pack;
}

let flips: Pack;
let mutants: Pack;
let twinseed: Pack;
beforeAll(async () => {
  flips = await load(join(PACKS, "rotate_flip"));
  mutants = await load(join(FUZZ_PACKS, "rotate_flip"));
  twinseed = await load(join(PACKS, "twinseed"));
}, 120_000);

describe("pattern databases played by the engine", () => {
  it("guide A* to the optimum breadth-first search finds, expanding fewer states", () => {
    for (const id of ["rf_008", "rf_010"]) {
      const space = searchSpace(flips, id);
      const h = patternHeuristic(flips, space.level);
      expect(h?.name).toBe("pattern database");
      const start = h?.estimate(space.start) ?? 0;
      expect(start).toBeGreaterThan(0);
      const exact = breadthFirst(space, new Limits(id, {}), 100);
      const guided = aStar(searchSpace(flips, id), new Limits(id, {}), h as never);
      expect(start).toBeLessThanOrEqual(exact.optimalLength as number);
      expect(guided.optimalLength).toBe(exact.optimalLength);
      expect(guided.statesExpanded).toBeLessThan(exact.statesExpanded);
    }
  });

  it("prove a mutant that breadth-first search cannot finish (16 tiles turned under a 2×2 overlay)", () => {
    const r = solveLevel(mutants, "rf_007_m1");
    expect(r).toMatchObject({ status: "solved", optimalLength: 19, heuristic: "pattern database" });
    expect(r.gold.wins).toBe(false);
  });

  it("are offered only for board_match goals on a layer no turn reads", () => {
    expect(levelHeuristic(flips, searchSpace(flips, "rf_001").level)?.name).toBe("pattern database");
    // Pushing reads the objects layer (what is solid, what is pushable), and rules read cells.
    expect(patternHeuristic(twinseed, searchSpace(twinseed, "tw_001").level)).toBeNull();
  });
});
