/**
 * The studio's document: a pack as an immutable map of pack-relative paths to file contents, with
 * the edits that span files (levels added, removed or renamed; entity kinds added or removed). Text a
 * user typed is kept as typed, even when it does not parse; `game.json` edits change only the
 * touched part of the file's text, so the author's layout survives.
 * @module
 */
import type {
  EntityKind,
  GameDefinition,
  Goal,
  JsonValue,
  LevelDefinition,
  Manifest,
  PackFiles,
} from "@gridponder/schema";
import {
  gameSchema,
  levelSchema,
  MAX_LEVELS,
  MAX_NAME_LENGTH,
  normaliseAssetPath,
  RESERVED_NAME,
  unsafeAssetPath,
} from "@gridponder/schema";
import { applyEdits, type JSONPath, modify } from "jsonc-parser";
import { MAX_BOARD_SIDE, multiCellPosition } from "./board.js";
import { EditError } from "./edit-error.js";
import { formatPackJson, type JsonFileResult, parseJsonFile } from "./format-json.js";
import { entryToCell, isSparseLayer, kindOfCell, normaliseCell } from "./layer-cells.js";
import { referencesTo } from "./schema-fields.js";

/** A pack being edited: pack-relative paths (forward slashes) to contents, JSON as text. */
export interface PackProject {
  readonly files: ReadonlyMap<string, string | Uint8Array>;
}

/** A name for a level or entity kind: letters, digits, `_`, `-` and `.`, starting with a letter or digit. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function checkPath(path: string): string {
  const unsafe = unsafeAssetPath(path);
  if (unsafe) throw new EditError("bad_file", `cannot use the path "${path.slice(0, 80)}": ${unsafe}`);
  return normaliseAssetPath(path);
}

function checkName(what: string, name: string): void {
  if (
    typeof name !== "string" ||
    name.length > MAX_NAME_LENGTH ||
    !NAME.test(name) ||
    name === RESERVED_NAME
  ) {
    throw new EditError(
      "bad_id",
      `${what} "${String(name).slice(0, 80)}" must be 1 to ${MAX_NAME_LENGTH} letters, digits, "_", "-" or ".", starting with a letter or digit`,
    );
  }
}

/** A project holding the given files; refuses paths that are absolute or climb out of the pack. */
export function createProject(
  files: Iterable<readonly [string, string | Uint8Array]> | Readonly<Record<string, string | Uint8Array>>,
): PackProject {
  const entries =
    Symbol.iterator in files
      ? [...(files as Iterable<readonly [string, string | Uint8Array]>)]
      : Object.entries(files);
  return { files: new Map(entries.map(([path, content]) => [checkPath(path), content] as const)) };
}

/** The files as the validator takes them (a null-prototype record). */
export function toPackFiles(project: PackProject): PackFiles {
  const out: PackFiles = Object.create(null);
  for (const [path, content] of project.files) out[path] = content;
  return out;
}

/** The text of a file; undefined when it is absent or binary. */
export function readText(project: PackProject, path: string): string | undefined {
  const content = project.files.get(path);
  return typeof content === "string" ? content : undefined;
}

/** The parsed JSON of a file (or where it fails to parse); undefined when it is absent or binary. */
export function readJson(project: PackProject, path: string): JsonFileResult | undefined {
  const text = readText(project, path);
  return text === undefined ? undefined : parseJsonFile(text);
}

/** The project with `path` holding `text` exactly as given (the JSON editor's buffer, parsing or not). */
export function withText(project: PackProject, path: string, text: string): PackProject {
  const safe = checkPath(path);
  if (project.files.get(safe) === text) return project;
  const files = new Map(project.files);
  files.set(safe, text);
  return { files };
}

/** The project with `path` holding `value` written by {@link formatPackJson}. */
export function withJson(project: PackProject, path: string, value: JsonValue): PackProject {
  return withText(project, path, formatPackJson(value));
}

/** The project without `path`. */
export function withoutFile(project: PackProject, path: string): PackProject {
  if (!project.files.has(path)) return project;
  const files = new Map(project.files);
  files.delete(path);
  return { files };
}

