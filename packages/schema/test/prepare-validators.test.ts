import { describe, expect, it } from "vitest";
import { prepareValidators, validatePack } from "../src/index.js";

describe("prepareValidators", () => {
  it("compiles ahead of use without changing what validation reports, and may be called again", () => {
    const files = {
      "manifest.json": JSON.stringify({ title: 42 }),
      "game.json": "{",
    };
    const before = validatePack(files).diagnostics;
    prepareValidators();
    prepareValidators();
    const after = validatePack(files).diagnostics;
    expect(after).toEqual(before);
    expect(after.some((d) => d.file === "manifest.json" && d.pointer === "/title")).toBe(true);
  });
});
