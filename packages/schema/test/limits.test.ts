/**
 * The documented size limits of a pack: each refuses what is over it with a diagnostic naming the
 * file and the JSON pointer (and line), so no valid pack can exhaust the machine that plays or
 * publishes it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the generator is a plain .mjs script without type declarations.
import { MAX_NAME_LENGTH as GENERATED_NAME_LENGTH } from "../scripts/generate-schemas.mjs";
import {
  type Diagnostic,
  formatDiagnostics,
  MAX_GOLD_PATH_ACTIONS,
  MAX_JSON_FILE_BYTES,
  MAX_LEVELS,
  MAX_NAME_LENGTH,
  type PackFiles,
  validatePack,
} from "../src/index.js";
import { readPackFolder } from "../src/node.js";

const MINI = join(import.meta.dirname, "fixtures/valid/mini");
const mini: PackFiles = await readPackFolder(MINI);

// biome-ignore lint/suspicious/noExplicitAny: fixture edits write arbitrary values into untyped JSON
type Loose = any;

function edited(path: string, edit: (value: Loose) => void): PackFiles {
  const value = JSON.parse(mini[path] as string);
  edit(value);
  return { ...mini, [path]: JSON.stringify(value, null, 2) };
}

function errorsOf(files: PackFiles): Diagnostic[] {
  const result = validatePack(files);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  expect(result.ok, formatDiagnostics(result.diagnostics)).toBe(errors.length === 0);
  return errors;
}

/** The one error expected at `file` and `pointer`, with its line known (when the file was parsed). */
function errorAt(files: PackFiles, file: string, pointer: string, located = true): Diagnostic {
  const errors = errorsOf(files);
  const found = errors.find((d) => d.file === file && d.pointer === pointer);
  expect(found, formatDiagnostics(errors)).toBeDefined();
  if (located) expect(found?.line).toBeGreaterThan(0);
  return found as Diagnostic;
}

describe("gold paths", () => {
  it(`accept ${MAX_GOLD_PATH_ACTIONS} actions`, () => {
    const files = edited("levels/l2.json", (l) => {
      l.solution.goldPath = Array.from({ length: MAX_GOLD_PATH_ACTIONS }, () => "up");
    });
    expect(errorsOf(files).filter((d) => d.pointer.startsWith("/solution"))).toEqual([]);
  });

  it(`refuse a path longer than ${MAX_GOLD_PATH_ACTIONS} actions at the first action too many`, () => {
    const files = edited("levels/l2.json", (l) => {
      l.solution.goldPath = Array.from({ length: MAX_GOLD_PATH_ACTIONS + 1 }, () => "up");
    });
    const error = errorAt(files, "levels/l2.json", `/solution/goldPath/${MAX_GOLD_PATH_ACTIONS}`);
    expect(error.message).toContain(`at most ${MAX_GOLD_PATH_ACTIONS} items`);
  });

  it("refuse a 2-million-action path: its file is over the size limit", () => {
    const files = edited("levels/l2.json", (l) => {
      l.solution.goldPath = Array.from({ length: 2_000_000 }, () => "left");
    });
    const error = errorAt(files, "levels/l2.json", "", false);
    expect(error.code).toBe("file-too-large");
    expect(error.message).toMatch(/at most 4\.0 MiB/);
  });
});

