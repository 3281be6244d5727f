import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDiagnostics, type PackFiles, type ValidationResult, validatePack } from "../src/index.js";
import { readPackFolder } from "../src/node.js";

// validatePack must never throw, whatever it is given: every input comes back as a result whose
// diagnostics are well formed. "Returns in time" is only asserted through the test timeout.

const MINI = join(import.meta.dirname, "fixtures/valid/mini");
const mini: PackFiles = await readPackFolder(MINI);

const JSON_FILES = ["manifest.json", "game.json", "theme.json", "levels/l1.json", "levels/l2.json"] as const;
type JsonFile = (typeof JSON_FILES)[number];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** Parsed pack JSON as the edits below poke into it: deliberately untyped, since edits break its shape. */
// biome-ignore lint/suspicious/noExplicitAny: fixture edits write arbitrary values into untyped JSON
type Loose = any;

function text(path: string): string {
  const content = mini[path];
  if (typeof content !== "string") throw new Error(`${path} is not a text file of the mini pack`);
  return content;
}

function parsed(path: JsonFile): Json {
  return JSON.parse(text(path)) as Json;
}

/** The mini pack with some files replaced (a string or bytes) or removed (`undefined`). */
function packWith(changes: Record<string, string | Uint8Array | undefined>): PackFiles {
  const files: PackFiles = { ...mini };
  for (const [path, content] of Object.entries(changes)) {
    if (content === undefined) delete files[path];
    else files[path] = content;
  }
  return files;
}

/** The mini pack with one JSON file edited on a fresh copy. */
function editing(path: JsonFile, edit: (value: Loose) => void): PackFiles {
  const value = parsed(path);
  edit(value);
  return packWith({ [path]: JSON.stringify(value) });
}

/** Sets an own property, even `__proto__`, which plain assignment would treat as the prototype. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Runs validatePack and checks the result is well formed; fails with the diagnostics when it is not. */
function validate(files: PackFiles): ValidationResult {
  let result: ValidationResult | undefined;
  expect(() => {
    result = validatePack(files);
  }).not.toThrow();
  if (!result) throw new Error("validatePack returned nothing");
  const shown = formatDiagnostics(result.diagnostics.slice(0, 20));
  expect(Array.isArray(result.diagnostics)).toBe(true);
  for (const d of result.diagnostics) {
    expect(typeof d.file, shown).toBe("string");
    expect(d.pointer === "" || d.pointer.startsWith("/"), `pointer ${JSON.stringify(d.pointer)}`).toBe(true);
    expect(["error", "warning"], shown).toContain(d.severity);
    expect(typeof d.code === "string" && d.code.length > 0, shown).toBe(true);
    expect(typeof d.message === "string" && d.message.length > 0, shown).toBe(true);
  }
  // The validator turns its own crashes into "internal" diagnostics; for any input that is a bug.
  const internal = result.diagnostics.filter((d) => d.code === "internal");
  expect(internal, formatDiagnostics(internal)).toEqual([]);
  expect(result.ok).toBe(!result.diagnostics.some((d) => d.severity === "error"));
  return result;
}

/** Validates and expects at least one error, optionally in a given file. */
function expectErrors(files: PackFiles, file?: string): ValidationResult {
  const result = validate(files);
  const errors = result.diagnostics.filter((d) => d.severity === "error" && (!file || d.file === file));
  expect(
    errors.length,
    `expected an error${file ? ` in ${file}` : ""}\n${formatDiagnostics(result.diagnostics)}`,
  ).toBeGreaterThan(0);
  expect(result.ok).toBe(false);
  return result;
}

/** A deterministic xorshift byte generator, so failures reproduce. */
function garbage(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s & 0xff;
  }
  return out;
}

const TEN_MB = "x".repeat(10 * 1024 * 1024);

