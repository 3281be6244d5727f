import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANTERN_CELLAR, run } from "./helpers.js";

describe("gridponder solve", () => {
  it("prints a results table with optimum, uniqueness and a summary", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "lc01_bottom_step", "lc07_icehouse"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/lc01_bottom_step\s+11\s+11\s+yes \(1\)/);
    expect(r.stdout).toMatch(/2 levels: 2 solved, 0 proven unsolvable, 0 stopped by a bound/);
  });

  it("refuses more than 64 workers, which would exhaust the memory before searching", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "lc01_bottom_step", "--workers", "1000"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("argument '1000' is invalid. expected at most 64 workers");
    expect(r.stdout).toBe("");
  });

  it("takes a whole number or all for --count-states, and refuses anything else", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "lc01_bottom_step", "--count-states", "some"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`argument 'some' is invalid. expected a whole number, 0 or more, or "all"`);
    const counted = await run(["solve", LANTERN_CELLAR, "lc01_bottom_step", "--count-states", "0"]);
    expect(counted.code).toBe(0);
    expect(counted.stdout).toMatch(/lc01_bottom_step\s+11\s+11/);
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

  it("solves several packs, or a folder of packs, with one summary", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gp-solve-"));
    try {
      await cp(LANTERN_CELLAR, join(folder, "a"), { recursive: true });
      await cp(LANTERN_CELLAR, join(folder, "b"), { recursive: true });
      const r = await run(["solve", folder, "--max-depth", "12", "--json"]);
      expect(r.code).toBe(0);
      const results = JSON.parse(r.stdout) as { pack: string; level: string }[];
      expect(new Set(results.map((x) => x.pack))).toEqual(new Set([join(folder, "a"), join(folder, "b")]));
      expect(results).toHaveLength(16);
      const table = await run(["solve", join(folder, "a"), join(folder, "b"), "--max-depth", "12"]);
      expect(table.stdout).toContain(`${join(folder, "b")}:`);
      expect(table.stdout).toMatch(/16 levels in 2 packs: \d+ solved/);
      // Level ids name levels of one pack only.
      const ambiguous = await run(["solve", folder, "lc01_bottom_step"]);
      expect(ambiguous.code).toBe(2);
      expect(ambiguous.stderr).toContain("single pack");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("takes a time limit in fractions of a second", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "lc01_bottom_step", "--time-limit", "0.5", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ level: "lc01_bottom_step" });
    expect((await run(["solve", LANTERN_CELLAR, "--time-limit", "0"])).code).toBe(2);
    expect((await run(["solve", LANTERN_CELLAR, "--time-limit", "soon"])).code).toBe(2);
  });

  it("rejects a bad bound as a usage error", async () => {
    const r = await run(["solve", LANTERN_CELLAR, "--workers", "zero"]);
    expect(r.code).toBe(2);
  });
});
