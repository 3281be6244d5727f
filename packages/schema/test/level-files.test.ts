/** `levelFiles`: the level files a pack has, which an invalid pack must still tell. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type PackFiles, validatePack } from "../src/index.js";
import { readPackFolder, validatePackFolder } from "../src/node.js";

const FIXTURES = join(import.meta.dirname, "fixtures");
const mini: PackFiles = await readPackFolder(join(FIXTURES, "valid/mini"));

describe("the level files of a validation result", () => {
  it("lists those of a valid pack", () => {
    expect(validatePack(mini).levelFiles).toEqual(["levels/l1.json", "levels/l2.json"]);
  });

  it("lists those of an invalid pack, the one that does not parse included", async () => {
    const result = await validatePackFolder(join(FIXTURES, "broken/level-json-trailing-comma"));
    expect(result.ok).toBe(false);
    expect(result.levelFiles).toEqual(["levels/l1.json", "levels/l2.json"]);
  });

  it("lists only the files of the folder the manifest names, not other JSON files", () => {
    const manifest = JSON.parse(mini["manifest.json"] as string);
    const files: PackFiles = {
      ...mini,
      "manifest.json": JSON.stringify({ ...manifest, levelDirectory: "stages" }),
      "stages/l1.json": mini["levels/l1.json"] as string,
      "stages/deeper/notes.json": "{}",
    };
    expect(validatePack(files).levelFiles).toEqual(["stages/l1.json"]);
  });
});