describe("text", () => {
  it("refuses a 7 MB manifest description: the file is over the size limit", () => {
    const files = edited("manifest.json", (m) => {
      m.description = "x".repeat(7 * 1000 * 1000);
    });
    const error = errorAt(files, "manifest.json", "", false);
    expect(error.code).toBe("file-too-large");
    // Not read, so not reported as missing as well.
    expect(errorsOf(files).some((d) => d.code === "missing-file")).toBe(false);
  });

  const setText = {
    description: (m: Loose, s: string) => (m.description = s),
    title: (v: Loose, s: string) => (v.title = s),
    story: (g: Loose, s: string) => (g.levelSequence[0] = { type: "story", text: s }),
    levelTag: (l: Loose, s: string) => (l.metadata = { tags: [s] }),
  };
  it.each([
    ["manifest.json", "/description", 4000, setText.description],
    ["manifest.json", "/title", 200, setText.title],
    ["levels/l1.json", "/title", 200, setText.title],
    ["game.json", "/levelSequence/0/text", 4000, setText.story],
    ["levels/l1.json", "/metadata/tags/0", MAX_NAME_LENGTH, setText.levelTag],
  ] as const)("caps %s %s at %i characters", (file, pointer, limit, set) => {
    expect(
      errorsOf(edited(file, (v) => set(v, "x".repeat(limit)))).filter((d) => d.pointer === pointer),
    ).toEqual([]);
    const error = errorAt(
      edited(file, (v) => set(v, "x".repeat(limit + 1))),
      file,
      pointer,
    );
    expect(error.message).toContain(`at most ${limit} characters`);
  });

  it(`caps every name a pack chooses as a key at ${MAX_NAME_LENGTH} characters`, () => {
    const long = "k".repeat(MAX_NAME_LENGTH + 1);
    const files = edited("theme.json", (t) => {
      t.palette = { [long]: "#FF0000" };
    });
    const error = errorAt(files, "theme.json", `/palette/${long}`);
    expect(error.message).toContain(`at most ${MAX_NAME_LENGTH} characters`);
  });

  it("has a length cap on every string and every key of the pack files' schemas", () => {
    const uncapped: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (node === null || typeof node !== "object") return;
      const s = node as Record<string, unknown>;
      const free = s.type === "string" && s.enum === undefined && s.const === undefined;
      if (free && typeof s.maxLength !== "number") uncapped.push(path);
      const extra = s.additionalProperties;
      const keys = s.propertyNames as { maxLength?: number } | undefined;
      if (extra !== null && typeof extra === "object" && keys?.maxLength !== MAX_NAME_LENGTH)
        uncapped.push(`${path} (keys)`);
      for (const [key, child] of Object.entries(s)) visit(child, `${path}/${key}`);
    };
    for (const file of ["manifest", "game", "level", "theme"]) {
      const schema = JSON.parse(
        readFileSync(join(import.meta.dirname, `../schemas/${file}.schema.json`), "utf8"),
      ) as unknown;
      visit(schema, file);
    }
    expect(uncapped).toEqual([]);
    expect(GENERATED_NAME_LENGTH).toBe(MAX_NAME_LENGTH);
  });
});

describe("levels", () => {
  it(`refuse more than ${MAX_LEVELS} level files, at the first one too many`, () => {
    const files: PackFiles = { ...mini };
    const level = JSON.parse(mini["levels/l2.json"] as string);
    for (let i = 0; i <= MAX_LEVELS; i++) {
      const id = `x${String(i).padStart(4, "0")}`;
      files[`levels/${id}.json`] = JSON.stringify({ ...level, id });
    }
    const errors = errorsOf(files).filter((d) => d.code === "too-many-levels");
    expect(errors.map((d) => d.file)).toEqual([`levels/x${String(MAX_LEVELS - 2).padStart(4, "0")}.json`]);
    expect(errors[0]?.message).toContain(`at most ${MAX_LEVELS}`);
  });

  it(`refuse a level sequence of more than ${MAX_LEVELS} entries`, () => {
    const files = edited("game.json", (g) => {
      g.levelSequence = Array.from({ length: MAX_LEVELS + 1 }, () => ({ type: "story", text: "…" }));
    });
    const error = errorAt(files, "game.json", `/levelSequence/${MAX_LEVELS}`);
    expect(error.message).toContain(`at most ${MAX_LEVELS} items`);
  });
});

describe("JSON files", () => {
  it(`are refused over ${MAX_JSON_FILE_BYTES / 1024 / 1024} MiB, measured in UTF-8 bytes`, () => {
    // Under the limit in characters, over it in bytes: three bytes each in UTF-8.
    const text = "€".repeat(Math.ceil(MAX_JSON_FILE_BYTES / 3) + 10);
    const files = edited("levels/l1.json", (l) => {
      l.guide = text;
    });
    expect(errorAt(files, "levels/l1.json", "", false).code).toBe("file-too-large");
  });

  it("warn about a key written twice in one object, naming the file, the pointer and both lines", () => {
    const text = (mini["levels/l1.json"] as string).replace(
      '"title": "Key Run",',
      '"title": "Key Run",\n  "title": "Key Run again",',
    );
    const result = validatePack({ ...mini, "levels/l1.json": text });
    expect(result.ok).toBe(true);
    const warning = result.diagnostics.find((d) => d.code === "duplicate-key");
    expect(warning).toMatchObject({
      file: "levels/l1.json",
      pointer: "/title",
      severity: "warning",
      line: 4,
    });
    expect(warning?.message).toContain("at lines 3 and 4");
  });

  it("warn about duplicate keys nested in arrays, each pair once", () => {
    const files = edited("levels/l1.json", () => {});
    const text = (files["levels/l1.json"] as string).replace(
      '"kind": "number",',
      '"kind": "number",\n "value": 4,',
    );
    const duplicates = validatePack({ ...mini, "levels/l1.json": text }).diagnostics.filter(
      (d) => d.code === "duplicate-key",
    );
    expect(duplicates.map((d) => d.pointer)).toEqual(["/board/layers/objects/1/4/value"]);
  });
});