function manifestField(project: PackProject, field: "gameFile" | "levelDirectory", fallback: string): string {
  const parsed = readJson(project, "manifest.json");
  const value =
    parsed?.ok && typeof parsed.value === "object" && parsed.value !== null
      ? (parsed.value as Partial<Manifest>)[field]
      : undefined;
  return typeof value === "string" && !unsafeAssetPath(value) ? normaliseAssetPath(value) : fallback;
}

/** Where the game definition is: the manifest's `gameFile`, else `game.json`. */
export function gamePath(project: PackProject): string {
  return manifestField(project, "gameFile", "game.json");
}

/** The folder of the level files: the manifest's `levelDirectory`, else `levels`. */
export function levelDirectory(project: PackProject): string {
  return manifestField(project, "levelDirectory", "levels");
}

/** The path a level with `id` is written to. */
export function levelPathFor(project: PackProject, id: string): string {
  return `${levelDirectory(project)}/${id}.json`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The parsed game definition; an {@link EditError} when the file is missing or does not parse. */
export function readGame(project: PackProject): GameDefinition {
  const path = gamePath(project);
  const parsed = readJson(project, path);
  if (!parsed) throw new EditError("bad_file", `the pack has no ${path}`);
  if (!parsed.ok) {
    throw new EditError(
      "bad_file",
      `${path} does not parse (line ${parsed.line}, column ${parsed.column}: ${parsed.message}); fix it first`,
    );
  }
  if (!isObject(parsed.value)) throw new EditError("bad_file", `${path} is not a JSON object`);
  return parsed.value as unknown as GameDefinition;
}

function levelRefs(game: GameDefinition | undefined): string[] {
  const sequence = Array.isArray(game?.levelSequence) ? game.levelSequence : [];
  return sequence.flatMap((entry) =>
    entry?.type === "level" && typeof entry.ref === "string" ? [entry.ref] : [],
  );
}

/**
 * Level id → file path, for every file in the level folder: the id is the file's own `id` (its name
 * when the file does not parse, so broken work stays reachable). Levels of the game's levelSequence
 * come first in its order, then the rest by path. When two files claim an id, the first by path wins
 * and the other is listed under its file name if that is free.
 */
export function levelFiles(project: PackProject): ReadonlyMap<string, string> {
  const prefix = `${levelDirectory(project)}/`;
  const paths = [...project.files.keys()]
    .filter((p) => p.startsWith(prefix) && p.endsWith(".json") && !p.slice(prefix.length).includes("/"))
    .sort();
  const byId = new Map<string, string>();
  for (const path of paths) {
    const stem = path.slice(prefix.length, -".json".length);
    const parsed = readJson(project, path);
    const id =
      parsed?.ok && isObject(parsed.value) && typeof parsed.value.id === "string" ? parsed.value.id : stem;
    if (!byId.has(id)) byId.set(id, path);
    else if (!byId.has(stem)) byId.set(stem, path);
  }
  let game: GameDefinition | undefined;
  try {
    game = readGame(project);
  } catch {
    game = undefined;
  }
  const ordered = new Map<string, string>();
  for (const ref of levelRefs(game)) {
    const path = byId.get(ref);
    if (path !== undefined) ordered.set(ref, path);
  }
  for (const [id, path] of byId) if (!ordered.has(id)) ordered.set(id, path);
  return ordered;
}

/**
 * Sets (or, with `undefined`, removes) the value at a JSON path of a file's text, leaving the rest of
 * the text as the author wrote it.
 */
export function editJsonText(
  project: PackProject,
  path: string,
  at: JSONPath,
  value: unknown,
  insertion = false,
): PackProject {
  const text = readText(project, path) ?? "{}";
  const edits = modify(text, at, value, {
    formattingOptions: { tabSize: 2, insertSpaces: true, eol: "\n" },
    isArrayInsertion: insertion,
  });
  return withText(project, path, applyEdits(text, edits));
}

/**
 * Writes the fields of `after` that differ from `before` into the object at `at` of a file (removing
 * those `after` leaves out), each in place, so the rest of the file keeps the author's layout.
 */
export function editJsonFields(
  project: PackProject,
  path: string,
  at: JSONPath,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): PackProject {
  let next = project;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    const now = Object.hasOwn(after, key) ? after[key] : undefined;
    if (JSON.stringify(old) !== JSON.stringify(now)) next = editJsonText(next, path, [...at, key], now);
  }
  return next;
}

