import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFORMANCE, editedCopy, run, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();

describe("gridponder validate", () => {
  it("points a gold path at its first refused step when that comes before any step that changes nothing", async () => {
    // Flooding with the colour the region already has is refused: "the fill would change nothing".
    const pack = await editedCopy(
      await scratch(),
      join(CONFORMANCE, "packs/flood_colors"),
      "levels/fl_001.json",
      (text) =>
        text.replace(/"goldPath": \[[^\]]*\]/, '"goldPath": ["flood_red", "flood_red", "flood_orange"]'),
    );
    const { code, stdout } = await run(["validate", pack, "--json"]);
    const gold = JSON.parse(stdout).packs[0].goldPaths.find((g: { level: string }) => g.level === "fl_001");
    expect(gold).toEqual({
      level: "fl_001",
      won: false,
      actions: 2,
      step: 1,
      action: "flood_red",
      problem: "the gold path does not win; step 2 (flood_red) was rejected: the fill would change nothing",
      file: "levels/fl_001.json",
      pointer: "/solution/goldPath/1",
    });
    expect(code).toBe(1);
  });
});
