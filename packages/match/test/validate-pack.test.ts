import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import type { MatchGame, MatchLevel, MatchManifest, MatchTheme } from "../src/types/index.js";
import { type MatchValidationResult, validateMatchPack } from "../src/validate/validate-pack.js";

const PACKS = join(import.meta.dirname, "../../../packs");
const EXAMPLES = ["tic-tac-toe", "chess", "checkers"] as const;

type Example = (typeof EXAMPLES)[number];

function read(pack: Example, file: string): string {
  return readFileSync(join(PACKS, pack, file), "utf8");
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

interface Pack {
  manifest: MatchManifest;
  game: MatchGame;
  extra: Record<string, string>;
}

/** An example pack, parsed, to edit in memory and validate. */
function example(pack: Example): Pack {
  return {
    manifest: JSON.parse(read(pack, "manifest.json")) as MatchManifest,
    game: JSON.parse(read(pack, "game.json")) as MatchGame,
    extra: {},
  };
}

function validate(pack: Pack): MatchValidationResult {
  return validateMatchPack({
    "manifest.json": json(pack.manifest),
    "game.json": json(pack.game),
    ...pack.extra,
  });
}

/** Each error as file, pointer and code. */
function errors(result: MatchValidationResult): [string, string, string][] {
  return result.diagnostics.filter((d) => d.severity === "error").map((d) => [d.file, d.pointer, d.code]);
}

function warnings(result: MatchValidationResult): [string, string, string][] {
  return result.diagnostics.filter((d) => d.severity === "warning").map((d) => [d.file, d.pointer, d.code]);
}

function only(result: MatchValidationResult, code: string): Diagnostic {
  const found = result.diagnostics.filter((d) => d.code === code);
  expect(found, `one ${code} in ${JSON.stringify(result.diagnostics)}`).toHaveLength(1);
  return found[0] as Diagnostic;
}

/** A value inside parsed JSON, to edit, by path. */
function at(root: unknown, ...path: (string | number)[]): Record<string, unknown> {
  let v = root;
  for (const key of path) v = (v as Record<string | number, unknown>)[key];
  return v as Record<string, unknown>;
}

describe("the example packs", () => {
  for (const pack of EXAMPLES)
    it(`${pack} validates without errors or warnings`, () => {
      const result = validateMatchPack({
        "manifest.json": read(pack, "manifest.json"),
        "game.json": read(pack, "game.json"),
      });
      expect(result.diagnostics).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.manifest?.format).toBe("match");
      expect(result.game?.formatVersion).toBe("0.1");
      expect(result.theme).toBeUndefined();
      expect(Object.keys(result.levels ?? { x: 1 })).toEqual([]);
    });
});

describe("semantic errors, from the compiler", () => {
  it("an unknown piece type in a move", () => {
    const pack = example("chess");
    const push = pack.game.moves.find((m) => m.id === "push");
    at(push, "piece").type = "pwan";
    const result = validate(pack);
    expect(result.ok).toBe(false);
    expect(result.game).toBeUndefined();
    const index = pack.game.moves.findIndex((m) => m.id === "push");
    expect(errors(result)).toEqual([["game.json", `/moves/${index}/piece/type`, "unknown-type"]]);
    const d = only(result, "unknown-type");
    expect(d.message).toContain('"pwan"');
    expect(d.hint).toBe('did you mean "pawn"?');
    expect(d.line).toBeGreaterThan(1);
    expect(d.column).toBeGreaterThan(1);
  });

  it("an unknown variable", () => {
    const pack = example("chess");
    at(pack.game.beforeEachMove, 0, "set").var = "enPasant";
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/beforeEachMove/0/set/var", "unknown-variable"]]);
    expect(only(result, "unknown-variable").hint).toBe('did you mean "enPassant"?');
  });

  it("an unknown variable read deep in an expression", () => {
    const pack = example("checkers");
    pack.game.end.push({ if: { gt: [{ var: "quietMove" }, 99] }, result: { draw: true }, reason: "x" });
    const result = validate(pack);
    const pointer = `/end/${pack.game.end.length - 1}/if/gt/0/var`;
    expect(errors(result)).toEqual([["game.json", pointer, "unknown-variable"]]);
  });

  it("a cell name off the board", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.moves, 0).if = { empty: { cell: "d4" } };
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/moves/0/if/empty/cell", "unknown-cell"]]);
    expect(only(result, "unknown-cell").message).toContain("3×3");
  });

  it("an unknown zone", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.moves, 0).do = [{ shuffle: "deck" }];
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/moves/0/do/0/shuffle", "unknown-zone"]]);
  });

  it("an unknown piece type in the game's setup legend points at the legend entry", () => {
    const pack = example("checkers");
    at(pack.game.setup.legend, "w").type = "mann";
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/setup/legend/w/type", "unknown-type"]]);
  });

  it("an unknown attribute in a setup legend entry points under its attributes", () => {
    const pack = example("checkers");
    at(pack.game.setup.legend, "w").attributes = { crowned: true };
    const result = validate(pack);
    expect(errors(result)).toEqual([
      ["game.json", "/setup/legend/w/attributes/crowned", "unknown-attribute"],
    ]);
  });
});

