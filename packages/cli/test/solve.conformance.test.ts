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
});
