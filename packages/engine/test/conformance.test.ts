import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatLevelReport, type LevelReport } from "../src/index.js";
import { runConformance } from "../src/node.js";
import { PACKS, TRACES } from "./corpus.js";

/**
 * Levels whose every run must match the reference traces state by state. The engine is being built
 * system by system; this list only grows, and the suite fails if any listed level regresses.
 */
const baseline: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, "conformance-baseline.json"), "utf8"),
);

let reports: LevelReport[] = [];

beforeAll(async () => {
  reports = await runConformance(PACKS, TRACES);
}, 120_000);

describe("conformance traces", () => {
  it("covers every trace file of the corpus", () => {
    expect(reports.length).toBeGreaterThanOrEqual(100);
  });

  it("matches every run of every baseline level, state by state", () => {
    const byName = new Map(reports.map((r) => [`${r.pack}/${r.level}`, r]));
    const failing = baseline
      .map((name) => byName.get(name))
      .filter((r): r is LevelReport => r === undefined || r.runsMatched !== r.runs);
    expect(failing.map(formatLevelReport).join("\n")).toBe("");
    expect(baseline.every((name) => byName.has(name))).toBe(true);
  });

  it("lists every fully matching level in the baseline", () => {
    const passing = reports.filter((r) => r.runsMatched === r.runs).map((r) => `${r.pack}/${r.level}`);
    const missing = passing.filter((name) => !baseline.includes(name));
    // A level that starts matching must be added to the baseline so that it can never regress unseen.
    expect(missing).toEqual([]);
  });
});
