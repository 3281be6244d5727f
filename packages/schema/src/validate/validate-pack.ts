import { MAX_JSON_FILE_BYTES, MAX_LEVELS, sizeOver, tooLargeReason } from "../limits.js";
import { dictionary } from "../records.js";
import type { GameDefinition } from "../types/game.js";
import type { LevelDefinition } from "../types/level.js";
import type { Manifest } from "../types/manifest.js";
import type { Theme } from "../types/theme.js";
import { AssetResolver, normaliseAssetPath, unsafeAssetPath } from "./check-assets.js";
import { checkGame, indexGame } from "./check-game.js";
import { checkLevel } from "./check-level.js";
import { checkManifest } from "./check-manifest.js";
import { checkRefs, type RefScope } from "./check-refs.js";
import { checkSolution } from "./check-solution.js";
import { type PackFiles, type PackModel, type ParsedFile, Reporter } from "./context.js";
import { type CustomRuleKeys, checkRuleKeys, shadowedRuleKeys } from "./custom-rules.js";
import { type CustomEntryList, type CustomType, checkCustomEntry } from "./custom-types.js";
import { type Diagnostic, pointerOf, pointerSegments, sortDiagnostics } from "./diagnostics.js";
import { parseJson } from "./json-source.js";
import { findReservedNames } from "./reserved-names.js";
import { checkSchema, type FileDiagnostic, type SchemaCheckResult, type SchemaName } from "./schema-check.js";
import { quote } from "./suggest.js";
import { reportUnread, type UnreadFile } from "./unread-files.js";

/** Options for {@link validatePack}. */
export interface ValidateOptions {
  /**
   * The shared asset collections available to the pack, by id, each as the list of file paths inside it.
   * When given, every collection the manifest names in `sharedAssets` must be among them.
   */
  sharedCollections?: Record<string, readonly string[]>;
  /**
   * Collections searched for assets even when the manifest does not name them (after the named ones).
   * @default ["gridponder-base"]
   */
  implicitCollections?: readonly string[];
  /** The engine version `minEngineVersion` is checked against; the platform's own by default. */
  engineVersion?: string;
  /**
   * System types the DSL does not define that the pack may use, by type name: types an engine
   * registered (see `@gridponder/engine`'s `Registry`). Their entries are checked against their own
   * config schemas; a type neither the DSL nor this names is refused.
   */
  customSystems?: Readonly<Record<string, CustomType>>;
  /** Goal types the DSL does not define that the pack's levels may use (as `customSystems`). */
  customGoals?: Readonly<Record<string, CustomType>>;
  /** Lose condition types the DSL does not define that the pack's levels may use (as `customSystems`). */
  customLoseConditions?: Readonly<Record<string, CustomType>>;
  /**
   * Rule effect keys the DSL does not define that the pack's rules may use, by key (as
   * `customSystems`): the value under the key is checked against `configSchema`. A key the DSL
   * defines may not be given here: it is refused, since a rule could not tell the two apart.
   */
  customEffects?: Readonly<Record<string, CustomType>>;
  /** Rule condition keys the DSL does not define that the pack's rules may use (as `customEffects`). */
  customConditions?: Readonly<Record<string, CustomType>>;
  /** Event types the DSL does not define that the pack's rules may listen to (a rule's `on`). */
  customEvents?: readonly string[];
  /**
   * Files and folders of the pack that were found but not read, and why (symbolic links, files over
   * the size limits, read errors; see `readPackContents` in `@gridponder/schema/node`). Each is
   * reported, as an error where the pack needs it.
   */
  unreadFiles?: readonly UnreadFile[];
}

/** A pack that passed validation, as typed data. */
export interface ValidPack {
  manifest: Manifest;
  game: GameDefinition;
  theme?: Theme;
  /** Levels by id, on a record without a prototype: only a pack's own level ids are found in it. */
  levels: Record<string, LevelDefinition>;
}

/** The outcome of validating a pack. */
export interface ValidationResult {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /** Every finding, sorted by file and position. */
  diagnostics: Diagnostic[];
  /** The typed pack, when `ok`. */
  pack?: ValidPack;
  /**
   * The pack-relative paths of the level files found in the level folder, sorted: valid or not, read
   * or not, so that an invalid pack still tells how many levels it has. Always set by `validatePack`;
   * optional so that a result rebuilt around an already validated pack need not list them.
   */
  levelFiles?: string[];
}

