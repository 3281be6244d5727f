import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFORMANCE, run } from "./helpers.js";

describe("gridponder solve", () => {
  it("splits --max-memory among the worker threads: one budget for the whole solve", async () => {
    // carrot_quest fw_005 is searched breadth-first by every thread together; 2 MB leaves each thread
    // 1 MB, less than it holds before searching, so the search stops at its first memory check.
    const carrots = join(CONFORMANCE, "packs/carrot_quest");
    const r = await run(["solve", carrots, "fw_005", "--workers", "2", "--max-memory", "2", "--json"]);
    const [result] = JSON.parse(r.stdout);
    expect(result).toMatchObject({ threads: 2, memoryLimitMb: 1, status: "bounded", bound: "memory" });
    expect(result.statesExpanded).toBeLessThanOrEqual(2 * 2048);
    expect(r.code).toBe(0);
  });

  it("counts the optimal solutions within --count-states, in full with all", async () => {
    // tw_010's marker search proves 44 by a dive before expanding that total: counting is what remains.
    const twinseed = join(CONFORMANCE, "packs/twinseed");
    const skipped = await run(["solve", twinseed, "tw_010", "--count-states", "0", "--json"]);
    const full = await run(["solve", twinseed, "tw_010", "--count-states", "all", "--json"]);
    const [a] = JSON.parse(skipped.stdout);
    const [b] = JSON.parse(full.stdout);
    expect(a).toMatchObject({ status: "solved", optimalLength: 44, optimalCount: null });
    expect(b).toMatchObject({ status: "solved", optimalLength: 44, optimalCount: 1, countCapped: false });
    expect(a.statesExpanded).toBeLessThan(b.statesExpanded);
  });
});
