import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// The pool starts worker threads from the built files, so this test runs against dist (turbo builds first).
import { SolveError, type SolveEvent, solveLevels } from "../dist/node.js";
import { PACKS } from "./corpus.js";
import { workerWatches } from "./workers.js";

const LANTERN = join(import.meta.dirname, "../../../packs/lantern-cellar");
const LEVELS = ["lc01_bottom_step", "lc02_storeroom", "lc04_cobweb_curtains", "lc07_icehouse"];
/** A level whose proof takes tens of seconds (its distance table alone takes several; README). */
const TWINSEED = join(PACKS, "twinseed");
const SLOW_LEVEL = "tw_023";

const watch = workerWatches();

describe("solveLevels (worker threads)", () => {
  it("solves levels in parallel, returns them in the order asked, and streams events", async () => {
    const workers = watch();
    const events: SolveEvent[] = [];
    const results = await solveLevels(LANTERN, LEVELS, { workers: 2, onEvent: (e) => events.push(e) });
    expect(results.map((r) => r.level)).toEqual(LEVELS);
    expect(results.every((r) => r.status === "solved" && r.gold.optimal === true)).toBe(true);
    expect(events.filter((e) => e.type === "start").length).toBe(LEVELS.length);
    expect(events.filter((e) => e.type === "done").length).toBe(LEVELS.length);
    expect(workers.started()).toBe(2);
    expect(workers.live()).toBe(0);
  });

  it("searches a single breadth-first level with every thread, with the answers of one thread", async () => {
    const box = join(PACKS, "carrot_quest");
    const alone = await solveLevels(box, ["fw_004"], { workers: 1 });
    const workers = watch();
    const events: SolveEvent[] = [];
    const [together] = await solveLevels(box, ["fw_004"], { workers: 2, onEvent: (e) => events.push(e) });
    expect(workers.started()).toBe(2);
    expect(workers.live()).toBe(0);
    expect(together?.threads).toBe(2);
    expect(alone[0]?.threads).toBe(1);
    for (const field of ["status", "optimalLength", "optimalCount", "statesSeen", "statesExpanded"] as const)
      expect(together?.[field]).toEqual(alone[0]?.[field]);
    expect(together?.gold).toEqual(alone[0]?.gold);
    expect(events.filter((e) => e.type === "start").length).toBe(1);
    expect(events.filter((e) => e.type === "done").length).toBe(1);
  });

  it("has the other threads fill the heuristic's table of a marker level at once, with the answers of one thread", async () => {
    // A mutant on ice whose search needs the relaxed carry table (the unpruned start does not settle it).
    const pack = join(PACKS, "../fuzz/packs/twinseed");
    const alone = await solveLevels(pack, ["tw_016_m0"], { workers: 1 });
    const workers = watch();
    const [together] = await solveLevels(pack, ["tw_016_m0"], { workers: 2 });
    expect(workers.started()).toBe(2);
    expect(workers.live()).toBe(0);
    expect(alone[0]?.threads).toBe(1);
    expect(together?.threads).toBe(2);
    expect(together?.heuristic).toBe("relaxed carry distance");
    for (const field of ["status", "optimalLength", "optimalCount"] as const)
      expect(together?.[field]).toEqual(alone[0]?.[field]);
    expect(together?.gold).toEqual(alone[0]?.gold);
    // One thread first tries the level without the table; a team's lead joins the fill instead (the
    // team's search itself is compared state for state with one thread's in marker-team.test.ts).
    expect(together?.statesExpanded).toBeLessThan(alone[0]?.statesExpanded as number);
  });

  it("searches a marker level whose heuristic has no table with every thread, with the answers of one thread", async () => {
    // Two published levels side by side (bench/make-hard.mjs, made from the corpus, so made here): five
    // plots, too many for the relaxed carry model, so the placement distance alone guides a search of
    // 1.5 M states.
    const out = mkdtempSync(join(tmpdir(), "gp-hard-"));
    try {
      const script = join(import.meta.dirname, "../bench/make-hard.mjs");
      execFileSync(process.execPath, [script, "--out", out, "--only", "th_007"]);
      const pack = join(out, "twinseed_hard");
      const alone = await solveLevels(pack, ["th_007"], { workers: 1 });
      const workers = watch();
      const [together] = await solveLevels(pack, ["th_007"], { workers: 2 });
      expect(workers.started()).toBe(2);
      expect(workers.live()).toBe(0);
      expect(alone[0]?.threads).toBe(1);
      expect(together?.threads).toBe(2);
      expect(together?.heuristic).toBe("placement distance");
      for (const field of ["status", "optimalLength", "optimalCount", "gold"] as const)
        expect(together?.[field]).toEqual(alone[0]?.[field]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("leaves a level searched with a heuristic to one thread", async () => {
    const workers = watch();
    const [result] = await solveLevels(join(PACKS, "flood_colors"), ["fl_011"], { workers: 2 });
    expect(result?.status).toBe("solved");
    expect(result?.threads).toBe(1);
    expect(workers.live()).toBe(0);
  });
  it("stops every worker at the first failure, without waiting for the others' levels", async () => {
    // One worker fails at once on an unknown level; the other is busy with a level that takes tens of
    // seconds. Waiting for it would deliver its result before the rejection.
    const workers = watch();
    const events: SolveEvent[] = [];
    const failure = await solveLevels(TWINSEED, [SLOW_LEVEL, "nope"], {
      workers: 2,
      timeLimitMs: 60_000,
      onEvent: (e) => events.push(e),
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SolveError);
    expect((failure as SolveError).level).toBe("nope");
    expect(workers.started()).toBe(2);
    // Both threads have exited by the time the call rejects...
    expect(workers.live()).toBe(0);
    const seen = events.length;
    // With every thread gone no message is left in flight: a further turn of the event loop (an event,
    // not a wait of some length) delivers nothing...
    await new Promise((resolve) => setImmediate(resolve));
    // ...so nothing more arrives, and the slow level never finished.
    expect(events.length).toBe(seen);
    expect(events.filter((e) => e.type === "done")).toEqual([]);
    expect(events.filter((e) => e.type === "start").map((e) => (e as { level: string }).level)).toEqual([
      SLOW_LEVEL,
      "nope",
    ]);
  });
});
