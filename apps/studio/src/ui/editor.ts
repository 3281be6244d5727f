/**
 * The pack being edited: its files, the level selected, the brush, and every edit as one undoable
 * step (a paint stroke over many cells is one step). Level edits are the model's pure functions; this
 * class holds the current files and tells the studio what changed.
 * @module
 */
import type { ActionInput } from "@gridponder/engine";
import type { GameDefinition, JsonValue, LevelDefinition, PackFiles } from "@gridponder/schema";
import { formatPackJson } from "../model/format-json.js";
import { EditHistory } from "../model/history.js";
import {
  addMultiCellObject,
  EditError,
  type EditResult,
  eraseCell,
  fillRect,
  multiCellPosition,
  paintCell,
  pickCell,
  removeMultiCellObject,
  setAvatar,
} from "../model/level-edits.js";
import {
  addLevel,
  addLevelText,
  createProject,
  levelFiles,
  levelPathFor,
  type PackProject,
  removeLevel,
  renameLevelId,
  toPackFiles,
} from "../model/pack-project.js";
import type { CellXY } from "./cell-line.js";

export interface Brush {
  readonly kind: string;
  readonly params?: Readonly<Record<string, JsonValue>>;
}

/** What kind of change the studio is told about: a stroke still running, a finished edit, a pack opened. */
export type ChangeKind = "stroke" | "edit" | "open";

export interface EditorOptions {
  readonly changed: (kind: ChangeKind) => void;
  /** Tells the author why an edit was refused. */
  readonly refused?: (message: string) => void;
}

export interface LevelEntry {
  readonly path: string;
  readonly id: string;
  readonly title: string;
}

