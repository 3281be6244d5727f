import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatLevelReport, type LevelReport, levelPasses, type PassOptions } from "../src/index.js";
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

/** A failing level, for the test's message: its mismatches, event-type differences and gold verdict. */
function describeFailure(r: LevelReport): string {
  const events = r.eventMismatches.map(
    (m) => `  ${m.run}@${m.step}: event types ${m.actual.join(",")}, expected ${m.expected.join(",")}`,
  );
  return [formatLevelReport(r), ...events, `  gold won: ${r.goldWon}`].join("\n");
}

/** Every level passes the conformance rule (`levelPasses`, which `gridponder conformance` applies too). */
function expectAllPass(levels: readonly LevelReport[], options: PassOptions): void {
  const failing = levels.filter((r) => !levelPasses(r, options));
  expect(failing.map(describeFailure).join("\n")).toBe("");
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
    expectAllPass(reports, { requireGold: false });
  });

  it("wins every gold path", () => {
    // A trace without a gold run fails this, as it fails `gridponder conformance`.
    expectAllPass(reports, { requireGold: true });
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
    expectAllPass(fuzz, { requireGold: false });
  });
});

describe("levelPasses", () => {
  const report = (over: Partial<LevelReport>): LevelReport => ({
    pack: "p",
    level: "l",
    runs: 2,
    runsMatched: 2,
    mismatches: [],
    eventMismatches: [],
    goldWon: true,
    goldWalked: false,
    ...over,
  });

  it("passes a level whose runs all match and whose gold run wins", () => {
    expect(levelPasses(report({}), { requireGold: true })).toBe(true);
    expect(levelPasses(report({}), { requireGold: false })).toBe(true);
  });

  it("fails a missing or losing gold run only when the gold run is required", () => {
    for (const goldWon of [null, false]) {
      expect(levelPasses(report({ goldWon }), { requireGold: true })).toBe(false);
      expect(levelPasses(report({ goldWon }), { requireGold: false })).toBe(true);
    }
  });

  it("takes a walk that replays the gold path for the gold run of a mutant's trace, which need not win", () => {
    expect(levelPasses(report({ goldWon: null, goldWalked: true }), { requireGold: true })).toBe(true);
    // A gold run that loses still fails, whatever the walks replay.
    expect(levelPasses(report({ goldWon: false, goldWalked: true }), { requireGold: true })).toBe(false);
  });

  it("fails a run that differs, an event type that differs, and a trace without runs", () => {
    const events = [{ run: "walk1", step: 3, expected: ["turn_ended"], actual: [] }];
    for (const requireGold of [true, false]) {
      expect(levelPasses(report({ runsMatched: 1 }), { requireGold })).toBe(false);
      expect(levelPasses(report({ eventMismatches: events }), { requireGold })).toBe(false);
      expect(levelPasses(report({ runs: 0, runsMatched: 0 }), { requireGold })).toBe(false);
    }
  });
});