describe("schema errors", () => {
  it("a wrong JSON type", () => {
    const pack = example("tic-tac-toe");
    at(pack.game, "seats").min = "2";
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/seats/min", "schema-type"]]);
    const d = only(result, "schema-type");
    expect(d.message).toBe('expected number but found string "2"');
    expect(d.hint).toBe("The fewest seats the game is played with.");
    expect([d.line, d.column]).toEqual([5, 5]);
  });

  it("a misspelt field, with the name meant", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.moves, 0).lable = "Mark";
    const result = validate(pack);
    // An unknown field is ignored: a warning, and the pack stays valid.
    expect(result.ok).toBe(true);
    expect(warnings(result)).toEqual([["game.json", "/moves/0/lable", "schema-unknown-field"]]);
    expect(only(result, "schema-unknown-field").message).toBe(
      'unknown field "lable" (did you mean "label"?); it is ignored',
    );
  });

  it("a misspelt required field: the missing field, and the name meant", () => {
    const pack = example("tic-tac-toe");
    const move = at(pack.game.moves, 0);
    move.pattren = move.pattern;
    delete move.pattern;
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/moves/0", "schema-required"]]);
    expect(warnings(result)).toEqual([["game.json", "/moves/0/pattren", "schema-unknown-field"]]);
    expect(only(result, "schema-unknown-field").message).toContain('did you mean "pattern"?');
  });

  it("a misspelt expression key, with the key meant", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.end, 0).if = { lien: { length: 3, owner: { seat: "mover" } } };
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/end/0/if/lien", "schema-unknown-key"]]);
    expect(only(result, "schema-unknown-key").message).toMatch(
      /^unknown key "lien" \(did you mean "line"\?\): expected an expression/,
    );
  });

  it("two expressions in one object", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.end, 0).if = { full: "board", get: "to" };
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/end/0/if", "schema-several-forms"]]);
    expect(only(result, "schema-several-forms").message).toBe(
      'the keys "full" and "get" each name an expression, and one object holds only one',
    );
  });

  it("a misspelt field of one branch of a union, with the name meant from another", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.moves, 0).piece = { form: "deck" };
    const result = validate(pack);
    expect(warnings(result)).toEqual([["game.json", "/moves/0/piece/form", "schema-unknown-field"]]);
    expect(only(result, "schema-unknown-field").message).toContain('(did you mean "from"?)');
  });

  it("a misspelt value of a union of names", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.end, 0).if = { line: { length: 3, owner: { seat: "mvoer" } } };
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/end/0/if/line/owner/seat", "schema-enum"]]);
    expect(only(result, "schema-enum").message).toBe(
      'unknown value "mvoer" (did you mean "mover"?); expected "mover", "current", "next", "previous" or a number',
    );
  });

  it("an error deep in an expression is reported once, where it is", () => {
    const pack = example("chess");
    at(pack.game.beforeEachMove, 1, "set", "to", "if", 2, "add")[1] = [1];
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/beforeEachMove/1/set/to/if/2/add/1", "schema-type"]]);
    expect(only(result, "schema-type").message).toBe(
      "expected an expression (number, boolean, string or an object) but found array [1]",
    );
  });

  it("a tuple of the wrong length", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.end, 0).if = { eq: [1, 2, 3] };
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/end/0/if/eq/2", "schema-value"]]);
  });

  it("an effect missing a field", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.moves, 0).do = [{ place: { type: "mark" } }];
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/moves/0/do/0/place", "schema-required"]]);
    expect(only(result, "schema-required").message).toBe('missing required field "at"');
  });
});