function parseFile<T>(
  files: PackFiles,
  path: string,
  schema: SchemaName,
  report: Reporter,
  custom: CustomTypes = {},
  rules: CustomRuleKeys = {},
): ParsedFile<T> | undefined {
  const content = files[path];
  if (content === undefined) return undefined;
  const size = sizeOver(content, MAX_JSON_FILE_BYTES);
  if (size !== undefined) {
    report.error(path, "", "file-too-large", `not read: ${tooLargeReason(path, size)}`);
    return undefined;
  }
  const parsed = parseJson(path, content);
  if (!parsed.ok) {
    report.diagnostics.push({
      file: path,
      pointer: "",
      severity: "error",
      code: "json-syntax",
      message: parsed.message,
      line: parsed.line,
      column: parsed.column,
    });
    return undefined;
  }
  report.addSource(parsed.source);
  for (const duplicate of parsed.source.duplicateKeys)
    report.diagnostics.push({
      file: path,
      pointer: duplicate.pointer,
      severity: "warning",
      code: "duplicate-key",
      message: `the key ${quote(pointerSegments(duplicate.pointer).at(-1))} appears twice in one object, at lines ${duplicate.firstLine} and ${duplicate.line}; only the value at line ${duplicate.line} is used`,
      hint: "remove or rename one of the two",
      line: duplicate.line,
      column: duplicate.column,
    });
  const reserved = findReservedNames(parsed.source.value);
  const { diagnostics, refs } = checkWithCustomTypes(schema, parsed.source.value, custom, rules);
  for (const d of [...reserved, ...diagnostics]) report.diagnostics.push({ file: path, ...d });
  return {
    path,
    source: parsed.source,
    value: parsed.source.value as T,
    // A file using the reserved name is refused whole: later checks would look names up in records.
    valid: reserved.length === 0 && !diagnostics.some((d) => d.severity === "error"),
    refs,
  };
}

/** Custom types by the entry list that may hold them (see `ValidateOptions`). */
type CustomTypes = Partial<Record<CustomEntryList, Readonly<Record<string, CustomType>>>>;

/** The entry lists of each file that may hold custom types. */
const CUSTOM_LISTS: Partial<Record<SchemaName, readonly CustomEntryList[]>> = {
  game: ["systems"],
  level: ["goals", "loseConditions"],
};

/** The files that hold rules. */
const RULE_FILES: ReadonlySet<SchemaName> = new Set(["game", "level"]);

/**
 * A file against its schema, with the entries of custom types (see `ValidateOptions`) taken out of its
 * lists, and the rule effects and conditions of custom keys out of its rules, and checked against
 * their own schemas; the other entries keep their own pointers.
 */
function checkWithCustomTypes(
  name: SchemaName,
  file: unknown,
  custom: CustomTypes,
  ruleKeys: CustomRuleKeys,
): SchemaCheckResult {
  if (file === null || typeof file !== "object" || Array.isArray(file)) return checkSchema(name, file);
  const rules = RULE_FILES.has(name)
    ? checkRuleKeys(file as Record<string, unknown>, ruleKeys)
    : { file, diagnostics: [] };
  const checked = withCustomEntries(name, rules.file, custom);
  return { ...checked, diagnostics: [...checked.diagnostics, ...rules.diagnostics] };
}

/** A file against its schema, with the entries of custom types taken out of its lists (see `checkWithCustomTypes`). */
function withCustomEntries(name: SchemaName, value: object, custom: CustomTypes): SchemaCheckResult {
  const lists = (CUSTOM_LISTS[name] ?? []).filter((list) => Object.keys(custom[list] ?? {}).length > 0);
  if (lists.length === 0) return checkSchema(name, value);
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const found: FileDiagnostic[] = [];
  // Per list: index in the checked copy → index in the file.
  const kept = new Map<string, number[]>();
  for (const list of lists) {
    const entries = copy[list];
    const types = custom[list] ?? {};
    if (!Array.isArray(entries)) continue;
    const indices: number[] = [];
    entries.forEach((entry, i) => {
      const type = (entry as { type?: unknown } | null)?.type;
      if (
        entry !== null &&
        typeof entry === "object" &&
        typeof type === "string" &&
        Object.hasOwn(types, type)
      )
        found.push(
          ...checkCustomEntry(
            list,
            entry as Record<string, unknown>,
            types[type] as CustomType,
            `/${list}/${i}`,
          ),
        );
      else indices.push(i);
    });
    kept.set(list, indices);
    copy[list] = indices.map((i) => entries[i]);
  }
  const result = checkSchema(name, copy);
  // A list emptied of its custom entries may fall short of its schema's minimum, which the file meets.
  const shortened = (pointer: string, message: string) => {
    const list = pointer.slice(1);
    const original = (value as Record<string, unknown>)[list];
    const indices = kept.get(list);
    const count = /at least (\d+) item/.exec(message)?.[1];
    return (
      indices !== undefined &&
      Array.isArray(original) &&
      count !== undefined &&
      original.length >= Number(count)
    );
  };
  const remap = (pointer: string) =>
    pointer.replace(/^\/([A-Za-z]+)\/(\d+)(?=\/|$)/, (whole, list: string, j: string) => {
      const indices = kept.get(list);
      return indices === undefined ? whole : `/${list}/${indices[Number(j)] ?? j}`;
    });
  return {
    diagnostics: [
      ...result.diagnostics
        .filter((d) => !shortened(d.pointer, d.message))
        .map((d) => ({ ...d, pointer: remap(d.pointer) })),
      ...found,
    ],
    refs: result.refs.map((r) => ({ ...r, pointer: remap(r.pointer) })),
  };
}