describe("validatePack robustness", () => {
  it("accepts the mini pack with JSON given as bytes", () => {
    const encoder = new TextEncoder();
    const files: PackFiles = { ...mini };
    for (const path of JSON_FILES) files[path] = encoder.encode(text(path));
    const result = validate(files);
    expect(result.diagnostics, formatDiagnostics(result.diagnostics)).toEqual([]);
  });

  it("reports an empty files object", () => {
    const result = expectErrors({});
    expect(result.diagnostics.some((d) => d.code === "missing-file" && d.file === "manifest.json")).toBe(
      true,
    );
  });

  it("reports game.json truncated at every byte offset", () => {
    const bytes = new TextEncoder().encode(text("game.json").trimEnd());
    for (let offset = 0; offset < bytes.length; offset++) {
      const result = validate(packWith({ "game.json": bytes.slice(0, offset) }));
      const syntax = result.diagnostics.find((d) => d.file === "game.json" && d.code === "json-syntax");
      expect(syntax, `offset ${offset}\n${formatDiagnostics(result.diagnostics)}`).toBeDefined();
      expect(syntax?.pointer).toBe("");
      expect(result.ok).toBe(false);
    }
  });

  describe("binary garbage", () => {
    it.each(["manifest.json", "game.json", "theme.json", "levels/l1.json"])("as %s", (path) => {
      for (const seed of [1, 7, 42, 1234, 99999]) {
        const result = expectErrors(packWith({ [path]: garbage(4096, seed) }), path);
        expect(result.diagnostics.some((d) => d.file === path && d.code === "json-syntax")).toBe(true);
      }
    });

    it("with NUL bytes, a BOM and invalid UTF-8 around valid JSON", () => {
      const json = new TextEncoder().encode(text("game.json"));
      const withNul = new Uint8Array([...json.slice(0, 40), 0, ...json.slice(40)]);
      expectErrors(packWith({ "game.json": withNul }), "game.json");
      const invalidUtf8 = new Uint8Array([0xef, 0xbb, 0xbf, 0xff, 0xfe, ...json]);
      expectErrors(packWith({ "game.json": invalidUtf8 }), "game.json");
    });

    it("as the cover image is not a validation concern", () => {
      validate(packWith({ "assets/cover.png": garbage(100, 3) }));
    });
  });

  describe("non-object top-level values", () => {
    const values = ["null", "42", "[]", '"x"', "true", "-0.5e300"];
    const cells = JSON_FILES.flatMap((file) => values.map((value) => [file, value] as const));
    it.each(cells)("%s containing %s", (file, value) => {
      expectErrors(packWith({ [file]: value }), file);
    });
  });

  describe("huge strings", () => {
    it("a 10 MB level title", () => {
      validate(editing("levels/l1.json", (l) => (l.title = TEN_MB)));
    });

    it("a 10 MB kind name placed on the board: the file is over the size limit", () => {
      const result = expectErrors(
        editing("levels/l1.json", (l) => (l.board.layers.objects[3][0] = TEN_MB)),
        "levels/l1.json",
      );
      expect(result.diagnostics.some((d) => d.code === "file-too-large")).toBe(true);
    });

    it("a 1 MB kind name placed on the board: longer than any name may be", () => {
      const result = expectErrors(
        editing("levels/l1.json", (l) => (l.board.layers.objects[3][0] = TEN_MB.slice(0, 1_000_000))),
        "levels/l1.json",
      );
      expect(
        result.diagnostics.some(
          (d) => d.pointer === "/board/layers/objects/3/0" && d.message.includes("at most 64 characters"),
        ),
      ).toBe(true);
    });

    it("a 10 MB kind name declared in game.json", () => {
      validate(
        editing("game.json", (g) => {
          g.entityKinds[TEN_MB] = { layer: "objects", tags: [], symbol: "z" };
        }),
      );
    });

    it("keeps diagnostic messages short", () => {
      const packs = [
        editing("levels/l1.json", (l) => (l.board.layers.objects[3][0] = TEN_MB)),
        editing("levels/l1.json", (l) => (l.board.size = TEN_MB)),
        editing("game.json", (g) => (g.systems[1].type = TEN_MB)),
        editing("game.json", (g) => (g.entityKinds.key.sprite = `../${TEN_MB}`)),
        editing("levels/l2.json", (l) => (l.solution.goldPath[0] = TEN_MB)),
      ];
      for (const files of packs) {
        for (const d of validate(files).diagnostics) {
          expect(d.message.length, `${d.code} at ${d.file}#${d.pointer}`).toBeLessThan(2000);
          expect((d.hint ?? "").length, `${d.code} hint at ${d.file}#${d.pointer}`).toBeLessThan(2000);
        }
      }
    });
  });

  describe("deep nesting (100 000 levels)", () => {
    const depth = 100_000;
    const arrays = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    const objects = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

    it("as the whole game.json", () => {
      expectErrors(packWith({ "game.json": arrays }), "game.json");
      expectErrors(packWith({ "game.json": objects }), "game.json");
    });

    it("as a level's title", () => {
      const level = text("levels/l1.json").replace('"Key Run"', objects);
      expectErrors(packWith({ "levels/l1.json": level }), "levels/l1.json");
    });

    it("as a manifest field", () => {
      const manifest = text("manifest.json").replace('"Gridponder fixtures"', arrays);
      expectErrors(packWith({ "manifest.json": manifest }), "manifest.json");
    });
  });

  describe("out-of-range numbers", () => {
    it("board size [1e9, 1e9]", () => {
      expectErrors(
        editing("levels/l1.json", (l) => (l.board.size = [1e9, 1e9])),
        "levels/l1.json",
      );
      expectErrors(
        editing("levels/l2.json", (l) => (l.board.size = [1e9, 1e9])),
        "levels/l2.json",
      );
    });

    it.each([
      ["avatar position", "levels/l1.json", (l: Loose) => (l.state.avatar.position = [-1, 0])],
      [
        "sparse entry position",
        "levels/l2.json",
        (l: Loose) => (l.board.layers.objects.entries[0].position = [-2, 1]),
      ],
      [
        "sparse ground entry",
        "levels/l2.json",
        (l: Loose) => (l.board.layers.ground.entries[0].position = [0, -1]),
      ],
      [
        "gold path tap position",
        "levels/l2.json",
        (l: Loose) => l.solution.goldPath.push({ action: "tap_cell", position: [-1, -1] }),
      ],
      [
        "rule position",
        "levels/l1.json",
        (l: Loose) => {
          // Built from text: a literal object with a `then` key trips the thenable lint.
          l.rules = JSON.parse(
            '[{"id":"r","on":"avatar_entered","where":{"position":[-4,0]},"then":[{"clear_inventory":{}}]}]',
          );
        },
      ],
      ["non-integer position", "levels/l1.json", (l: Loose) => (l.state.avatar.position = [0.5, 1e308])],
    ] as const)("negative or invalid %s", (_name, file, edit) => {
      expectErrors(editing(file, edit), file);
    });
  });

  describe("prototype-like names", () => {
    const names = ["__proto__", "constructor", "hasOwnProperty", "toString"];
    /** The code expected where a name is unknown: `__proto__` is refused as reserved before any lookup. */
    const unknown = (name: string, code: string) => (name === "__proto__" ? "reserved-name" : code);

    it.each(names)("%s as an undeclared kind on the board", (name) => {
      const result = expectErrors(
        editing("levels/l1.json", (l) => (l.board.layers.objects[3][0] = name)),
        "levels/l1.json",
      );
      expect(
        result.diagnostics.some(
          (d) => d.code === unknown(name, "unknown-kind") && d.pointer === "/board/layers/objects/3/0",
        ),
      ).toBe(true);
    });

    it.each(names)("%s as an undeclared layer of a level", (name) => {
      expectErrors(
        editing("levels/l1.json", (l) =>
          setOwn(
            l.board.layers,
            name,
            l.board.layers.markers.map((row: unknown[]) => row.map(() => null)),
          ),
        ),
        "levels/l1.json",
      );
    });

    it.each(names)("%s as an undeclared layer of a kind", (name) => {
      const result = expectErrors(
        editing("game.json", (g) => (g.entityKinds.crate.layer = name)),
        "game.json",
      );
      expect(result.diagnostics.some((d) => d.code === unknown(name, "unknown-layer"))).toBe(true);
    });

    it.each(names)("%s as a system override id", (name) => {
      const result = expectErrors(
        editing("levels/l1.json", (l) => {
          l.systemOverrides = {};
          setOwn(l.systemOverrides, name, { chainPush: true });
        }),
        "levels/l1.json",
      );
      expect(result.diagnostics.some((d) => d.code === unknown(name, "unknown-system"))).toBe(true);
    });

    it.each(names)("%s declared as a kind and placed", (name) => {
      const files = editing("game.json", (g) =>
        setOwn(g.entityKinds, name, { layer: "objects", tags: [], symbol: "z" }),
      );
      const level = parsed("levels/l1.json") as Loose;
      level.board.layers.objects[3][0] = name;
      files["levels/l1.json"] = JSON.stringify(level);
      const result = validate(files);
      expect(result.diagnostics.filter((d) => d.code === "unknown-kind")).toEqual([]);
    });

    it.each(names)("%s declared as a layer id", (name) => {
      validate(editing("game.json", (g) => g.layers.push({ id: name, occupancy: "zero_or_one" })));
    });

    it.each(names)("%s as a level id, gold path action and goal id", (name) => {
      validate(editing("game.json", (g) => g.levelSequence.push({ type: "level", ref: name })));
      validate(editing("levels/l2.json", (l) => (l.solution.goldPath[0] = { action: name })));
      validate(
        editing(
          "levels/l2.json",
          (l) => (l.loseConditions = [{ type: "balance_unreachable", config: { goalId: name } }]),
        ),
      );
    });
  });

  describe("random JSON substituted into the mini pack (property)", () => {
    interface Site {
      file: JsonFile;
      path: (string | number)[];
      isObject: boolean;
    }
    const sites: Site[] = [];
    const collect = (file: JsonFile, value: Json, path: (string | number)[]) => {
      const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
      sites.push({ file, path, isObject });
      if (Array.isArray(value)) {
        for (const [i, v] of value.entries()) collect(file, v, [...path, i]);
      } else if (value !== null && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) collect(file, v, [...path, k]);
      }
    };
    for (const file of JSON_FILES) collect(file, parsed(file), []);
    const objectSites = sites.filter((s) => s.isObject);

    /** Replaces the value at `path` (or adds key `extra` to the object there); the root when `path` is empty. */
    function substitute(
      docs: Map<JsonFile, Json>,
      file: JsonFile,
      path: (string | number)[],
      value: Json,
      extra?: string,
    ): void {
      const full = extra === undefined ? path : [...path, extra];
      if (full.length === 0) {
        docs.set(file, value);
        return;
      }
      let node: unknown = docs.get(file) ?? null;
      for (const seg of full.slice(0, -1)) {
        if (node === null || typeof node !== "object" || !Object.hasOwn(node, seg)) return;
        node = (node as Record<string | number, unknown>)[seg];
      }
      if (node === null || typeof node !== "object") return;
      setOwn(node, String(full[full.length - 1]), value);
    }

    const replacement = fc.record({
      site: fc.constantFrom(...sites),
      value: fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>,
    });
    const addition = fc.record({
      site: fc.constantFrom(...objectSites),
      key: fc.oneof(
        fc.constantFrom("__proto__", "constructor", "prototype", "", "kind", "format"),
        fc.string(),
      ),
      value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
    });
    const change = fc.oneof(
      { weight: 4, arbitrary: replacement.map((r) => ({ ...r, key: undefined as string | undefined })) },
      { weight: 1, arbitrary: addition },
    );

    it("never makes validatePack throw or fail internally", () => {
      expect(sites.length).toBeGreaterThan(100);
      fc.assert(
        fc.property(fc.array(change, { minLength: 1, maxLength: 3 }), (changes) => {
          const docs = new Map<JsonFile, Json>(JSON_FILES.map((f) => [f, parsed(f)]));
          for (const c of changes) substitute(docs, c.site.file, c.site.path, c.value, c.key);
          const files: PackFiles = { ...mini };
          for (const [file, doc] of docs) files[file] = JSON.stringify(doc) ?? "null";
          validate(files);
        }),
        { numRuns: 400 },
      );
    });
  });
});
