import type { ActionDefinition, EntityKind, GameDefinition, LayerDefinition } from "../types/game.js";
import type { LevelDefinition } from "../types/level.js";
import type { Manifest } from "../types/manifest.js";
import type { SystemDefinition } from "../types/systems/index.js";
import type { Theme } from "../types/theme.js";
import type { Diagnostic, Severity } from "./diagnostics.js";
import type { JsonSource } from "./json-source.js";
import type { FoundRef } from "./schema-check.js";

/** The contents of a pack: pack-relative paths (forward slashes) to file contents; JSON files as text. */
export type PackFiles = Record<string, string | Uint8Array>;

/** Lookup tables built once from `game.json`, shared by every check. */
export interface GameIndex {
  game: GameDefinition;
  layers: Map<string, LayerDefinition>;
  kinds: Map<string, EntityKind>;
  actions: Map<string, ActionDefinition>;
  systems: Map<string, SystemDefinition>;
  tags: Set<string>;
}

/** One parsed JSON file of the pack and what schema validation found in it. */
export interface ParsedFile<T> {
  path: string;
  source: JsonSource;
  value: T;
  /** False when the file has schema errors: semantic checks then skip it, since its shape is not trustworthy. */
  valid: boolean;
  refs: FoundRef[];
}

/** Collects diagnostics for one validation run. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private readonly sources = new Map<string, JsonSource>();

  addSource(source: JsonSource): void {
    this.sources.set(source.file, source);
  }

  report(
    file: string,
    pointer: string,
    severity: Severity,
    code: string,
    message: string,
    hint?: string,
  ): void {
    const d: Diagnostic = { file, pointer, severity, code, message };
    if (hint) d.hint = hint;
    this.diagnostics.push(d);
  }

  error(file: string, pointer: string, code: string, message: string, hint?: string): void {
    this.report(file, pointer, "error", code, message, hint);
  }

  warn(file: string, pointer: string, code: string, message: string, hint?: string): void {
    this.report(file, pointer, "warning", code, message, hint);
  }

  /** Adds line and column to every diagnostic whose file was parsed. */
  locateAll(): void {
    for (const d of this.diagnostics) {
      const where = this.sources.get(d.file)?.locate(d.pointer);
      if (where && d.line === undefined) {
        d.line = where.line;
        d.column = where.column;
      }
    }
  }
}

/** The parsed pack handed to later checks. */
export interface PackModel {
  manifest?: ParsedFile<Manifest>;
  game?: ParsedFile<GameDefinition>;
  theme?: ParsedFile<Theme>;
  levels: ParsedFile<LevelDefinition>[];
  /** Every level file found, parsed or not (see `ValidationResult.levelFiles`). */
  levelFiles: string[];
  index?: GameIndex;
}

export { own } from "../records.js";
