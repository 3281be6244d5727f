import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatLevelReport, type LevelReport } from "../src/index.js";
import { runConformance } from "../src/node.js";
import { FUZZ_PACKS, FUZZ_TRACES, PACKS, TRACES } from "./corpus.js";

/**
 * Levels whose every run must match the reference traces state by state, one file per pack
 * (`test/baseline/<pack>.json`). The engine is being built system by system; these lists only grow,
 * and the suite fails if any listed level regresses.
 */
const baselineDir = join(import.meta.dirname, "baseline");
const baseline: string[] = readdirSync(baselineDir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) =>
    (JSON.parse(readFileSync(join(baselineDir, f), "utf8")) as string[]).map((l) => `${f.slice(0, -5)}/${l}`),
  );

let reports: LevelReport[] = [];

/** Every run matches state by state, and every step reports the reference's event types. */
function expectAllMatch(levels: readonly LevelReport[]): void {
  const failing = levels.filter((r) => r.runsMatched !== r.runs);
  expect(failing.map(formatLevelReport).join("\n")).toBe("");
  const eventMismatches = levels.flatMap((r) =>
    r.eventMismatches.map((m) => `${r.pack}/${r.level} ${m.run}@${m.step}: ${m.actual.join(",")}`),
  );
  expect(eventMismatches).toEqual([]);
}

beforeAll(async () => {
  reports = await runConformance(PACKS, TRACES);
});

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

  it("matches every run of every trace, and the event types of every step", () => {
    expectAllMatch(reports);
  });

  it("wins every gold path", () => {
    const gold = reports.map((r) => ({ name: `${r.pack}/${r.level}`, won: r.goldWon }));
    expect(gold.filter((g) => !g.won).map((g) => g.name)).toEqual([]);
  });

  it("lists every fully matching level in the baseline", () => {
    const passing = reports.filter((r) => r.runsMatched === r.runs).map((r) => `${r.pack}/${r.level}`);
    const missing = passing.filter((name) => !baseline.includes(name));
    // A level that starts matching must be added to the baseline so that it can never regress unseen.
    expect(missing).toEqual([]);
  });
});

describe("differential fuzz corpus", () => {
  let fuzz: LevelReport[] = [];
  beforeAll(async () => {
    fuzz = await runConformance(FUZZ_PACKS, FUZZ_TRACES);
  });

  it("covers every mutant", () => {
    expect(fuzz.length).toBeGreaterThanOrEqual(200);
  });

  // A mutant's gold path need not win: only state identity and event types are judged.
  it("matches every run of every mutant state by state, with the event types of every step", () => {
    expectAllMatch(fuzz);
  });
});
