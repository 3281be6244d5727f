/**
 * Analyses and generation on the repository's own puzzle packs (packs/): the mechanics a level teaches
 * are proven needed, the state graph agrees with the solver, and generated levels validate, are proven
 * by the solver and differ from every existing level. Bounded by counts (states, candidates).
 */
import { join } from "node:path";
import { OWN_PACKS } from "@gridponder/conformance-corpus/packs";
import { validatePack } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { solveLevel } from "@gridponder/solver";
import { describe, expect, it } from "vitest";
import {
  analyzeLevel,
  canonicalStart,
  exploreLevel,
  generateLevels,
  levelJson,
  mechanicsNeeded,
  type PackSource,
  packSource,
  readGrid,
  shortestWinCount,
  summarizeMechanics,
  winDistances,
} from "../src/index.js";

const sources = new Map<string, PackSource>();
async function own(name: string): Promise<PackSource> {
  let source = sources.get(name);
  if (source === undefined) {
    source = packSource(await readPackFolder(join(OWN_PACKS, name)));
    sources.set(name, source);
  }
  return source;
}

describe("mechanics needed", () => {
  it("Crate Keep's Knock Out cannot be won without the collapse system or the knock action it teaches", async () => {
    const source = await own("crate-keep");
    const findings = mechanicsNeeded(source, "ck06_knock_out", 13);
    const verdict = (kind: string, id: string) =>
      findings.find((f) => f.kind === kind && f.id === id)?.verdict;
    expect(verdict("system", "collapse")).toBe("needed");
    expect(verdict("action", "knock")).toBe("needed");
    expect(verdict("system", "crates")).toBe("needed");
    // The waystone is no part of its solution.
    expect(verdict("system", "waystone")).toBe("optional");
    expect(verdict("action", "waystone")).toBe("optional");
  });

  it("does not list a system the level switches off", async () => {
    const source = await own("crate-keep");
    const findings = mechanicsNeeded(source, "ck01_shoulder_to_it", 7, { only: ["waystone"] });
    expect(findings.map((f) => `${f.kind}:${f.id}=${f.verdict}`)).toEqual(["action:waystone=optional"]);
  });

  it("Crate Keep's Inside Job needs the waystone, system and action, that it introduces", async () => {
    const source = await own("crate-keep");
    const a = analyzeLevel(source, "ck05_inside_job", {
      mechanics: { only: ["system:waystone", "action:waystone", "knock"] },
    });
    expect(a.mechanics?.map((m) => `${m.kind}:${m.id}=${m.verdict}`)).toEqual([
      "system:waystone=needed",
      "action:waystone=needed",
      "action:knock=optional",
    ]);
    // A system and an action of one id are told apart by their kind when shown.
    expect(summarizeMechanics(a.mechanics ?? [], a.optimum).needed).toEqual([
      "waystone (system)",
      "waystone (action)",
    ]);
  });
});

describe("the state graph", () => {
  it("gives the solver's optimum and number of optima on every level of two packs it explores whole", async () => {
    let compared = 0;
    for (const name of ["crate-keep", "tide-fill"]) {
      const source = await own(name);
      for (const id of source.pack.levelOrder) {
        const graph = exploreLevel(source.pack, id, { maxStates: 50_000 });
        if (!graph.complete) continue;
        const dist = winDistances(graph);
        const solved = solveLevel(source.pack, id, { countLimit: 1_000_000, maxCountStates: 2_000_000 });
        expect(dist[0], `${name}/${id}`).toBe(solved.optimalLength);
        if (!solved.countCapped)
          expect(shortestWinCount(graph, dist), `${name}/${id}`).toBe(solved.optimalCount);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(12);
  });
});

/** The levels to start from: one per pack, with the least optimum a generated level must reach. */
const SOURCES = [
  { pack: "crate-keep", from: "ck04_sealed_in", minOptimum: 12 },
  { pack: "lantern-cellar", from: "lc03_stepping_crates", minOptimum: 15 },
  { pack: "tide-fill", from: "tf03_small_before_big", minOptimum: 4 },
];

describe.each(SOURCES)("generate from $pack/$from", ({ pack, from, minOptimum }) => {
  it("makes 20 new levels that validate, are proven with a unique optimum, and differ from every level", async () => {
    const source = await own(pack);
    const report = generateLevels(source, from, { count: 20, seed: 1, minOptimum, unique: true });
    expect(report.levels).toHaveLength(20);
    // The pack with all of them added validates without an error.
    const files = { ...source.files, ...Object.fromEntries(report.levels.map((l) => [l.path, l.text])) };
    const validated = validatePack(files);
    expect(validated.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const withThem = packSource(files);
    const starts = new Set<string>();
    const shape = (json: Record<string, unknown>) => {
      const state = json.state as { avatar?: { position?: [number, number] } };
      return canonicalStart({
        grid: readGrid(json.board as never),
        avatar: state.avatar?.position ?? null,
        rest: json.goals,
      });
    };
    for (const id of source.pack.levelOrder) starts.add(shape(levelJson(source, id)));
    for (const level of report.levels) {
      const json = JSON.parse(level.text) as Record<string, unknown>;
      // A turned or mirrored copy of an existing level, or of one generated before, counts as the same.
      const start = shape(json);
      expect(starts.has(start), `${level.id} repeats a level`).toBe(false);
      starts.add(start);
      // The solver, run afresh on the file as written, proves its gold path optimal and unique.
      const solved = solveLevel(withThem.pack, level.id, { countLimit: 10 });
      expect(solved.status).toBe("solved");
      expect(solved.optimalLength).toBe(level.optimum);
      expect(solved.optimalLength).toBeGreaterThanOrEqual(minOptimum);
      expect(solved.optimalCount).toBe(1);
      expect(solved.gold.wins && solved.gold.optimal && solved.gold.hintStopsValid).toBe(true);
      const hints = (json.solution as { hintStops?: number[] }).hintStops ?? [];
      expect(hints.length).toBeGreaterThan(0);
    }
    // The same seed makes the same levels.
    const again = generateLevels(source, from, { count: 3, seed: 1, minOptimum, unique: true });
    expect(again.levels.map((l) => l.text)).toEqual(report.levels.slice(0, 3).map((l) => l.text));
  });
});

describe("generate with a mechanic required", () => {
  it("keeps only levels that are proven unsolvable without it", async () => {
    const source = await own("crate-keep");
    const report = generateLevels(source, "ck06_knock_out", {
      count: 3,
      seed: 2,
      uses: ["collapse", "knock"],
    });
    expect(report.levels).toHaveLength(3);
    const files = { ...source.files, ...Object.fromEntries(report.levels.map((l) => [l.path, l.text])) };
    const withThem = packSource(files);
    for (const level of report.levels) {
      const findings = mechanicsNeeded(withThem, level.id, level.optimum, { only: ["collapse", "knock"] });
      expect(findings.map((f) => f.verdict)).toEqual(["needed", "needed"]);
    }
  });
});
