/**
 * The difficulty estimate against the order of published levels: the Spearman correlation of the
 * estimate with each pack's play order, printed for every pack of the conformance corpus (the model's
 * calibration set) and of the repository's packs/ (never used to calibrate it). Bounded by counts
 * (`CALIBRATION_ANALYSIS`), so every machine prints the same table.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { OWN_PACKS, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import { readPackFolder } from "@gridponder/schema/node";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeLevel, CALIBRATION_ANALYSIS, packSource, spearman } from "../src/index.js";

const rows: string[] = [];
const held: number[] = [];

afterAll(() => {
  console.log(
    ["set | pack | levels | Spearman (estimate vs play order)", ...rows].map((r) => `  ${r}`).join("\n"),
  );
});

async function correlation(dir: string): Promise<{ levels: number; rho: number }> {
  const source = packSource(await readPackFolder(dir));
  const order = source.pack.levelOrder;
  // Every published level is solvable, so every one has an estimate.
  const estimates = order.map(
    (id) => analyzeLevel(source, id, CALIBRATION_ANALYSIS).difficulty ?? Number.NaN,
  );
  return {
    levels: order.length,
    rho: spearman(
      estimates,
      order.map((_, i) => i),
    ),
  };
}

const corpusPacks = readdirSync(join(CORPUS, "packs"))
  .filter((name) => existsSync(join(CORPUS, "packs", name, "manifest.json")))
  .sort();

describe("difficulty estimate against the play order", () => {
  it.each(corpusPacks)(
    "corpus pack %s (the calibration set: its packs of 3 levels or more)",
    async (name) => {
      const { levels, rho } = await correlation(join(CORPUS, "packs", name));
      rows.push(
        `calibration | ${name} | ${levels} | ${Number.isNaN(rho) ? "- (fewer than 2 levels, or one estimate)" : rho.toFixed(2)}`,
      );
      if (levels >= 3) expect(rho).toBeGreaterThan(0);
    },
  );

  it.each(puzzlePackNames())("own pack %s (held out)", async (name) => {
    const { levels, rho } = await correlation(join(OWN_PACKS, name));
    rows.push(`held out | ${name} | ${levels} | ${rho.toFixed(2)}`);
    held.push(rho);
    expect(rho).toBeGreaterThanOrEqual(-1);
  });

  it("orders the held-out packs better than chance on average", () => {
    expect(held.length).toBe(puzzlePackNames().length);
    const mean = held.reduce((s, r) => s + r, 0) / held.length;
    rows.push(`held out | mean of ${held.length} packs | | ${mean.toFixed(2)}`);
    expect(mean).toBeGreaterThan(0.3);
  });
});
