import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// The pool starts worker threads from the built files, so this test runs against dist (turbo builds first).
import { SolveError, type SolveEvent, solveLevels } from "../dist/node.js";
import { workerWatches } from "./workers.js";

const LANTERN = join(import.meta.dirname, "../../../packs/lantern-cellar");
const LEVELS = ["lc01_bottom_step", "lc02_storeroom", "lc04_cobweb_curtains", "lc07_icehouse"];

const watch = workerWatches();

describe("solveLevels (worker threads)", () => {
  it("reports an unknown level as an error naming it", async () => {
    const failure = await solveLevels(LANTERN, ["nope"], { workers: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SolveError);
    expect(String(failure)).toMatch(/nope/);
  });

  it("refuses a pack that does not load before starting a worker, naming the first level", async () => {
    const broken = mkdtempSync(join(tmpdir(), "gp-pool-"));
    try {
      cpSync(LANTERN, broken, { recursive: true });
      writeFileSync(join(broken, "game.json"), "{ not json");
      const workers = watch();
      const failure = await solveLevels(broken, [LEVELS[0] as string], { workers: 2 }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(SolveError);
      expect((failure as SolveError).level).toBe(LEVELS[0]);
      expect(String(failure)).toMatch(/does not load/);
      expect(workers.started()).toBe(0);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("resolves an empty list to [] without starting a worker", async () => {
    const workers = watch();
    const events: SolveEvent[] = [];
    expect(await solveLevels(LANTERN, [], { onEvent: (e) => events.push(e) })).toEqual([]);
    expect(workers.started()).toBe(0);
    expect(events).toEqual([]);
  });

  it("has a one-file worker build that imports nothing but Node's own modules", () => {
    // Each thread loads its modules afresh at every call: one file instead of the ~270 tsc emits.
    const bundle = readFileSync(join(import.meta.dirname, "../dist/parallel/worker-bundle.js"), "utf8");
    const imported = [...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((specifier) => !specifier?.startsWith("node:"))).toEqual([]);
  });
});
