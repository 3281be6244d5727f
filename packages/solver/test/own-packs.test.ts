/**
 * Every puzzle pack in the repository's packs/ (its match packs aside) is a finished teaching pack: it validates with no diagnostics
 * at all, every level's gold path wins, and the solver proves each gold path optimal. The search is
 * bounded by a number of states, not by time, so the verdict does not depend on the machine; a level
 * that needs more is too big for a teaching pack. The table printed at the end reports each level's
 * optimum, how many optimal solutions it has (1 = unique), the states searched and the time taken.
 */
import { join } from "node:path";
import { OWN_PACKS, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import { builtinRegistry, compilePack } from "@gridponder/engine";
import { validatePackFolder } from "@gridponder/schema/node";
import { afterAll, describe, expect, it } from "vitest";
import { solveLevel } from "../src/index.js";

/** Far more than any teaching level needs (the largest takes a few hundred thousand). */
const MAX_STATES = 4_000_000;

const rows: string[] = [];

afterAll(() => {
  console.log(["level | optimum | optimal solutions | states | ms", ...rows].map((r) => `  ${r}`).join("\n"));
});

describe.each(puzzlePackNames())("pack %s", (name) => {
  it("validates cleanly, and every gold path wins and is proven optimal", async () => {
    const result = await validatePackFolder(join(OWN_PACKS, name), { searchPaths: [OWN_PACKS] });
    expect(result.diagnostics).toEqual([]);
    if (result.pack === undefined) throw new Error(`${name} did not validate`);
    const pack = compilePack(result.pack);
    expect(pack.levelOrder.length).toBeGreaterThanOrEqual(8);
    for (const id of pack.levelOrder) {
      const solved = solveLevel(pack, id, { maxStates: MAX_STATES, countLimit: 1000 });
      expect(solved.status, `${name}/${id}`).toBe("solved");
      expect(solved.gold.wins, `${name}/${id}: the gold path wins`).toBe(true);
      expect(solved.gold.optimal, `${name}/${id}: the gold path is optimal`).toBe(true);
      const count = `${solved.optimalCount ?? "?"}${solved.countCapped ? "+" : ""}`;
      rows.push(
        `${name}/${id} | ${solved.optimalLength} | ${count}${solved.optimalCount === 1 ? " (unique)" : ""} | ${solved.statesSeen} | ${Math.round(solved.elapsedMs)}`,
      );
    }
  });
});

describe("packs/ together", () => {
  it("use every system type the engine implements", async () => {
    const used = new Set<string>();
    for (const name of puzzlePackNames()) {
      const result = await validatePackFolder(join(OWN_PACKS, name), { searchPaths: [OWN_PACKS] });
      for (const system of result.pack?.game.systems ?? []) used.add(system.type);
    }
    expect([...builtinRegistry.systems.keys()].filter((type) => !used.has(type))).toEqual([]);
  });
});