function newGoal(project: PackProject, game: GameDefinition): Goal {
  for (const path of levelFiles(project).values()) {
    const parsed = readJson(project, path);
    const goals = parsed?.ok && isObject(parsed.value) ? parsed.value.goals : undefined;
    const first = Array.isArray(goals) ? goals[0] : undefined;
    if (!isObject(first) || typeof first.type !== "string") continue;
    const goal = structuredClone(first) as unknown as Goal;
    // Another board's target pattern would not fit: the new level starts with empty targets.
    if (goal.type === "board_match" && isObject(goal.config?.targetLayers)) {
      const targetLayers = Object.create(null) as Record<string, JsonValue>;
      for (const layer of Object.keys(goal.config.targetLayers))
        targetLayers[layer] = { format: "sparse", entries: [] };
      goal.config = { ...goal.config, targetLayers: targetLayers as never };
    }
    return goal;
  }
  const kinds = isObject(game.entityKinds) ? Object.keys(game.entityKinds) : [];
  const targetKind =
    kinds.find((k) => /goal|flag|exit|stair|target/i.test(k)) ??
    kinds.find(
      (k) => game.layers?.find((l) => l.id === game.entityKinds[k]?.layer)?.occupancy === "zero_or_one",
    ) ??
    kinds[0] ??
    "goal";
  return { id: "goal", type: "reach_target", config: { targetKind } } as Goal;
}

/** A new level: the project with it, its path and its content. */
export interface AddedLevel {
  project: PackProject;
  path: string;
  level: LevelDefinition;
}

/**
 * Adds an empty level `id` of `size`: no layers (painting creates them), the avatar at (0, 0) when the
 * game has one, the first goal of the first existing level (or reach_target), an empty gold path,
 * appended to the game's levelSequence.
 */
export function addLevel(project: PackProject, id: string, size: readonly [number, number]): AddedLevel {
  checkName("level id", id);
  for (const side of size) {
    if (!Number.isInteger(side) || side < 1 || side > MAX_BOARD_SIDE) {
      throw new EditError(
        "bad_size",
        `a board side must be a whole number from 1 to ${MAX_BOARD_SIDE}, not ${side}`,
      );
    }
  }
  const game = readGame(project);
  const path = newLevelPath(project, id);
  const avatarEnabled = game.defaults?.avatar?.enabled !== false;
  const level: LevelDefinition = {
    id,
    title: id.replace(/[_-]+/g, " "),
    board: { size: [size[0], size[1]], layers: {} },
    state: avatarEnabled ? { avatar: { position: [0, 0] } } : {},
    goals: [newGoal(project, game)],
    solution: { goldPath: [] },
  };
  const next = appendToSequence(withJson(project, path, level as unknown as JsonValue), game, id);
  return { project: next, path, level };
}

/** Where a new level `id` goes; refused when the id or its file is taken, or the pack is full. */
function newLevelPath(project: PackProject, id: string): string {
  const existing = levelFiles(project);
  const path = levelPathFor(project, id);
  if (existing.has(id) || project.files.has(path))
    throw new EditError("duplicate_id", `there is already a level "${id}"`);
  if (existing.size >= MAX_LEVELS)
    throw new EditError("bad_value", `a pack may have at most ${MAX_LEVELS} levels`);
  return path;
}

