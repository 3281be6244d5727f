import { join } from "node:path";
import { describe, expect, it } from "vitest";
// The pool starts worker threads from the built files, so these run against dist (turbo builds first).
import { defaultMemoryBudgetMb, solveLevels } from "../dist/node.js";
import { PACKS } from "./corpus.js";

/** A level searched breadth-first without a heuristic: every thread of a pool searches it together. */
const BOX = join(PACKS, "carrot_quest");
const SHARED_LEVEL = "fw_004";
/** One such level whose search expands a quarter of a million states. */
const BIG_LEVEL = "fw_005";

describe("one memory budget for a whole solve", () => {
  it("gives each of a solve's N threads 1/N of --max-memory, not the whole of it each", async () => {
    const [result] = await solveLevels(BOX, [SHARED_LEVEL], { workers: 3, maxMemoryMb: 3000 });
    expect(result?.threads).toBe(3);
    expect(result?.status).toBe("solved");
    expect(result?.memoryLimitMb).toBe(1000);
  });

  it("splits the default budget too", async () => {
    const [result] = await solveLevels(BOX, [SHARED_LEVEL], { workers: 2 });
    expect(result?.threads).toBe(2);
    expect(result?.memoryLimitMb).toBe(Math.floor(defaultMemoryBudgetMb() / 2));
  });

  it("stops a search that outgrows its share with the memory bound instead of growing", async () => {
    // Each thread's share (1 MB) is less than a thread holds before it searches, so the first memory
    // check of each thread (every 2,048 states it expands) stops the search.
    const [capped] = await solveLevels(BOX, [BIG_LEVEL], { workers: 2, maxMemoryMb: 2 });
    expect(capped?.memoryLimitMb).toBe(1);
    expect(capped?.status).toBe("bounded");
    expect(capped?.bound).toBe("memory");
    expect(capped?.statesExpanded).toBeLessThanOrEqual(2 * 2048);
    // With the default budget the same search runs on until another bound stops it: a count of
    // states, so the test's work does not grow with the level.
    const [uncapped] = await solveLevels(BOX, [BIG_LEVEL], { workers: 2, maxStates: 200_000 });
    expect(uncapped?.status).toBe("bounded");
    expect(uncapped?.bound).toBe("maxStates");
    expect(uncapped?.statesExpanded).toBeGreaterThan(25 * 2 * 2048);
  });
});
