import { describe, expect, it } from "vitest";
import { type Diagnostic, formatDiagnostic, formatDiagnostics, validatePack } from "../src/index.js";

const unknownKind: Diagnostic = {
  file: "levels/fw_004.json",
  pointer: "/board/layers/objects/2/3",
  severity: "error",
  code: "unknown-kind",
  message: 'unknown entity kind "rokc" (did you mean "rock"?)',
  line: 14,
  column: 22,
};

describe("formatDiagnostic", () => {
  it("prints file, pointer, severity and message like a compiler, then the location", () => {
    expect(formatDiagnostic(unknownKind)).toBe(
      'levels/fw_004.json:/board/layers/objects/2/3: error: unknown entity kind "rokc" (did you mean "rock"?)\n' +
        "  at line 14, column 22",
    );
  });

  it("prints the hint and omits an empty pointer", () => {
    const d: Diagnostic = {
      file: "game.json",
      pointer: "",
      severity: "warning",
      code: "x",
      message: "m",
      hint: "h",
    };
    expect(formatDiagnostic(d)).toBe("game.json: warning: m\n  hint: h");
  });

  it("colours severities only when asked", () => {
    expect(formatDiagnostic(unknownKind)).not.toContain("\u001b[");
    expect(formatDiagnostic(unknownKind, { color: true })).toContain("\u001b[31m");
  });

  it("summarises counts", () => {
    const warning: Diagnostic = { ...unknownKind, severity: "warning" };
    expect(formatDiagnostics([unknownKind, warning, warning], { summary: true }).split("\n").at(-1)).toBe(
      "1 error, 2 warnings",
    );
  });
});

describe("diagnostic locations", () => {
  it("maps the pointer of a semantic error to its line and column in the source text", () => {
    const level = `{
  "id": "a",
  "board": { "size": [2, 1], "layers": { "ground": [["empty", "rokc"]] } },
  "state": { "avatar": { "enabled": false } },
  "goals": [{ "id": "g", "type": "all_cleared", "config": { "kind": "empty" } }],
  "solution": { "goldPath": [] }
}`;
    const files = {
      "manifest.json": JSON.stringify({
        dslVersion: "0.8",
        packVersion: 1,
        gameId: "t.t",
        title: "T",
        version: "1.0.0",
        minEngineVersion: "0.8.0",
      }),
      "game.json": JSON.stringify({
        layers: [{ id: "ground", occupancy: "exactly_one", default: "empty" }],
        actions: [],
        entityKinds: {
          empty: { layer: "ground", tags: [], symbol: "." },
          rock: { layer: "ground", tags: [], symbol: "#" },
        },
        systems: [],
        levelSequence: [{ type: "level", ref: "a" }],
      }),
      "levels/a.json": level,
    };
    const result = validatePack(files);
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchObject([
      {
        file: "levels/a.json",
        pointer: "/board/layers/ground/0/1",
        code: "unknown-kind",
        message: 'unknown entity kind "rokc" (did you mean "rock"?)',
        line: 3,
        column: 63,
      },
    ]);
  });

  it("locates a JSON syntax error", () => {
    const result = validatePack({ "manifest.json": '{\n  "title": "x",\n  oops\n}' });
    expect(result.diagnostics[0]).toMatchObject({
      file: "manifest.json",
      code: "json-syntax",
      line: 3,
      column: 3,
    });
  });
});