/** The project with level `id` played last: an entry appended to the game's levelSequence. */
function appendToSequence(project: PackProject, game: GameDefinition, id: string): PackProject {
  const sequenceLength = Array.isArray(game.levelSequence) ? game.levelSequence.length : 0;
  return Array.isArray(game.levelSequence)
    ? editJsonText(
        project,
        gamePath(project),
        ["levelSequence", sequenceLength],
        { type: "level", ref: id },
        true,
      )
    : editJsonText(project, gamePath(project), ["levelSequence"], [{ type: "level", ref: id }]);
}

/**
 * Adds a level file written elsewhere (a generated variant) as level `id`, appended to the play
 * order. Refused when the id or its file is taken, or the pack holds as many levels as it may.
 */
export function addLevelText(
  project: PackProject,
  id: string,
  text: string,
): { project: PackProject; path: string } {
  checkName("level id", id);
  const path = newLevelPath(project, id);
  return { project: appendToSequence(withText(project, path, text), readGame(project), id), path };
}

function levelPathOf(project: PackProject, id: string): string {
  const path = levelFiles(project).get(id);
  if (path === undefined) throw new EditError("not_found", `there is no level "${id}"`);
  return path;
}

/** Indexes of levelSequence entries that play `id`, last first (so removing them keeps the others' indexes). */
function sequenceIndexes(game: GameDefinition, id: string): number[] {
  const sequence = Array.isArray(game.levelSequence) ? game.levelSequence : [];
  return sequence.flatMap((entry, i) => (entry?.type === "level" && entry.ref === id ? [i] : [])).reverse();
}

/** Removes the level file and its levelSequence entries. */
export function removeLevel(project: PackProject, id: string): PackProject {
  const path = levelPathOf(project, id);
  const game = readGame(project);
  let next = withoutFile(project, path);
  for (const index of sequenceIndexes(game, id))
    next = editJsonText(next, gamePath(project), ["levelSequence", index], undefined);
  return next;
}

/** Gives a level a new id: its `id`, its file name and its levelSequence entries. */
export function renameLevelId(project: PackProject, oldId: string, newId: string): PackProject {
  checkName("level id", newId);
  const from = levelPathOf(project, oldId);
  if (oldId === newId) return project;
  const to = levelPathFor(project, newId);
  if (levelFiles(project).has(newId) || project.files.has(to))
    throw new EditError("duplicate_id", `there is already a level "${newId}"`);
  const parsed = readJson(project, from);
  if (!parsed?.ok || !isObject(parsed.value)) {
    throw new EditError("bad_file", `${from} does not parse; fix it before renaming the level`);
  }
  const game = readGame(project);
  let next = withText(withoutFile(project, from), to, readText(project, from) ?? "");
  next = editJsonText(next, to, ["id"], newId);
  for (const index of sequenceIndexes(game, oldId))
    next = editJsonText(next, gamePath(project), ["levelSequence", index, "ref"], newId);
  return next;
}

/** Adds entity kind `kind` with definition `def` to the game; its layer must be declared. */
export function addEntityKind(project: PackProject, kind: string, def: EntityKind): PackProject {
  checkName("entity kind", kind);
  const game = readGame(project);
  if (isObject(game.entityKinds) && Object.hasOwn(game.entityKinds, kind)) {
    throw new EditError("duplicate_id", `the game already has an entity kind "${kind}"`);
  }
  if (!isObject(def) || !Array.isArray(game.layers) || !game.layers.some((l) => l?.id === def.layer)) {
    throw new EditError(
      "unknown_layer",
      `entity kind "${kind}" must name a layer of the game, not "${String(def?.layer)}"`,
    );
  }
  return editJsonText(project, gamePath(project), ["entityKinds", kind], def);
}

/** One place a kind is used. */
export interface KindUse {
  /** The file, e.g. `levels/l1.json` or `game.json`. */
  path: string;
  /** Where in it, in words: `layer objects at (3, 1)`. */
  where: string;
}

