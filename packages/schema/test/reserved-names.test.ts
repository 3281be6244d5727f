/**
 * `__proto__` is the one name a pack may not use; every other name, `constructor` and `toString`
 * included, is ordinary. (The engine, view and SVG side of this is in renderer-svg's
 * `pack-keys.test.ts`, which plays every keyed field of the DSL with these names.)
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dictionary, formatDiagnostics, own, type PackFiles, validatePack } from "../src/index.js";
import { readPackFolder } from "../src/node.js";

const MINI = join(import.meta.dirname, "fixtures/valid/mini");
const mini: PackFiles = await readPackFolder(MINI);

/** A file of the mini pack with `pattern` replaced, edited as text (an object literal would take `__proto__` as its prototype). */
function textOf(path: string, pattern: string | RegExp, replacement: string): string {
  return (mini[path] as string).replace(pattern, replacement);
}

describe("the reserved name __proto__", () => {
  it("is refused as a key and as a string in every file, at its pointer and line", () => {
    const files: PackFiles = {
      ...mini,
      // Written as text: an object literal would take `__proto__` as its prototype.
      "theme.json": (mini["theme.json"] as string).replace(
        /^\{/,
        '{\n  "palette": { "__proto__": "#FF0000" },',
      ),
      "levels/l1.json": (mini["levels/l1.json"] as string).replace(
        '"title": "Key Run"',
        '"title": "__proto__"',
      ),
      "manifest.json": (mini["manifest.json"] as string).replace(
        /^\{/,
        '{\n  "x": [{ "a/b": { "__proto__": 1 } }],',
      ),
    };
    const result = validatePack(files);
    expect(result.ok).toBe(false);
    const reserved = result.diagnostics.filter((d) => d.code === "reserved-name");
    expect(reserved.map((d) => [d.file, d.pointer, d.line])).toEqual([
      ["manifest.json", "/x/0/a~1b/__proto__", 2],
      ["theme.json", "/palette/__proto__", 2],
      ["levels/l1.json", "/title", 3],
    ]);
    expect(reserved.every((d) => d.severity === "error")).toBe(true);
  });

  it("leaves no level out of a valid pack: every level is on a record without a prototype", () => {
    const result = validatePack(mini);
    expect(result.ok, formatDiagnostics(result.diagnostics)).toBe(true);
    const levels = result.pack?.levels ?? {};
    expect(Object.getPrototypeOf(levels)).toBeNull();
    expect(Object.keys(levels).sort()).toEqual(["l1", "l2"]);
    expect(levels.constructor).toBeUndefined();
  });
});

describe("names of Object.prototype", () => {
  it("are shared asset collections like any other name", () => {
    const manifest = textOf("manifest.json", /^\{/, '{\n  "sharedAssets": ["constructor", "toString"],');
    const result = validatePack(
      { ...mini, "manifest.json": manifest },
      {
        sharedCollections: dictionary([["constructor", ["sprites/rock.png"]]]),
      },
    );
    const missing = result.diagnostics.filter((d) => d.code === "shared-assets");
    expect(missing.map((d) => d.pointer)).toEqual(["/sharedAssets/1"]);
  });

  it("are found by own() and dictionary() only when the record holds them", () => {
    expect(own({ a: 1 }, "constructor")).toBeUndefined();
    expect(own({ constructor: 1 }, "constructor")).toBe(1);
    expect(own(null, "toString")).toBeUndefined();
    const record = dictionary([
      ["__proto__", 1],
      ["valueOf", 2],
    ]);
    expect(Object.keys(record)).toEqual(["__proto__", "valueOf"]);
    expect(record.hasOwnProperty).toBeUndefined();
    expect(dictionary(record)).toEqual(record);
  });
});
