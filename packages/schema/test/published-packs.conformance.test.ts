import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CORPUS as CONFORMANCE_CORPUS } from "@gridponder/conformance-corpus";
import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../src/index.js";
import { validatePackFolder } from "../src/node.js";

// The real published packs of the conformance corpus (see "Tests" in the README); never copied into the repo.
const CORPUS = join(CONFORMANCE_CORPUS, "packs");
const packs = readdirSync(CORPUS).filter((d) => existsSync(join(CORPUS, d, "manifest.json")));

describe("conformance corpus", () => {
  it("has the published packs", () => {
    expect(packs.length).toBeGreaterThanOrEqual(13);
  });

  it.each(packs)("%s validates with zero errors", async (pack) => {
    const result = await validatePackFolder(join(CORPUS, pack));
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    expect(errors, formatDiagnostics(errors)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.pack?.game.levelSequence).toBeDefined();
  });

  it("resolves sprites from the shared collection when a search path is given", async () => {
    const result = await validatePackFolder(join(CORPUS, "carrot_quest"), { searchPaths: [CORPUS] });
    expect(result.diagnostics.filter((d) => d.code === "asset-missing")).toEqual([]);
    const without = await validatePackFolder(join(CORPUS, "carrot_quest"));
    expect(without.diagnostics.filter((d) => d.code === "asset-missing").length).toBeGreaterThan(10);
  });

  it("reports a shared collection the search path does not have", async () => {
    // box_builder names "rabbit-character", which the corpus does not include.
    const result = await validatePackFolder(join(CORPUS, "box_builder"), { searchPaths: [CORPUS] });
    const missing = result.diagnostics.filter((d) => d.code === "shared-assets");
    expect(missing).toMatchObject([{ file: "manifest.json", pointer: "/sharedAssets/0", severity: "error" }]);
    expect(missing[0]?.message).toContain("rabbit-character");
  });
});