describe("files and JSON", () => {
  it("invalid JSON, with its line and column", () => {
    const text = read("tic-tac-toe", "game.json").replace('"label": "Mark" }', '"label": "Mark", }');
    const result = validateMatchPack({
      "manifest.json": read("tic-tac-toe", "manifest.json"),
      "game.json": text,
    });
    expect(errors(result)).toEqual([["game.json", "", "json-syntax"]]);
    const d = only(result, "json-syntax");
    const line = text.split("\n").findIndex((l) => l.includes('"Mark", }')) + 1;
    expect(d.line).toBe(line);
    expect(d.column).toBe((text.split("\n")[line - 1] ?? "").indexOf("}") + 1);
    expect(d.message).toBe("invalid JSON: a trailing comma is not allowed in JSON");
  });

  it("deep nesting is refused before the schema is checked", () => {
    const pack = example("tic-tac-toe");
    let deep: unknown = true;
    for (let i = 0; i < 100; i++) deep = { not: deep };
    at(pack.game).legal = deep;
    const result = validate(pack);
    expect(errors(result).map(([file, , code]) => [file, code])).toEqual([["game.json", "schema-nesting"]]);
    expect(only(result, "schema-nesting").pointer).toMatch(/^\/legal(\/not)+$/);
    expect(result.game).toBeUndefined();
  });

  it("nesting too deep for any parser is refused", () => {
    const result = validateMatchPack({
      "manifest.json": read("tic-tac-toe", "manifest.json"),
      "game.json": `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(errors(result).map(([file, , code]) => [file, code])).toEqual([["game.json", "schema-nesting"]]);
  });

  it("a file over the size limit is not parsed", () => {
    const result = validateMatchPack({
      "manifest.json": read("tic-tac-toe", "manifest.json"),
      "game.json": `{"x": "${"a".repeat(4 * 1024 * 1024)}"}`,
    });
    expect(errors(result)).toEqual([["game.json", "", "file-too-large"]]);
  });

  it("manifest.json and game.json are required", () => {
    expect(errors(validateMatchPack({}))).toEqual([
      ["manifest.json", "", "missing-file"],
      ["game.json", "", "missing-file"],
    ]);
  });

  it("a key written twice is a warning", () => {
    const text = read("tic-tac-toe", "game.json").replace('"label": "Mark"', '"label": "Mark", "label": "X"');
    const result = validateMatchPack({
      "manifest.json": read("tic-tac-toe", "manifest.json"),
      "game.json": text,
    });
    expect(result.ok).toBe(true);
    expect(warnings(result)).toEqual([["game.json", "/pieces/mark/label", "duplicate-key"]]);
  });
});

describe("the manifest", () => {
  it('format must be "match"', () => {
    const pack = example("tic-tac-toe");
    (pack.manifest as { format: string }).format = "puzzle";
    const result = validate(pack);
    expect(errors(result)).toEqual([["manifest.json", "/format", "manifest-format"]]);
    expect(result.manifest).toBeUndefined();
  });

  it("a puzzle pack's manifest is told apart", () => {
    const result = validateMatchPack({
      "manifest.json": json({ dslVersion: "0.8", gameId: "x", title: "X", version: "1.0.0" }),
      "game.json": "{}",
    });
    expect(errors(result)).toEqual([["manifest.json", "", "manifest-format"]]);
    expect(only(result, "manifest-format").hint).toMatch(/puzzle pack/);
  });

  it("levels must name existing files; unlisted level files are warned about", () => {
    const pack = example("tic-tac-toe");
    pack.manifest.levels = ["corner", "centre", "../game", "corner"];
    const level: MatchLevel = { title: "Corner", setup: { pieces: [{ at: "a1", type: "mark", owner: 0 }] } };
    pack.extra = {
      "levels/corner.json": json(level),
      "levels/center.json": json({ title: "Centre" }),
    };
    const result = validate(pack);
    expect(errors(result)).toEqual([
      ["manifest.json", "/levels/1", "missing-level"],
      ["manifest.json", "/levels/2", "level-id"],
      ["manifest.json", "/levels/3", "duplicate-level"],
    ]);
    expect(only(result, "missing-level").message).toContain('did you mean "center"?');
    expect(warnings(result)).toEqual([["levels/center.json", "", "unlisted-level"]]);
    expect(Object.keys(result.levels ?? {})).toEqual(["corner"]);
  });
});

describe("levels", () => {
  function withLevel(level: unknown): MatchValidationResult {
    const pack = example("tic-tac-toe");
    pack.manifest.levels = ["opening"];
    pack.extra = { "levels/opening.json": json(level) };
    return validate(pack);
  }

  it("a valid level", () => {
    const result = withLevel({
      title: "Opening",
      setup: {
        board: ["x..", ".o.", "..."],
        legend: { x: { type: "mark", owner: 0 }, o: { type: "mark", owner: 1 } },
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.levels?.opening?.title).toBe("Opening");
    expect(Object.getPrototypeOf(result.levels)).toBeNull();
  });

  it("an unknown piece in a level's setup is reported in the level file", () => {
    const result = withLevel({ title: "Opening", setup: { pieces: [{ at: "b2", type: "makr", owner: 0 }] } });
    expect(errors(result)).toEqual([["levels/opening.json", "/setup/pieces/0/type", "unknown-type"]]);
    const d = only(result, "unknown-type");
    expect(d.hint).toBe('did you mean "mark"?');
    expect(d.line).toBe(7);
    expect(result.game).toBeDefined();
    expect(result.levels?.opening).toBeUndefined();
  });

  it("an unknown piece in a level's board legend points at the legend entry", () => {
    const result = withLevel({
      title: "Opening",
      setup: { board: ["x..", "...", "..."], legend: { x: { type: "cross" } } },
    });
    expect(errors(result)).toEqual([["levels/opening.json", "/setup/legend/x/type", "unknown-type"]]);
  });

  it("a cell off the board in a level's setup", () => {
    const result = withLevel({ title: "Opening", setup: { pieces: [{ at: "d1", type: "mark" }] } });
    expect(errors(result)).toEqual([["levels/opening.json", "/setup/pieces/0/at", "unknown-cell"]]);
  });

  it("a level's seat count must be one the game is played with", () => {
    const result = withLevel({ title: "Opening", seatCount: 3 });
    expect(errors(result)).toEqual([["levels/opening.json", "/seatCount", "seat-count"]]);
  });

  it("a schema error in a level", () => {
    const result = withLevel({ title: "Opening", setup: { pieces: [{ at: "a1", typ: "mark" }] } });
    expect(errors(result)).toEqual([["levels/opening.json", "/setup/pieces/0", "schema-required"]]);
    expect(warnings(result)).toEqual([
      ["levels/opening.json", "/setup/pieces/0/typ", "schema-unknown-field"],
    ]);
  });

  it("a game error is reported once, on game.json, however many levels compile it", () => {
    const pack = example("tic-tac-toe");
    at(pack.game.moves, 0).do = [{ shuffle: "deck" }];
    pack.manifest.levels = ["a", "b"];
    pack.extra = {
      "levels/a.json": json({ title: "A", setup: {} }),
      "levels/b.json": json({ title: "B" }),
    };
    const result = validate(pack);
    expect(errors(result)).toEqual([["game.json", "/moves/0/do/0/shuffle", "unknown-zone"]]);
  });
});

describe("the theme", () => {
  it("names only piece types and enums of the game (warnings)", () => {
    const pack = example("chess");
    const theme: MatchTheme = {
      seats: [{ color: "#fff" }, { color: "#000" }, { color: "#f00" }],
      pieces: { king: { glyphs: ["♔", "♚"] }, kinng: { glyphs: ["K"] } },
      labels: { suit: { hearts: { symbol: "♥" } } },
    };
    pack.extra = { "theme.json": json(theme) };
    const result = validate(pack);
    expect(result.ok).toBe(true);
    expect(warnings(result)).toEqual([
      ["theme.json", "/seats/2", "theme-extra-seat"],
      ["theme.json", "/pieces/kinng", "theme-unknown-piece"],
      ["theme.json", "/labels/suit", "theme-unknown-enum"],
    ]);
    expect(only(result, "theme-unknown-piece").message).toContain('did you mean "king"?');
    expect(result.theme?.pieces?.king?.glyphs).toEqual(["♔", "♚"]);
  });

  it("a schema error in the theme", () => {
    const pack = example("chess");
    pack.extra = { "theme.json": json({ pieces: { king: { shape: "round" } } }) };
    const result = validate(pack);
    expect(errors(result)).toEqual([["theme.json", "/pieces/king/shape", "schema-enum"]]);
    expect(result.theme).toBeUndefined();
    expect(result.game).toBeDefined();
  });
});

describe("every diagnostic", () => {
  it("has a file, a pointer, a severity, a code, a message, and a position when the file parses", () => {
    const pack = example("chess");
    at(pack.game.moves, 0).lable = "x";
    at(pack.game.beforeEachMove, 0, "set").var = "nope";
    pack.manifest.levels = ["missing"];
    pack.extra = { "theme.json": json({ pieces: { nope: {} } }) };
    const result = validate(pack);
    expect(result.diagnostics.length).toBeGreaterThanOrEqual(4);
    for (const d of result.diagnostics) {
      expect(typeof d.file).toBe("string");
      expect(typeof d.pointer).toBe("string");
      expect(["error", "warning"]).toContain(d.severity);
      expect(d.code).toMatch(/^[a-z-]+$/);
      expect(d.message.length).toBeGreaterThan(0);
      expect(d.line).toBeGreaterThan(0);
      expect(d.column).toBeGreaterThan(0);
    }
  });
});
