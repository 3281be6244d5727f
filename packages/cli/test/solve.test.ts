import { describe, expect, it } from "vitest";
import { LANTERN_CELLAR, run } from "./helpers.js";

describe("gridponder solve", () => {
  it("prints a results table with optimum, uniqueness and a summary", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "lc01_bottom_step", "lc07_icehouse"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/lc01_bottom_step\s+11\s+11\s+yes \(1\)/);
    expect(r.stdout).toMatch(/2 levels: 2 solved, 0 proven unsolvable, 0 stopped by a bound/);
  });

  it("prints JSON results with --json and nothing else on stdout", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "lc04_cobweb_curtains", "--json"]);
    expect(r.code).toBe(0);
    const results = JSON.parse(r.stdout) as {
      level: string;
      optimalLength: number;
      gold: { optimal: boolean };
    }[];
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      level: "lc04_cobweb_curtains",
      optimalLength: 11,
      gold: { optimal: true },
    });
  });

  it("says which bound stopped a search", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "lc03_stepping_crates", "--max-states", "50"]);
    expect(r.code).toBe(0);
    // What the search got through still counts: no solution is shorter than the depth it completed.
    expect(r.stdout).toMatch(/lc03_stepping_crates\s+\d+\s+≥ \d+ \(maxStates\)/);
  });

  it("lists the valid ids for an unknown level and exits 2", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "nope"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("lc01_bottom_step");
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });

  it("rejects a bad bound as a usage error", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "--workers", "zero"]);
    expect(r.code).toBe(2);
  });
});
