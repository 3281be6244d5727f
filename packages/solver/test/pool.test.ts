import { join } from "node:path";
import { describe, expect, it } from "vitest";
// The pool starts worker threads from the built files, so this test runs against dist (turbo builds first).
import { SolveError, type SolveEvent, solveLevels } from "../dist/node.js";

const LANTERN = join(import.meta.dirname, "../../../packs/lantern-cellar");
const LEVELS = ["lc01_bottom_step", "lc02_storeroom", "lc04_cobweb_curtains", "lc07_icehouse"];

describe("solveLevels (worker threads)", () => {
  it("solves levels in parallel, returns them in the order asked, and streams events", async () => {
    const events: SolveEvent[] = [];
    const results = await solveLevels(LANTERN, LEVELS, { workers: 2, onEvent: (e) => events.push(e) });
    expect(results.map((r) => r.level)).toEqual(LEVELS);
    expect(results.every((r) => r.status === "solved" && r.gold.optimal === true)).toBe(true);
    expect(events.filter((e) => e.type === "start").length).toBe(LEVELS.length);
    expect(events.filter((e) => e.type === "done").length).toBe(LEVELS.length);
  });

  it("reports an unknown level as an error naming it", async () => {
    const failure = await solveLevels(LANTERN, ["nope"], { workers: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SolveError);
    expect(String(failure)).toMatch(/nope/);
  }, 300_000);
});
