/**
 * The live examples the reference pages embed: every example pack validates with no diagnostics at
 * all, its gold paths win and the solver proves them optimal, and together the examples use every
 * system type the engine implements.
 */
import { join } from "node:path";
import { builtinRegistry, compilePack } from "@gridponder/engine";
import { validatePackFolder } from "@gridponder/schema/node";
import { solveLevel } from "@gridponder/solver";
import { describe, expect, it } from "vitest";
import { exampleNames } from "../scripts/examples.mjs";

const EXAMPLES = join(import.meta.dirname, "../examples");
const names: string[] = exampleNames(EXAMPLES);

describe("docs examples", () => {
  it("use every system type the engine implements", async () => {
    const used = new Set<string>();
    for (const name of names) {
      const result = await validatePackFolder(join(EXAMPLES, name));
      for (const s of result.pack?.game.systems ?? []) used.add(s.type);
    }
    expect([...builtinRegistry.systems.keys()].filter((t) => !used.has(t))).toEqual([]);
  });

  it.each(names)("%s validates cleanly and its gold paths are proven optimal", async (name) => {
    const result = await validatePackFolder(join(EXAMPLES, name));
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    if (result.pack === undefined) return;
    const pack = compilePack(result.pack);
    for (const id of pack.levelOrder) {
      const solved = solveLevel(pack, id, { timeLimitMs: 60_000 });
      expect(solved.status, `${name}/${id}`).toBe("solved");
      expect(solved.gold?.wins, `${name}/${id}: gold path wins`).toBe(true);
      expect(solved.gold?.optimal, `${name}/${id}: gold path optimal`).toBe(true);
    }
  });
});
