/**
 * Validates a match pack: manifest.json, game.json, an optional theme.json and the levels the manifest
 * lists, as text. Every finding is a located diagnostic (file, JSON pointer, line and column).
 * @module
 */
import {
  type Diagnostic,
  dictionary,
  findTooDeep,
  MAX_JSON_FILE_BYTES,
  MAX_LEVELS,
  MAX_NAME_LENGTH,
  MAX_NESTING,
  type UnreadFile,
} from "@gridponder/schema";
import type { CompileError } from "../compile/context.js";
import { compileGame } from "../compile/game.js";
import type { MatchGame, MatchLevel, MatchManifest, MatchTheme } from "../types/index.js";
import { type JsonFile, parseJsonFile } from "./json-source.js";
import { checkMatchSchema, type FileDiagnostic, type MatchSchemaName } from "./schema-check.js";
import { checkGameLimits, checkLevelSeats, checkTheme, compileDiagnostic } from "./semantics.js";
import { didYouMean, quote } from "./suggest.js";

/** A pack's files by pack-relative path (`manifest.json`, `levels/opening.json`), as text. */
export type MatchPackFiles = Readonly<Record<string, string | Uint8Array>>;

/** Options for {@link validateMatchPack}. */
export interface MatchValidateOptions {
  /**
   * Files of the pack that were found but not read, and why (see `loadMatchPackFolder` in
   * `@gridponder/match/node`): each is reported in place of "missing".
   */
  unreadFiles?: readonly UnreadFile[];
}

/** The outcome of validating a match pack. */
export interface MatchValidationResult {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /** Every finding, sorted by file and position. */
  diagnostics: Diagnostic[];
  /** The manifest, when manifest.json has no error. */
  manifest?: MatchManifest;
  /** The game, when game.json has no error (it compiles). */
  game?: MatchGame;
  /** The theme, when theme.json is present and has no error. */
  theme?: MatchTheme;
  /**
   * The levels without errors, by id in the manifest's order, on a record without a prototype; set
   * when the manifest could be read.
   */
  levels?: Record<string, MatchLevel>;
}

/** A level id names the file levels/<id>.json: letters, digits, `-` and `_`, starting with a letter or digit. */
export const LEVEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** `gameId`: lowercase words (letters and digits) joined by hyphens. */
const GAME_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const LEVEL_FILE = /^levels\/(.+)\.json$/;

/** A parsed file, its schema check passed or not. */
interface Read<T> {
  readonly json: JsonFile;
  readonly value: T;
  /** No error so far in this file. */
  valid: boolean;
}

class Findings {
  readonly list: Diagnostic[] = [];
  readonly sources = new Map<string, JsonFile>();

  add(file: string, d: FileDiagnostic & { line?: number; column?: number }): void {
    this.list.push({ file, ...d });
  }

  error(file: string, pointer: string, code: string, message: string, hint?: string): void {
    this.add(file, { pointer, severity: "error", code, message, ...(hint ? { hint } : {}) });
  }

  warning(file: string, pointer: string, code: string, message: string, hint?: string): void {
    this.add(file, { pointer, severity: "warning", code, message, ...(hint ? { hint } : {}) });
  }

  hasErrors(file: string): boolean {
    return this.list.some((d) => d.file === file && d.severity === "error");
  }

  /** Every diagnostic located, duplicates removed, sorted. */
  finish(levelOrder: readonly string[]): Diagnostic[] {
    const seen = new Set<string>();
    const out: Diagnostic[] = [];
    for (const d of this.list) {
      const key = [d.file, d.pointer, d.severity, d.code, d.message].join("\u0000");
      if (seen.has(key)) continue;
      seen.add(key);
      if (d.line === undefined) {
        const at = this.sources.get(d.file)?.locate(d.pointer);
        out.push(at ? { ...d, line: at.line, column: at.column } : d);
      } else out.push(d);
    }
    const rank = (file: string) => {
      const fixed = ["manifest.json", "game.json", "theme.json"].indexOf(file);
      if (fixed >= 0) return fixed;
      const level = levelOrder.indexOf(file);
      return level >= 0 ? 3 + level : 3 + levelOrder.length;
    };
    return out.sort(
      (a, b) =>
        rank(a.file) - rank(b.file) ||
        (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? 0) - (b.column ?? 0) ||
        (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0) ||
        (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1),
    );
  }
}

function byteLength(text: string): number {
  // UTF-8 takes at most three bytes per UTF-16 unit: short text needs no encoding to be known small.
  return text.length * 3 <= MAX_JSON_FILE_BYTES ? text.length : new TextEncoder().encode(text).byteLength;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
}