function cellKinds(data: unknown, visit: (kind: string, x: number, y: number) => void): void {
  if (Array.isArray(data)) {
    data.forEach((row, y) => {
      if (Array.isArray(row))
        row.forEach((cell, x) => {
          const kind = kindOfCell(normaliseCell(cell));
          if (kind !== null) visit(kind, x, y);
        });
    });
  } else if (isSparseLayer(data) && Array.isArray(data.entries)) {
    for (const entry of data.entries) {
      if (!isObject(entry) || !Array.isArray(entry.position)) continue;
      const kind = kindOfCell(entryToCell(entry));
      if (kind !== null) visit(kind, entry.position[0] as number, entry.position[1] as number);
    }
  }
}

/**
 * The places, other than board cells and layer defaults (listed with their coordinates), where the
 * schema says a kind is named: rules, systems, goal settings, spawn effects.
 */
function kindReferences(value: unknown, root: typeof gameSchema, kind: string, path: string): KindUse[] {
  return referencesTo(value, root, root, "kind", kind)
    .filter((at) => !/^\/(board|layers)\/|\/targetLayers\//.test(at))
    .map((at) => ({ path, where: `reference at ${at}` }));
}

/**
 * Every board cell, board_match target, multi-cell object, layer default and reference (a rule, a
 * system, a goal's settings) that uses `kind`.
 */
export function kindUses(project: PackProject, kind: string, limit = 20): KindUse[] {
  const uses: KindUse[] = [];
  const game = readGame(project);
  for (const layer of Array.isArray(game.layers) ? game.layers : []) {
    if (layer?.default === kind)
      uses.push({ path: gamePath(project), where: `default of layer ${layer.id}` });
  }
  uses.push(...kindReferences(game, gameSchema, kind, gamePath(project)));
  for (const path of levelFiles(project).values()) {
    const parsed = readJson(project, path);
    if (!parsed?.ok || !isObject(parsed.value)) continue;
    const level = parsed.value as unknown as LevelDefinition;
    const layers = isObject(level.board?.layers) ? level.board.layers : {};
    for (const layer of Object.keys(layers)) {
      if (isSparseLayer(layers[layer]) && (layers[layer] as { default?: unknown }).default === kind) {
        uses.push({ path, where: `default of layer ${layer}` });
      }
      cellKinds(
        layers[layer],
        (k, x, y) => k === kind && uses.push({ path, where: `layer ${layer} at (${x}, ${y})` }),
      );
    }
    uses.push(...kindReferences(level, levelSchema, kind, path));
    for (const object of Array.isArray(level.board?.multiCellObjects) ? level.board.multiCellObjects : []) {
      const at =
        Array.isArray(object?.cells) && object.cells[0] ? multiCellPosition(object.cells[0]) : undefined;
      if (object?.kind === kind)
        uses.push({ path, where: `multi-cell object ${object.id}${at ? ` at (${at.join(", ")})` : ""}` });
    }
    for (const goal of Array.isArray(level.goals) ? level.goals : []) {
      if (goal?.type !== "board_match" || !isObject(goal.config?.targetLayers)) continue;
      for (const layer of Object.keys(goal.config.targetLayers)) {
        cellKinds(goal.config.targetLayers[layer], (k, x, y) => {
          if (k === kind)
            uses.push({ path, where: `target of goal ${goal.id} on layer ${layer} at (${x}, ${y})` });
        });
      }
    }
    if (uses.length >= limit) break;
  }
  return uses.slice(0, limit);
}

/** Removes entity kind `kind`, refusing while any board, target or layer default still uses it. */
export function removeEntityKind(project: PackProject, kind: string): PackProject {
  const game = readGame(project);
  if (!isObject(game.entityKinds) || !Object.hasOwn(game.entityKinds, kind)) {
    throw new EditError("not_found", `the game has no entity kind "${kind}"`);
  }
  const uses = kindUses(project, kind, 5);
  if (uses.length > 0) {
    const list = uses.map((u) => `${u.path}: ${u.where}`).join("; ");
    throw new EditError(
      "in_use",
      `entity kind "${kind}" is still used (${list}${uses.length === 5 ? "; …" : ""}); remove those first`,
    );
  }
  return editJsonText(project, gamePath(project), ["entityKinds", kind], undefined);
}