function parse(text: string | Uint8Array | undefined): unknown {
  if (typeof text !== "string") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export class Editor {
  readonly #options: EditorOptions;
  #history = new EditHistory<PackFiles>({});
  #levelPath = "";
  #brush: Brush = { kind: "" };
  #projectId = "";
  #origin = "";
  /** Parsed files of the current state, by path (cleared when the files change). */
  #parsed = new Map<string, unknown>();
  #parsedOf: PackFiles | null = null;
  #levels: readonly LevelEntry[] = [];
  #levelsOf: PackFiles | null = null;
  /** The stroke being painted: its level so far, written to the file when it ends. */
  #stroke: { tool: "paint" | "erase"; level: LevelDefinition; label: string; changed: boolean } | null = null;
  /** The index of the goal whose target is painted, or null. */
  #target: number | null = null;

  constructor(options: EditorOptions) {
    this.#options = options;
  }

  get files(): PackFiles {
    return this.#history.current;
  }

  get projectId(): string {
    return this.#projectId;
  }

  get origin(): string {
    return this.#origin;
  }

  get title(): string {
    const manifest = this.json("manifest.json");
    return isObject(manifest) && typeof manifest.title === "string" ? manifest.title : "Untitled pack";
  }

  get brush(): Brush {
    return this.#brush;
  }

  get levelPath(): string {
    return this.#levelPath;
  }

  get canUndo(): boolean {
    return this.#history.canUndo;
  }

  get canRedo(): boolean {
    return this.#history.canRedo;
  }

  get undoLabel(): string | null {
    return this.#history.undoLabel ?? null;
  }

  get redoLabel(): string | null {
    return this.#history.redoLabel ?? null;
  }

  /** A file parsed as JSON, or null when it is missing or does not parse. */
  json(path: string): unknown {
    const files = this.files;
    if (this.#parsedOf !== files) {
      this.#parsed.clear();
      this.#parsedOf = files;
    }
    if (!this.#parsed.has(path))
      this.#parsed.set(path, parse(Object.hasOwn(files, path) ? files[path] : undefined));
    return this.#parsed.get(path) ?? null;
  }

  /** game.json, when it parses to an object with layers and kinds. */
  get game(): GameDefinition | null {
    const game = this.json("game.json");
    return isObject(game) && Array.isArray(game.layers) && isObject(game.entityKinds)
      ? (game as unknown as GameDefinition)
      : null;
  }

  /** The selected level (as painted so far, during a stroke), when its file parses to an object with a board. */
  get level(): LevelDefinition | null {
    if (this.#stroke && this.#target === null) return this.#stroke.level;
    return this.#fileLevel();
  }

  #fileLevel(): LevelDefinition | null {
    const level = this.json(this.#levelPath);
    return isObject(level) && isObject(level.board) && typeof level.id === "string"
      ? (level as unknown as LevelDefinition)
      : null;
  }

  /** The board_match goal whose target the painter edits, or null when it edits the board. */
  get paintingTarget(): { readonly index: number; readonly id: string } | null {
    const t = this.#target;
    const goal = t === null ? undefined : this.#fileLevel()?.goals?.[t];
    return t !== null && goal?.type === "board_match" && isObject(goal.config?.targetLayers)
      ? { index: t, id: String(goal.id) }
      : null;
  }

  /**
   * What the painter shows and edits: the level, or while a target is painted, the level with the
   * goal's target layers in place of the board's (the other layers as on the board, for orientation).
   */
  get canvasLevel(): LevelDefinition | null {
    if (this.#stroke) return this.#stroke.level;
    const level = this.#fileLevel();
    const target = this.paintingTarget;
    if (!level || !target) return level;
    const goal = level.goals[target.index] as { config: { targetLayers: Record<string, unknown> } };
    const layers = Object.assign(Object.create(null), level.board.layers, goal.config.targetLayers);
    return { ...level, board: { ...level.board, layers } };
  }

  /** Paints the target of the level's board_match goal `index` (null: back to the board). */
  paintTarget(index: number | null): void {
    if (this.#stroke) return;
    this.#target = index;
    if (index !== null && this.paintingTarget === null) {
      this.#target = null;
      this.#options.refused?.("Only a board_match goal has a target to paint.");
    }
    this.#options.changed("edit");
  }

  /** The level files, in the game's play order, then the rest by path. */
  levelList(): readonly LevelEntry[] {
    const files = this.files;
    if (this.#levelsOf === files) return this.#levels;
    let project: PackProject | null = null;
    try {
      project = createProject(files);
    } catch {
      // A path that climbs out of the pack was refused on opening; nothing to list then.
    }
    this.#levels = project
      ? [...levelFiles(project)].map(([id, path]) => {
          const value = this.json(path);
          return { path, id, title: isObject(value) && typeof value.title === "string" ? value.title : "" };
        })
      : [];
    this.#levelsOf = files;
    return this.#levels;
  }

  /** Opens a pack: its files become the document, with a fresh undo history. */
  open(projectId: string, files: PackFiles, origin = "", level?: string): void {
    this.#projectId = projectId;
    this.#origin = origin;
    this.#history = new EditHistory<PackFiles>(files);
    this.#target = null;
    const levels = this.levelList();
    this.#levelPath = levels.find((l) => l.id === level || l.path === level)?.path ?? levels[0]?.path ?? "";
    this.#chooseDefaultBrush();
    this.#options.changed("open");
  }

  selectLevel(path: string): void {
    if (path === this.#levelPath || !Object.hasOwn(this.files, path)) return;
    this.#levelPath = path;
    this.#target = null;
    this.#options.changed("edit");
  }

  setBrush(brush: Brush): void {
    this.#brush = brush;
    this.#options.changed("edit");
  }

  /** Replaces one file's text (the JSON editor, a form): one undo step. */
  setText(path: string, text: string, label: string): void {
    if (this.files[path] === text) return;
    this.#history.apply({ ...this.files, [path]: text }, label);
    this.#options.changed("edit");
  }

  /** Writes a JSON value to a file, formatted as the studio writes files: one undo step. */
  setJson(path: string, value: unknown, label: string): void {
    this.setText(path, formatPackJson(value as JsonValue), label);
  }

  undo(): void {
    if (this.#stroke || !this.#history.canUndo) return;
    this.#history.undo();
    this.#keepLevelSelected();
    this.#options.changed("edit");
  }

  redo(): void {
    if (this.#stroke || !this.#history.canRedo) return;
    this.#history.redo();
    this.#keepLevelSelected();
    this.#options.changed("edit");
  }

  beginStroke(tool: "paint" | "erase"): void {
    const level = this.canvasLevel;
    if (!level) return;
    const label = tool === "paint" ? `paint ${this.#brush.kind}` : "erase";
    this.#stroke = { tool, level, label, changed: false };
  }

  /**
   * One cell of a stroke: the level changes in memory and the painter redraws; the file is written
   * (and the step recorded) when the stroke ends, so a long stroke on a large board formats and
   * parses the level once, not at every cell.
   */
  strokeCell([x, y]: CellXY): void {
    const stroke = this.#stroke;
    const game = this.game;
    if (!stroke || !game) return;
    const result = this.#attempt(() =>
      stroke.tool === "paint"
        ? paintCell(stroke.level, game, x, y, this.#brush.kind, this.#brush.params)
        : eraseCell(stroke.level, game, x, y),
    );
    if (!result?.changed) return;
    stroke.level = result.level;
    stroke.changed = true;
    this.#options.changed("stroke");
  }

  endStroke(): void {
    const stroke = this.#stroke;
    if (!stroke) return;
    this.#stroke = null;
    if (stroke.changed) this.#applyCanvas({ level: stroke.level, changed: true }, stroke.label);
    else this.#options.changed("edit");
  }

  rect(from: CellXY, to: CellXY, erase: boolean): void {
    const game = this.game;
    const level = this.canvasLevel;
    if (!game || !level) return;
    const value = erase
      ? null
      : { kind: this.#brush.kind, ...(this.#brush.params ? { params: this.#brush.params } : {}) };
    this.#applyCanvas(
      this.#attempt(() => fillRect(level, game, from, to, value)),
      erase ? "erase rectangle" : `fill ${this.#brush.kind}`,
    );
  }

  /** A multi-cell object of the brush's kind (and parameters) covering the rectangle: one undo step. */
  addObject(from: CellXY, to: CellXY): void {
    const game = this.game;
    const level = this.level;
    const kind = this.#brush.kind;
    if (!game || !level || !kind || this.#boardOnly("A multi-cell object")) return;
    const cells: [number, number][] = [];
    for (let y = Math.min(from[1], to[1]); y <= Math.max(from[1], to[1]); y++)
      for (let x = Math.min(from[0], to[0]); x <= Math.max(from[0], to[0]); x++) cells.push([x, y]);
    const taken = new Set((level.board.multiCellObjects ?? []).map((o) => o.id));
    let id = kind;
    for (let n = 2; taken.has(id); n++) id = `${kind}_${n}`;
    this.#applyLevel(
      this.#attempt(() =>
        addMultiCellObject(level, game, {
          id,
          kind,
          cells,
          ...(this.#brush.params ? { params: this.#brush.params } : {}),
        }),
      ),
      `add object ${id}`,
    );
  }

  /** Removes every multi-cell object with a cell in the rectangle: one undo step. */
  removeObjectsIn(from: CellXY, to: CellXY): void {
    const level = this.level;
    if (!level || this.#boardOnly("A multi-cell object")) return;
    const [left, right] = [Math.min(from[0], to[0]), Math.max(from[0], to[0])];
    const [top, bottom] = [Math.min(from[1], to[1]), Math.max(from[1], to[1])];
    const inside = (p: readonly [number, number] | undefined) =>
      p !== undefined && p[0] >= left && p[0] <= right && p[1] >= top && p[1] <= bottom;
    const hit = (level.board.multiCellObjects ?? []).filter((o) =>
      (o.cells ?? []).some((c) => inside(multiCellPosition(c))),
    );
    if (hit.length === 0) return;
    let next: EditResult = { level, changed: false };
    for (const object of hit) {
      const removed = this.#attempt(() => removeMultiCellObject(next.level, object.id));
      if (!removed) return;
      next = removed;
    }
    this.#applyLevel(next, hit.length === 1 ? `remove object ${hit[0]?.id}` : `remove ${hit.length} objects`);
  }

  pick([x, y]: CellXY): void {
    const game = this.game;
    const level = this.canvasLevel;
    if (!game || !level) return;
    const picked = this.#attempt(() => pickCell(level, game, x, y));
    if (!picked) return;
    const params = Object.keys(picked.params).length > 0 ? { params: { ...picked.params } } : {};
    this.setBrush({ kind: picked.kind, ...params });
  }

  placeAvatar([x, y]: CellXY): void {
    const level = this.level;
    if (!level || this.#boardOnly("The avatar's start")) return;
    this.#applyLevel(
      this.#attempt(() => setAvatar(level, { position: [x, y] })),
      "move the avatar's start",
    );
  }

  /** Applies a pure level edit from a form; one undo step. */
  editLevel(edit: (level: LevelDefinition, game: GameDefinition) => EditResult, label: string): void {
    const game = this.game;
    const level = this.level;
    if (!game || !level) return;
    this.#applyLevel(
      this.#attempt(() => edit(level, game)),
      label,
    );
  }

  /**
   * Applies an edit that may span files (a kind added to game.json, the manifest's fields): one undo
   * step. A refused edit says why and changes nothing.
   */
  editProject(edit: (project: PackProject) => PackProject, label: string): void {
    const edited = this.#attempt(() => edit(createProject(this.files)));
    if (!edited) return;
    const files = toPackFiles(edited);
    const same =
      Object.keys(files).length === Object.keys(this.files).length &&
      Object.entries(files).every(([path, content]) => this.files[path] === content);
    if (same) return;
    this.#history.apply(files, label);
    this.#keepLevelSelected();
    this.#chooseDefaultBrush();
    this.#options.changed("edit");
  }

  /** Adds an empty level (7×5, a free id) after the others and selects it: one undo step. */
  addLevel(size: readonly [number, number] = [7, 5]): void {
    const taken = new Set(this.levelList().map((l) => l.id));
    let n = taken.size + 1;
    while (taken.has(`level_${n}`)) n++;
    const added = this.#attempt(() => addLevel(createProject(this.files), `level_${n}`, size));
    if (!added) return;
    this.#history.apply(toPackFiles(added.project), `add level_${n}`);
    this.#levelPath = added.path;
    this.#options.changed("edit");
  }

  /** Adds a level file made elsewhere (a generated variant) and selects it: one undo step. */
  addLevelFile(id: string, text: string): void {
    const added = this.#attempt(() => addLevelText(createProject(this.files), id, text));
    if (!added) return;
    this.#history.apply(toPackFiles(added.project), `add level ${id}`);
    this.#levelPath = added.path;
    this.#options.changed("edit");
  }

  /** Gives the selected level a new id (its file and the play order follow): one undo step. */
  renameLevel(newId: string): void {
    const level = this.level;
    if (!level || newId === level.id) return;
    const oldId = level.id;
    const before = this.files;
    this.editProject((p) => renameLevelId(p, oldId, newId), `rename level ${oldId} to ${newId}`);
    if (this.files === before) return;
    const path = this.#attempt(() => levelPathFor(createProject(this.files), newId));
    if (path && Object.hasOwn(this.files, path)) this.selectLevel(path);
  }

  /** Deletes the selected level's file and its place in the play order: one undo step. */
  deleteLevel(): void {
    const level = this.level;
    if (!level) return;
    const id = level.id;
    this.editProject((p) => removeLevel(p, id), `delete level ${id}`);
  }

  /** Keeps recorded moves as the level's gold path (hint stops past its end are dropped). */
  setGoldPath(actions: readonly ActionInput[]): void {
    const level = this.level;
    if (!level) return;
    const solution = level.solution ?? { goldPath: [] };
    const hintStops = (solution.hintStops ?? []).filter((s) => s > 0 && s < actions.length);
    this.setJson(
      this.#levelPath,
      { ...level, solution: { ...solution, goldPath: actions.map((a) => ({ ...a })), hintStops } },
      "record the gold path",
    );
  }

  /** A few words on what a cell holds, for the status line. */
  describeCell([x, y]: CellXY): string {
    const game = this.game;
    const level = this.canvasLevel;
    if (!game || !level) return "";
    const picked = (() => {
      try {
        return pickCell(level, game, x, y);
      } catch {
        return null;
      }
    })();
    const avatar = level.state?.avatar?.position;
    const here = avatar && avatar[0] === x && avatar[1] === y ? "avatar start" : "";
    const what = picked ? `${picked.kind} on ${picked.layer}` : "";
    const object = (level.board.multiCellObjects ?? []).find((o) =>
      (o.cells ?? []).some((c) => {
        const p = multiCellPosition(c);
        return p?.[0] === x && p?.[1] === y;
      }),
    );
    const part = object ? `object ${object.id} (${object.kind})` : "";
    return [what, part, here].filter(Boolean).join(", ");
  }

  #applyLevel(result: EditResult | null, label: string): void {
    if (!result?.changed) return;
    this.setJson(this.#levelPath, result.level, label);
  }

  /**
   * Writes what the painter changed: the level itself, or while a target is painted, the goal's
   * target layers: those it had, and any other layer painted on (it joins the target as painted).
   */
  #applyCanvas(result: EditResult | null, label: string): void {
    if (!result?.changed) return;
    const target = this.paintingTarget;
    const level = this.#fileLevel();
    if (!target || !level) {
      this.#applyLevel(result, label);
      return;
    }
    const goals = [...level.goals];
    const goal = goals[target.index] as { config: { targetLayers: Record<string, unknown> } };
    const painted = result.level.board.layers;
    const targetLayers: Record<string, unknown> = Object.create(null);
    for (const [layer, data] of Object.entries(goal.config.targetLayers)) targetLayers[layer] = data;
    for (const [layer, data] of Object.entries(painted))
      if (Object.hasOwn(targetLayers, layer) || data !== level.board.layers[layer])
        targetLayers[layer] = data;
    goals[target.index] = { ...goal, config: { ...goal.config, targetLayers } } as never;
    this.setJson(this.#levelPath, { ...level, goals }, `${label} in the target of ${target.id}`);
  }

  /** Refuses (and says why) an edit that only the board has, while a target is painted. */
  #boardOnly(what: string): boolean {
    if (!this.paintingTarget) return false;
    this.#options.refused?.(
      `${what} belongs to the board, not to a target: press "Done" to paint the board again.`,
    );
    return true;
  }

  #attempt<T>(edit: () => T): T | null {
    try {
      return edit();
    } catch (error) {
      if (!(error instanceof EditError)) throw error;
      this.#options.refused?.((error as Error).message);
      return null;
    }
  }

  /** After undo or redo the selected level may be gone: select the first. */
  #keepLevelSelected(): void {
    if (!Object.hasOwn(this.files, this.#levelPath)) this.#levelPath = this.levelList()[0]?.path ?? "";
  }

  /** A brush the author can paint with at once: the first kind of the top layer that has one. */
  #chooseDefaultBrush(): void {
    const game = this.game;
    if (!game) return;
    if (this.#brush.kind && Object.hasOwn(game.entityKinds, this.#brush.kind)) return;
    const layers = [...game.layers].reverse();
    for (const layer of layers) {
      const kind = Object.entries(game.entityKinds).find(([, def]) => def.layer === layer.id)?.[0];
      if (kind) {
        this.#brush = { kind };
        return;
      }
    }
  }
}