/** Reads one JSON file: size, syntax, duplicate keys, nesting, then its schema. */
function readFile<T>(
  files: MatchPackFiles,
  path: string,
  schema: MatchSchemaName,
  found: Findings,
  before?: (value: unknown) => boolean,
): Read<T> | undefined {
  const content = files[path];
  if (content === undefined) return undefined;
  const text = typeof content === "string" ? content : new TextDecoder().decode(content);
  const bytes = typeof content === "string" ? byteLength(text) : content.byteLength;
  if (bytes > MAX_JSON_FILE_BYTES) {
    found.error(
      path,
      "",
      "file-too-large",
      `not read: it is ${formatBytes(bytes)}, and a pack's JSON files may be at most ${formatBytes(MAX_JSON_FILE_BYTES)}`,
    );
    return undefined;
  }
  const parsed = parseJsonFile(path, text);
  if (!parsed.ok) {
    found.add(path, {
      pointer: "",
      severity: "error",
      code: parsed.tooDeep ? "schema-nesting" : "json-syntax",
      message: parsed.tooDeep
        ? `not read: values nest more than ${MAX_NESTING} levels deep`
        : `invalid JSON: ${parsed.message}`,
      line: parsed.position.line,
      column: parsed.position.column,
    });
    return undefined;
  }
  const { json } = parsed;
  found.sources.set(path, json);
  const deep = findTooDeep(json.value);
  if (deep !== undefined) {
    found.add(path, {
      pointer: deep,
      severity: "error",
      code: "schema-nesting",
      message: `not read: values nest more than ${MAX_NESTING} levels deep`,
    });
    return undefined;
  }
  for (const dup of json.duplicateKeys())
    found.add(path, {
      pointer: dup.pointer,
      severity: "warning",
      code: "duplicate-key",
      message: `this key is written twice in one object, at lines ${dup.firstLine} and ${dup.line}; only the later value is used`,
      line: dup.line,
      column: dup.column,
    });
  const read: Read<T> = { json, value: json.value as T, valid: true };
  if (before && !before(json.value)) {
    read.valid = false;
    return read;
  }
  for (const d of checkMatchSchema(schema, json.value)) found.add(path, d);
  read.valid = !found.hasErrors(path);
  return read;
}

/** manifest.format must be "match": a puzzle pack's manifest is checked by `@gridponder/schema`. */
function checkFormat(value: unknown, found: Findings): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return true;
  const manifest = value as Record<string, unknown>;
  if (manifest.format === "match") return true;
  const puzzle = "dslVersion" in manifest;
  found.error(
    "manifest.json",
    "format" in manifest ? "/format" : "",
    "manifest-format",
    "format" in manifest
      ? `expected "format": "match" but found ${quote(manifest.format)}; this is not a match pack`
      : `missing "format": "match"; this is not a match pack`,
    puzzle
      ? "this manifest has a dslVersion: it is a puzzle pack, which @gridponder/schema validates"
      : 'a match pack\'s manifest says "format": "match"',
  );
  return false;
}

function checkManifestFields(manifest: MatchManifest, found: Findings): void {
  if (!GAME_ID_PATTERN.test(manifest.gameId))
    found.warning(
      "manifest.json",
      "/gameId",
      "game-id",
      `expected lowercase words joined by hyphens (such as "chess" or "tic-tac-toe") but found ${quote(manifest.gameId)}`,
    );
}

/** The level ids the manifest lists that name a file that may be read; each problem reported. */
function listedLevels(
  manifest: MatchManifest,
  levelFiles: readonly string[],
  unread: ReadonlySet<string>,
  found: Findings,
): string[] {
  const ids = manifest.levels ?? [];
  if (ids.length > MAX_LEVELS) {
    found.error(
      "manifest.json",
      `/levels/${MAX_LEVELS}`,
      "too-many-levels",
      `a pack may have at most ${MAX_LEVELS} levels; it lists ${ids.length}`,
    );
    return [];
  }
  const seen = new Set<string>();
  const out: string[] = [];
  const fileIds = levelFiles.map((f) => (LEVEL_FILE.exec(f) as RegExpExecArray)[1] as string);
  ids.forEach((id, i) => {
    const pointer = `/levels/${i}`;
    if (!LEVEL_ID_PATTERN.test(id) || id.length > MAX_NAME_LENGTH) {
      found.error(
        "manifest.json",
        pointer,
        "level-id",
        `expected a level id of letters, digits, "-" and "_" (at most ${MAX_NAME_LENGTH}) but found ${quote(id)}`,
        "the id names the file levels/<id>.json",
      );
      return;
    }
    if (seen.has(id)) {
      found.error("manifest.json", pointer, "duplicate-level", `level "${id}" is listed twice`);
      return;
    }
    seen.add(id);
    // A file found but not read is reported as such.
    if (unread.has(`levels/${id}.json`)) return;
    if (!levelFiles.includes(`levels/${id}.json`)) {
      found.error(
        "manifest.json",
        pointer,
        "missing-level",
        `there is no file levels/${id}.json for level "${id}"${didYouMean(id, fileIds)}`,
      );
      return;
    }
    out.push(id);
  });
  return out;
}

function isSetupPointer(pointer: string): boolean {
  return pointer === "/setup" || pointer.startsWith("/setup/");
}