function configuredPath(
  report: Reporter,
  manifest: ParsedFile<Manifest> | undefined,
  field: "gameFile" | "levelDirectory",
  fallback: string,
): string {
  const value = manifest?.valid ? manifest.value[field] : undefined;
  if (typeof value !== "string") return fallback;
  const unsafe = unsafeAssetPath(value);
  if (unsafe && manifest) {
    report.error(
      manifest.path,
      pointerOf(field),
      "asset-path",
      `invalid ${field} ${quote(value.slice(0, 80))}: ${unsafe}`,
    );
    return fallback;
  }
  return normaliseAssetPath(value);
}

/**
 * Validates a pack given as in-memory files (pack-relative path → content; JSON as text). Pure and
 * synchronous: no file system, runs in browsers. Never throws for any input: problems come back as
 * diagnostics naming the file, the JSON pointer, and what was expected.
 */
export function validatePack(files: PackFiles, options: ValidateOptions = {}): ValidationResult {
  const report = new Reporter();
  const model: PackModel = { levels: [], levelFiles: [] };
  try {
    runChecks(files, options, report, model);
  } catch (error) {
    // A bug in a check must not take the caller down with it: surface it as a diagnostic instead.
    report.error(
      "manifest.json",
      "",
      "internal",
      `the validator failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  report.locateAll();
  const diagnostics = sortDiagnostics(report.diagnostics);
  const ok = !diagnostics.some((d) => d.severity === "error");
  const pack = ok ? buildPack(model) : undefined;
  const { levelFiles } = model;
  return pack ? { ok, diagnostics, pack, levelFiles } : { ok, diagnostics, levelFiles };
}

function buildPack(model: PackModel): ValidPack | undefined {
  if (!model.manifest || !model.game) return undefined;
  const levels = dictionary(model.levels.map((l) => [l.value.id, l.value] as const));
  const pack: ValidPack = { manifest: model.manifest.value, game: model.game.value, levels };
  if (model.theme) pack.theme = model.theme.value;
  return pack;
}

function runChecks(files: PackFiles, options: ValidateOptions, report: Reporter, model: PackModel): void {
  if (files === null || typeof files !== "object") {
    report.error("manifest.json", "", "missing-file", "no pack files were given");
    return;
  }
  const unread = options.unreadFiles ?? [];
  // A file found but not read is reported with its reason, not as missing.
  const present = (path: string) => Object.hasOwn(files, path) || unread.some((u) => u.path === path);
  model.manifest = parseFile<Manifest>(files, "manifest.json", "manifest", report);
  if (!present("manifest.json")) {
    report.error(
      "manifest.json",
      "",
      "missing-file",
      "the pack has no manifest.json",
      "every pack starts with a manifest: dslVersion, gameId, title, version, minEngineVersion",
    );
  }
  if (model.manifest?.valid) checkManifest(model.manifest, report, options.engineVersion);

  const gamePath = configuredPath(report, model.manifest, "gameFile", "game.json");
  const levelDir = configuredPath(report, model.manifest, "levelDirectory", "levels");
  const ruleKeys: CustomRuleKeys = {
    ...(options.customEffects ? { effects: options.customEffects } : {}),
    ...(options.customConditions ? { conditions: options.customConditions } : {}),
    ...(options.customEvents ? { events: options.customEvents } : {}),
  };
  for (const d of shadowedRuleKeys(ruleKeys)) report.diagnostics.push({ file: gamePath, ...d });
  model.game = parseFile<GameDefinition>(
    files,
    gamePath,
    "game",
    report,
    options.customSystems ? { systems: options.customSystems } : {},
    ruleKeys,
  );
  if (!present(gamePath)) report.error(gamePath, "", "missing-file", `the pack has no ${gamePath}`);
  if (Object.hasOwn(files, "theme.json"))
    model.theme = parseFile<Theme>(files, "theme.json", "theme", report);

  const prefix = `${levelDir}/`;
  const isLevelFile = (path: string) =>
    path.startsWith(prefix) && path.endsWith(".json") && !path.slice(prefix.length).includes("/");
  reportUnread(
    report,
    unread,
    (path) => path === "manifest.json" || path === gamePath || path === "theme.json" || isLevelFile(path),
  );
  const levelPaths = [
    ...new Set([...Object.keys(files), ...unread.map((u) => u.path)].filter(isLevelFile)),
  ].sort();
  model.levelFiles = levelPaths;
  const levelFiles = new Set<string>();
  for (const [i, path] of levelPaths.entries()) {
    const id = path.slice(prefix.length, -".json".length);
    levelFiles.add(id);
    if (i === MAX_LEVELS)
      report.error(
        path,
        "",
        "too-many-levels",
        `the pack has ${levelPaths.length} level files; a pack may have at most ${MAX_LEVELS}, so this one and those after it are not read`,
      );
    if (i >= MAX_LEVELS || !Object.hasOwn(files, path)) continue;
    const level = parseFile<LevelDefinition>(
      files,
      path,
      "level",
      report,
      {
        ...(options.customGoals ? { goals: options.customGoals } : {}),
        ...(options.customLoseConditions ? { loseConditions: options.customLoseConditions } : {}),
      },
      ruleKeys,
    );
    if (!level) continue;
    model.levels.push(level);
    if (level.valid && level.value.id !== id) {
      report.error(
        path,
        "/id",
        "level-id",
        `level id ${quote(level.value.id)} does not match its file name ${quote(`${id}.json`)}`,
      );
    }
  }

  const collections = resolveCollections(report, model, options);
  const resolver = new AssetResolver(files, collections, unread);
  const validLevels = model.levels.filter((l) => l.valid).map((l) => l.value);

  if (model.manifest) {
    checkRefs(
      model.manifest.refs,
      scopeFor(model.manifest.path, resolver, undefined, validLevels, levelFiles),
      report,
    );
  }
  if (!model.game?.valid) return;
  const index = indexGame(model.game.value);
  model.index = index;
  checkGame(model.game, index, report);
  checkRefs(
    model.game.refs,
    { ...scopeFor(model.game.path, resolver, undefined, validLevels, levelFiles), index },
    report,
  );
  if (model.theme)
    checkRefs(
      model.theme.refs,
      { ...scopeFor("theme.json", resolver, undefined, validLevels, levelFiles), index },
      report,
    );

  const sequenced = new Set(
    model.game.value.levelSequence.flatMap((e) => (e.type === "level" ? [e.ref] : [])),
  );
  for (const level of model.levels) {
    if (!level.valid) continue;
    const scope = { ...scopeFor(level.path, resolver, level.value, validLevels, levelFiles), index };
    checkRefs(level.refs, scope, report);
    for (const systemId of Object.keys(level.value.systemOverrides ?? {})) {
      if (!index.systems.has(systemId)) {
        report.error(
          level.path,
          pointerOf("systemOverrides", systemId),
          "unknown-system",
          `systemOverrides names ${quote(systemId)}, which is not a system id in game.json`,
        );
      }
    }
    checkLevel(level, index, report, options.customSystems);
    checkSolution(level, index, report);
    if (!sequenced.has(level.value.id)) {
      report.warn(
        level.path,
        "/id",
        "level-unused",
        `level ${quote(level.value.id)} is not in game.json's levelSequence, so players never reach it`,
      );
    }
  }
}

