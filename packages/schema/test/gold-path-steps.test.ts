/** What the validator says about a gold-path step naming an action the game does not have. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostics, type PackFiles, validatePack } from "../src/index.js";
import { readPackFolder } from "../src/node.js";

const MINI = join(import.meta.dirname, "fixtures/valid/mini");
const mini: PackFiles = await readPackFolder(MINI);

/** The mini pack with the first step of level l1's gold path replaced. */
function withFirstStep(step: unknown): PackFiles {
  const level = JSON.parse(mini["levels/l1.json"] as string);
  level.solution.goldPath[0] = step;
  return { ...mini, "levels/l1.json": JSON.stringify(level, null, 2) };
}

function goldPathActionFindings(files: PackFiles): string[][] {
  const result = validatePack(files);
  expect(result.ok, formatDiagnostics(result.diagnostics)).toBe(false);
  return result.diagnostics
    .filter((d) => d.code === "gold-path-action")
    .map((d) => [d.file, d.pointer, d.message]);
}

describe("an unknown action in a gold path", () => {
  it("suggests the direction a misspelt shorthand step meant", () => {
    expect(goldPathActionFindings(withFirstStep("rigth"))).toEqual([
      ["levels/l1.json", "/solution/goldPath/0", 'unknown action "rigth" (did you mean "right"?)'],
    ]);
  });

  it("suggests the action a misspelt shorthand step meant", () => {
    expect(goldPathActionFindings(withFirstStep("tap_cel"))).toEqual([
      ["levels/l1.json", "/solution/goldPath/0", 'unknown action "tap_cel" (did you mean "tap_cell"?)'],
    ]);
  });

  it("suggests no direction for a step written as an object, where a direction is no action", () => {
    expect(goldPathActionFindings(withFirstStep({ action: "rigth" }))).toEqual([
      ["levels/l1.json", "/solution/goldPath/0/action", 'unknown action "rigth"'],
    ]);
  });
});