function safeCompile(...args: Parameters<typeof compileGame>): CompileError[] {
  try {
    const result = compileGame(...args);
    return result.ok ? [] : result.errors;
  } catch (error) {
    return [
      {
        pointer: "",
        code: "compile-failed",
        message: `the game could not be compiled: ${error instanceof Error ? error.message : String(error)}`,
      },
    ];
  }
}

/**
 * Validates a match pack from its files' text, by pack-relative path: `manifest.json` and `game.json`
 * (required), `theme.json` and `levels/<id>.json` for each id the manifest's `levels` lists. Nothing is
 * thrown; every problem is a diagnostic.
 */
export function validateMatchPack(
  files: MatchPackFiles,
  options: MatchValidateOptions = {},
): MatchValidationResult {
  const found = new Findings();
  const unread = new Set<string>();
  for (const file of options.unreadFiles ?? []) {
    unread.add(file.path);
    found.error(file.path, "", file.code, `not read: ${file.reason}`);
  }
  const present = (path: string) => Object.hasOwn(files, path) && typeof files[path] !== "undefined";
  for (const path of ["manifest.json", "game.json"])
    if (!present(path) && !unread.has(path))
      found.error(path, "", "missing-file", `a match pack needs ${path}; it is missing`);

  const levelFiles = Object.keys(files)
    .filter((path) => LEVEL_FILE.test(path))
    .sort();
  const manifest = present("manifest.json")
    ? readFile<MatchManifest>(files, "manifest.json", "manifest", found, (v) => checkFormat(v, found))
    : undefined;
  if (manifest && !manifest.valid && found.list.some((d) => d.code === "manifest-format"))
    return finish(found, [], {});
  if (manifest?.valid) checkManifestFields(manifest.value, found);

  const game = present("game.json") ? readFile<MatchGame>(files, "game.json", "game", found) : undefined;
  const theme = present("theme.json") ? readFile<MatchTheme>(files, "theme.json", "theme", found) : undefined;

  const ids = manifest?.valid ? listedLevels(manifest.value, levelFiles, unread, found) : [];
  const listed = new Set(ids.map((id) => `levels/${id}.json`));
  if (manifest?.valid)
    for (const path of levelFiles)
      if (!listed.has(path))
        found.warning(
          path,
          "",
          "unlisted-level",
          "this level is not listed in manifest.json's levels, so it is never played",
          `add "${(LEVEL_FILE.exec(path) as RegExpExecArray)[1]}" to the manifest's levels, or remove the file`,
        );
  const levels = new Map<string, Read<MatchLevel>>();
  for (const id of ids) {
    const read = readFile<MatchLevel>(files, `levels/${id}.json`, "level", found);
    if (read) levels.set(id, read);
  }

  if (game?.valid) {
    const g = game.value;
    const limits = checkGameLimits(g);
    for (const d of limits) found.add("game.json", d);
    if (limits.some((d) => d.severity === "error")) game.valid = false;
    else {
      for (const e of safeCompile(g, g.seats.min)) {
        found.add("game.json", compileDiagnostic(e, e.pointer, g, g));
      }
      for (const [id, level] of levels) {
        if (!level.valid) continue;
        const path = `levels/${id}.json`;
        const seats = checkLevelSeats(level.value, g);
        for (const d of seats) found.add(path, d);
        if (seats.length > 0) continue;
        const seatCount = level.value.seatCount ?? g.seats.min;
        const setup = level.value.setup;
        // A level without a setup plays the game's own: its findings are the game's.
        const errors =
          setup === undefined ? safeCompile(g, seatCount) : safeCompile(g, seatCount, setup, "/setup");
        for (const e of errors) {
          if (setup !== undefined && isSetupPointer(e.pointer))
            found.add(path, compileDiagnostic(e, e.pointer, level.value, g));
          else found.add("game.json", compileDiagnostic(e, e.pointer, g, g));
        }
      }
      game.valid = !found.hasErrors("game.json");
    }
    if (theme?.valid) for (const d of checkTheme(theme.value, g)) found.add("theme.json", d);
  }
  if (theme) theme.valid = !found.hasErrors("theme.json");
  for (const [id, level] of levels) level.valid = !found.hasErrors(`levels/${id}.json`);

  const result: Partial<MatchValidationResult> = {};
  if (manifest?.valid) {
    result.manifest = manifest.value;
    result.levels = dictionary(
      [...levels].filter(([, level]) => level.valid).map(([id, level]) => [id, level.value] as const),
    );
  }
  if (game?.valid) result.game = game.value;
  if (theme?.valid) result.theme = theme.value;
  return finish(
    found,
    ids.map((id) => `levels/${id}.json`),
    result,
  );
}

function finish(
  found: Findings,
  levelOrder: readonly string[],
  result: Partial<MatchValidationResult>,
): MatchValidationResult {
  const diagnostics = found.finish(levelOrder);
  return { ...result, ok: !diagnostics.some((d) => d.severity === "error"), diagnostics };
}
