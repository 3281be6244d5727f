import { join } from "node:path";
import type { Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { describe, expect, it } from "vitest";
import { Limits } from "../src/limits.js";
import { goalSupply } from "../src/models/index.js";
import { breadthFirst } from "../src/search/bfs.js";
import { searchSpace } from "../src/search-space.js";
import { FUZZ_PACKS, PACKS } from "./corpus.js";

/** The most states either search may meet on one level; larger levels are left to the benchmark. */
const MAX_STATES = 150_000;

/**
 * Dropping the states the engine calls dead (`goalSupply`: scarce kinds, targets pinned on cells that
 * never change, targets walled off behind locks whose tools are gone) changes no answer: on every level
 * of the packs where those analyses apply, breadth-first search with and without the drop finds the
 * same verdict, optimum and number of optima, the drop meeting no more states.
 */
describe("dropping dead states keeps every answer", () => {
  it.each([
    ["fuzz", "box_builder"],
    ["shared", "carrot_quest"],
    ["fuzz", "carrot_quest"],
    ["fuzz", "rotate_flip"],
  ])("%s %s", async (corpus, name) => {
    const loaded = await loadPackFolder(join(corpus === "shared" ? PACKS : FUZZ_PACKS, name));
    const pack = (loaded as { pack: Pack }).pack;
    let compared = 0;
    let pruned = 0;
    for (const level of pack.levelOrder) {
      const exact = searchSpace(pack, level, { dropDead: false });
      if (goalSupply(pack, exact.level, exact.start) === null) continue;
      const limits = () => new Limits(level, { maxStates: MAX_STATES });
      const all = breadthFirst(exact, limits(), 100);
      if (all.status === "bounded") continue;
      const dropped = breadthFirst(searchSpace(pack, level), limits(), 100);
      expect([dropped.status, dropped.optimalLength, dropped.optimalCount], level).toEqual([
        all.status,
        all.optimalLength,
        all.optimalCount,
      ]);
      expect(dropped.statesSeen).toBeLessThanOrEqual(all.statesSeen);
      compared++;
      if (dropped.statesSeen < all.statesSeen) pruned++;
    }
    console.log(`${corpus} ${name}: ${compared} levels compared, ${pruned} searched fewer states`);
    expect(compared).toBeGreaterThan(0);
  });
});
