import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, run } from "./helpers.js";

const CRATE_KEEP = join(REPO, "packs/crate-keep");

describe("gridponder analyze", () => {
  it("prints each level's figures, what it needs, and the estimate's correlation with the play order", async () => {
    const r = await run(["analyze", CRATE_KEEP, "ck01_shoulder_to_it", "ck06_knock_out", "--walks", "50"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /level\s+optimum\s+optima\s+states\s+dead ends\s+branching\s+random wins\s+difficulty\s+needs/,
    );
    // ck01: optimum 7, one optimal solution, 169 states, needs the crates system and walking.
    expect(r.stdout).toMatch(
      /ck01_shoulder_to_it\s+7\s+1\s+169\s+69\.2%\s+2\.63\s+\S+%\s+\d+\.\d\s+crates, move/,
    );
    // ck06 teaches knocking a prop out: the collapse system and the knock action are needed.
    expect(r.stdout).toMatch(/ck06_knock_out\s+13\s+.*collapse.*knock/);
    expect(r.stdout).toMatch(/against the play order: Spearman (1\.00|-1\.00|-)/);
  });

  it("writes JSON with --json and a static HTML report with --report", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gp-analyze-"));
    try {
      const report = join(folder, "report.html");
      const r = await run([
        "analyze",
        CRATE_KEEP,
        "ck01_shoulder_to_it",
        "ck02_carry_it_home",
        "--no-mechanics",
        "--report",
        report,
        "--json",
      ]);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as {
        levels: { level: string; reachableStates: number; mechanics: unknown }[];
      };
      expect(out.levels.map((l) => [l.level, l.reachableStates, l.mechanics])).toEqual([
        ["ck01_shoulder_to_it", 169, null],
        ["ck02_carry_it_home", 30, null],
      ]);
      const html = await readFile(report, "utf8");
      expect(html).toContain('http-equiv="Content-Security-Policy"');
      expect(html).not.toContain("<script");
      expect(html).toContain("Difficulty curve");
      expect((html.match(/<svg/g) ?? []).length).toBe(4);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("escapes a pack's text in the report", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gp-analyze-"));
    try {
      const pack = join(folder, "pack");
      await cp(CRATE_KEEP, pack, { recursive: true });
      const level = join(pack, "levels/ck02_carry_it_home.json");
      const json = JSON.parse(await readFile(level, "utf8"));
      json.title = '<img src=x onerror="alert(1)">';
      await writeFile(level, JSON.stringify(json));
      const report = join(folder, "r.html");
      const r = await run(["analyze", pack, "ck02_carry_it_home", "--no-mechanics", "--report", report]);
      expect(r.code).toBe(0);
      const html = await readFile(report, "utf8");
      expect(html).not.toContain("<img");
      expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("refuses an unknown level with exit code 2", async () => {
    const r = await run(["analyze", CRATE_KEEP, "nope"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("ck01_shoulder_to_it");
  });
});

describe("gridponder generate", () => {
  it("writes proven level files beside the pack's levels, never over one, and says how to play them", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gp-generate-"));
    try {
      const pack = join(folder, "pack");
      await cp(CRATE_KEEP, pack, { recursive: true });
      const before = await readdir(join(pack, "levels"));
      const r = await run([
        "generate",
        pack,
        "--from",
        "ck04_sealed_in",
        "--count",
        "3",
        "--min-optimum",
        "12",
        "--unique",
      ]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/3 of 3 levels made from ck04_sealed_in/);
      expect(r.stdout).toContain(
        'add to levelSequence in game.json: ["ck04_sealed_in_v1","ck04_sealed_in_v2","ck04_sealed_in_v3"]',
      );
      const after = await readdir(join(pack, "levels"));
      expect(after.filter((f) => !before.includes(f)).sort()).toEqual([
        "ck04_sealed_in_v1.json",
        "ck04_sealed_in_v2.json",
        "ck04_sealed_in_v3.json",
      ]);
      // The pack validates with them, and the solver proves their gold paths optimal.
      const validate = await run(["validate", pack]);
      expect(validate.code).toBe(0);
      const solve = await run([
        "solve",
        pack,
        "ck04_sealed_in_v1",
        "ck04_sealed_in_v2",
        "ck04_sealed_in_v3",
        "--json",
      ]);
      const results = JSON.parse(solve.stdout) as { gold: { optimal: boolean; uniqueOptimum: boolean } }[];
      expect(results.map((x) => [x.gold.optimal, x.gold.uniqueOptimum])).toEqual([
        [true, true],
        [true, true],
        [true, true],
      ]);
      // Run again, the new levels are the pack's: the next one gets a free name and none is overwritten.
      const text = await readFile(join(pack, "levels/ck04_sealed_in_v1.json"), "utf8");
      const again = await run([
        "generate",
        pack,
        "--from",
        "ck04_sealed_in",
        "--count",
        "1",
        "--out",
        join(pack, "levels"),
      ]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("ck04_sealed_in_v4");
      expect(await readFile(join(pack, "levels/ck04_sealed_in_v1.json"), "utf8")).toBe(text);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("writes nothing when a file it would write is already in --out", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gp-generate-"));
    try {
      await writeFile(join(folder, "ck04_sealed_in_v2.json"), "mine");
      const args = ["generate", CRATE_KEEP, "--from", "ck04_sealed_in", "--count", "2", "--out", folder];
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("ck04_sealed_in_v2.json already exists; nothing was written");
      expect((await readdir(folder)).sort()).toEqual(["ck04_sealed_in_v2.json"]);
      expect(await readFile(join(folder, "ck04_sealed_in_v2.json"), "utf8")).toBe("mine");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("exits 1 and says so when the criteria leave fewer levels than asked", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gp-generate-"));
    try {
      const r = await run([
        "generate",
        join(REPO, "packs/crate-keep"),
        "--from",
        "ck01_shoulder_to_it",
        "--count",
        "2",
        "--min-optimum",
        "500",
        "--max-attempts",
        "10",
        "--out",
        folder,
      ]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/0 of 2 levels made from ck01_shoulder_to_it in 10 candidates/);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