function scopeFor(
  file: string,
  resolver: AssetResolver,
  level: LevelDefinition | undefined,
  levels: LevelDefinition[],
  levelFiles: Set<string>,
): RefScope {
  // The index is filled in by callers that have one; manifest refs are only assets, which need none.
  const scope = { file, resolver, levels, levelFiles, index: EMPTY_INDEX } as RefScope;
  if (level) scope.level = level;
  return scope;
}

const EMPTY_INDEX = indexGame({ layers: [], actions: [], entityKinds: {}, systems: [], levelSequence: [] });

function resolveCollections(
  report: Reporter,
  model: PackModel,
  options: ValidateOptions,
): { id: string; files: readonly string[] }[] {
  const available = options.sharedCollections;
  const named = model.manifest?.valid ? (model.manifest.value.sharedAssets ?? []) : [];
  const out: { id: string; files: readonly string[] }[] = [];
  named.forEach((id, i) => {
    const list = available && Object.hasOwn(available, id) ? available[id] : undefined;
    if (list) out.push({ id, files: list });
    else if (available && model.manifest) {
      const known = Object.keys(available);
      report.error(
        model.manifest.path,
        pointerOf("sharedAssets", i),
        "shared-assets",
        `shared asset collection ${quote(id)} was not found`,
        known.length > 0
          ? `available collections: ${known.join(", ")}`
          : "no collections were found on the search path",
      );
    }
  });
  for (const id of options.implicitCollections ?? ["gridponder-base"]) {
    const list = available && Object.hasOwn(available, id) ? available[id] : undefined;
    if (list && !named.includes(id)) out.push({ id, files: list });
  }
  return out;
}
