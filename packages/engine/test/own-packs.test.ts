import { join } from "node:path";
import { OWN_PACKS, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import { describe, expect, it } from "vitest";
import { Session } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";

// Our own example packs must load cleanly and every level's gold path must win on its last action.
describe.each(puzzlePackNames())("pack %s", (name) => {
  it("loads and every gold path wins exactly at its end", async () => {
    const loaded = await loadPackFolder(join(OWN_PACKS, name), { searchPaths: [OWN_PACKS] });
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    if (!loaded.ok) return;
    expect(loaded.pack.levelOrder.length).toBeGreaterThan(0);
    for (const id of loaded.pack.levelOrder) {
      const session = new Session(loaded.pack, id);
      const gold = loaded.pack.levels[id]?.solution.goldPath ?? [];
      gold.forEach((action, i) => {
        const turn = session.act(action as never);
        expect(turn.accepted, `${id} step ${i}`).toBe(true);
        expect(turn.won, `${id} wins only at the end (step ${i})`).toBe(i === gold.length - 1);
      });
    }
  });
});
