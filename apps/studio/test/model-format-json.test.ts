import type { JsonValue, LevelDefinition } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { formatPackJson, LINE_WIDTH, lineColumnOf, parseJsonFile } from "../src/model/format-json.js";
import { levelPaths, PACK_NAMES, packText } from "./model-fixtures.js";

/** Every JSON file of packs/: each pack's game, theme and manifest, and its levels. */
function packFiles(): { path: string; text: string }[] {
  return PACK_NAMES.flatMap((pack) => [
    ...["game.json", "theme.json", "manifest.json"].map((name) => `${pack}/${name}`),
    ...levelPaths(pack),
  ]).map((path) => ({ path, text: packText(path) }));
}

describe("formatPackJson", () => {
  const files = packFiles();

  it("round-trips every file of packs/ and keeps lines within the width unless they are board rows", () => {
    expect(files.length).toBeGreaterThan(90);
    for (const { path, text } of files) {
      const value = JSON.parse(text) as JsonValue;
      const out = formatPackJson(value);
      expect(JSON.parse(out), path).toEqual(value);
      expect(out.endsWith("}\n"), path).toBe(true);
      expect(formatPackJson(JSON.parse(out) as JsonValue), path).toBe(out);
    }
  });

  it("writes one line per dense row of every board layer in packs/", () => {
    let rows = 0;
    for (const { path, text } of files.filter((f) => f.path.includes("/levels/"))) {
      const level = JSON.parse(text) as LevelDefinition;
      const lines = formatPackJson(level as unknown as JsonValue).split("\n");
      for (const data of Object.values(level.board.layers)) {
        if (!Array.isArray(data)) continue;
        for (const row of data) {
          const line = `${JSON.stringify(row).replace(/,/g, ", ").replace(/":/g, '": ')}`;
          expect(
            lines.some((l) => l.trim() === line || l.trim() === `${line},`),
            `${path}: ${line}`,
          ).toBe(true);
          rows++;
        }
      }
    }
    expect(rows).toBeGreaterThan(300);
  });

  it("expands the top level, joins what fits in 100 columns, expands what does not", () => {
    expect(formatPackJson({ a: 1 })).toBe('{\n  "a": 1\n}\n');
    expect(formatPackJson({ size: [7, 5], empty: [], none: {} })).toBe(
      '{\n  "size": [7, 5],\n  "empty": [],\n  "none": {}\n}\n',
    );
    const long = { list: Array.from({ length: 30 }, (_, i) => `item${i}`) };
    const out = formatPackJson(long);
    expect(out.split("\n")).toHaveLength(35);
    expect(out).toContain('\n    "item0",\n');
    // exactly at the limit: indent 2 + key + value + comma = 100 columns
    const key = "k";
    const fill = "x".repeat(LINE_WIDTH - 2 - `"${key}": `.length - 1 - `{"v": ""}`.length);
    const fits = formatPackJson({ [key]: { v: fill }, z: 0 });
    expect(fits.split("\n")[1]).toHaveLength(LINE_WIDTH);
    const over = formatPackJson({ [key]: { v: `${fill}x` }, z: 0 });
    expect(over.split("\n")[1]).toBe('  "k": {');
  });

  it("keeps a 40-wide dense row on one line", () => {
    const row = Array.from({ length: 40 }, () => "empty");
    const out = formatPackJson({ board: { layers: { ground: [row, row] } } });
    const lines = out.split("\n").filter((l) => l.includes('"empty"'));
    expect(lines).toHaveLength(2);
    expect(lines[0]?.length).toBeGreaterThan(LINE_WIDTH);
    expect(
      formatPackJson({
        cells: [
          [0, 1],
          [0, 2],
        ],
      }),
    ).toBe('{\n  "cells": [\n    [0, 1],\n    [0, 2]\n  ]\n}\n');
  });

  it("keeps key order, escapes text and keeps __proto__ an ordinary key", () => {
    const value = JSON.parse(
      '{"z": 1, "a": "<script>\\"x\\"\\n</script>", "__proto__": {"p": 1}}',
    ) as JsonValue;
    const out = formatPackJson(value);
    expect(out.indexOf('"z"')).toBeLessThan(out.indexOf('"a"'));
    expect(out).toContain('"<script>\\"x\\"\\n</script>"');
    expect(out).toContain('"__proto__": {"p": 1}');
    expect(JSON.parse(out)).toEqual(value);
  });

  it("refuses values nested deeper than the validator accepts instead of overflowing the stack", () => {
    let deep: JsonValue = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(() => formatPackJson({ deep })).toThrow(RangeError);
  });
});

describe("parseJsonFile", () => {
  it("returns the value of valid JSON, even with a byte-order mark", () => {
    expect(parseJsonFile('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonFile('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("locates errors by line and column", () => {
    const result = parseJsonFile('{\n  "a": 1,\n  "b" 2\n}');
    expect(result).toMatchObject({ ok: false, line: 3, column: 7, message: "colon expected" });
    expect(parseJsonFile('{"a": 1,}')).toMatchObject({ ok: false, line: 1 });
    expect(parseJsonFile("")).toMatchObject({ ok: false, line: 1, column: 1 });
    expect(parseJsonFile('{"a": 1} // note')).toMatchObject({ ok: false, line: 1 });
    expect(parseJsonFile("[1, 2")).toMatchObject({ ok: false, line: 1 });
  });

  it("reads __proto__ as an ordinary key without touching prototypes", () => {
    const result = parseJsonFile('{"__proto__": {"polluted": true}}');
    expect(result.ok).toBe(true);
    expect(Object.keys(result.ok ? (result.value as object) : {})).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("converts offsets to lines and columns", () => {
    expect(lineColumnOf("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnOf("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});
