import { describe, expect, it } from "vitest";
// The pool starts worker threads from the built files, so these run against dist (turbo builds first).
import { defaultMemoryBudgetMb } from "../dist/node.js";
import { MemoryBudget, sharedMemoryBudget } from "../src/parallel/memory-budget.js";

describe("one memory budget for a whole solve", () => {
  it("splits a budget evenly among the threads drawing on it, never handing out more than it has", () => {
    const budget = new MemoryBudget(3000);
    const cells = [budget.join(), budget.join(), budget.join()];
    expect(cells.map((cell) => Atomics.load(cell, 0))).toEqual([1000, 1000, 1000]);
    budget.leave();
    expect(budget.shareMb).toBe(1500);
    // Every thread reads the same cell, so a share changes for all of them at once.
    expect(Atomics.load(cells[0] as Int32Array, 0)).toBe(1500);
    const fourth = budget.join();
    expect(Atomics.load(fourth, 0) * 3).toBeLessThanOrEqual(3000);
  });

  it("shares the default budget among every call of the process (the catalog's lanes)", () => {
    const budget = sharedMemoryBudget();
    expect(sharedMemoryBudget()).toBe(budget);
    const lanes = [budget.join(), budget.join(), budget.join(), budget.join()];
    try {
      expect(Atomics.load(lanes[0] as Int32Array, 0)).toBe(Math.floor(defaultMemoryBudgetMb() / 4));
    } finally {
      for (const _ of lanes) budget.leave();
    }
    expect(budget.shareMb).toBe(defaultMemoryBudgetMb());
  });
});
