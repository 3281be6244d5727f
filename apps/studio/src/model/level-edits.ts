/**
 * The painter's edits as pure functions of a level: each returns a new level (sharing every part it
 * did not touch) and whether anything changed, so a no-op paint makes no undo step. Requests that
 * cannot be honoured throw an {@link EditError} and change nothing.
 * @module
 */
import type {
  CellValue,
  Direction,
  GameDefinition,
  JsonValue,
  LayerData,
  LevelDefinition,
  MultiCellObject,
  Position,
} from "@gridponder/schema";
import { boardSize, checkOnBoard, multiCellPosition } from "./board.js";
import { EditError } from "./edit-error.js";
import {
  type CellWrite,
  cellAt,
  cellsEqual,
  define,
  emptyKindOf,
  kindOfCell,
  layerDataOf,
  layerDefinition,
  layerReader,
  makeCell,
  paramsOfCell,
  writeLayerCells,
} from "./layer-cells.js";

export { boardSize, MAX_BOARD_SIDE, multiCellPosition } from "./board.js";
export { type DroppedItem, describeDropped, type ResizeResult, resizeBoard } from "./board-resize.js";
export { EditError, type EditErrorCode } from "./edit-error.js";

/** What an edit produced: the new level (the input itself when nothing changed). */
export interface EditResult {
  level: LevelDefinition;
  changed: boolean;
}

const DIRECTIONS: readonly Direction[] = [
  "up",
  "down",
  "left",
  "right",
  "up_left",
  "up_right",
  "down_left",
  "down_right",
];

/** The layer ids of the game, bottom first. */
function layerIds(game: GameDefinition): string[] {
  return Array.isArray(game.layers) ? game.layers.map((layer) => layer.id) : [];
}

function checkLayer(game: GameDefinition, layerId: string): void {
  if (!layerDefinition(game, layerId))
    throw new EditError("unknown_layer", `the game declares no layer "${layerId}"`);
}

/** The layer a kind lives on, refusing kinds the game does not declare. */
export function layerOfKind(game: GameDefinition, kind: string): string {
  const def = game.entityKinds && Object.hasOwn(game.entityKinds, kind) ? game.entityKinds[kind] : undefined;
  if (!def) throw new EditError("unknown_kind", `the game declares no entity kind "${kind}"`);
  checkLayer(game, def.layer);
  return def.layer;
}

function checkParams(game: GameDefinition, kind: string, names: Iterable<string>): void {
  const declared = game.entityKinds[kind]?.params;
  for (const name of names) {
    if (name === "kind" || name === "position" || !declared || !Object.hasOwn(declared, name)) {
      throw new EditError("unknown_param", `entity kind "${kind}" declares no parameter "${name}"`);
    }
  }
}

/** The level with one layer replaced (or removed when `data` is undefined). */
function withLayer(level: LevelDefinition, layerId: string, data: LayerData | undefined): LevelDefinition {
  const layers: Record<string, LayerData> = {};
  let placed = false;
  // Rebuilt in the file's key order so the edited layer stays where the author had it.
  for (const key of Object.keys(level.board.layers ?? {})) {
    if (key === layerId) {
      placed = true;
      if (data !== undefined) define(layers, key, data);
    } else define(layers, key, level.board.layers[key]);
  }
  if (!placed && data !== undefined) define(layers, layerId, data);
  return { ...level, board: { ...level.board, layers } };
}

/** Writes cells of one layer; the level itself when every cell already held its value. */
function writeCells(
  level: LevelDefinition,
  game: GameDefinition,
  layerId: string,
  writes: CellWrite[],
): EditResult {
  const before = layerDataOf(level, layerId);
  const after = writeLayerCells(
    before,
    writes,
    emptyKindOf(layerDefinition(game, layerId)),
    boardSize(level),
  );
  if (after === before) return { level, changed: false };
  return { level: withLayer(level, layerId, after), changed: true };
}

/** The cell value an entity of `kind` makes, after checking the kind, its parameters and the layer asked for. */
function entityCell(
  game: GameDefinition,
  kind: string,
  params: Readonly<Record<string, JsonValue>> | undefined,
  layer: string | undefined,
): { layerId: string; cell: CellValue } {
  const layerId = layerOfKind(game, kind);
  if (layer !== undefined && layer !== layerId) {
    throw new EditError("wrong_layer", `entity kind "${kind}" lives on layer "${layerId}", not "${layer}"`);
  }
  if (params) checkParams(game, kind, Object.keys(params));
  return { layerId, cell: makeCell(kind, params) };
}

/**
 * Places an entity of `kind` (with optional parameters) at `(x, y)` on the kind's layer. With
 * `layer`, refuses a kind that lives on another layer (the painter's active layer).
 */
export function paintCell(
  level: LevelDefinition,
  game: GameDefinition,
  x: number,
  y: number,
  kind: string,
  params?: Readonly<Record<string, JsonValue>>,
  layer?: string,
): EditResult {
  checkOnBoard(level, x, y);
  const { layerId, cell } = entityCell(game, kind, params, layer);
  return writeCells(level, game, layerId, [[x, y, cell]]);
}

/** Finds, per cell, the top-most layer holding something beyond its empty value. */
function topLayerFinder(
  level: LevelDefinition,
  game: GameDefinition,
): (x: number, y: number) => string | undefined {
  const readers = layerIds(game)
    .reverse()
    .map((id) => {
      const empty = emptyKindOf(layerDefinition(game, id));
      return { id, empty, read: layerReader(layerDataOf(level, id), empty) };
    });
  return (x, y) =>
    readers.find(({ read, empty }) => {
      const cell = read(x, y);
      return cell !== null && !cellsEqual(cell, empty);
    })?.id;
}

/**
 * Clears the cell on `layerId`, or on the top-most layer that holds something there. An
 * `exactly_one` layer goes back to its default kind.
 */
export function eraseCell(
  level: LevelDefinition,
  game: GameDefinition,
  x: number,
  y: number,
  layerId?: string,
): EditResult {
  return fillRect(level, game, [x, y], [x, y], null, layerId);
}

/** What a rectangle fill places: an entity, or `null` to erase. */
export type FillValue = { kind: string; params?: Readonly<Record<string, JsonValue>> } | null;

/**
 * Paints (or, with `value` null, erases) every cell of the rectangle between two corners, inclusive
 * and in either order, in one pass per layer. With `layerId`, a paint refuses a kind of another layer
 * and an erase clears that layer only; an erase without it clears each cell's top-most layer.
 */
export function fillRect(
  level: LevelDefinition,
  game: GameDefinition,
  from: readonly [number, number],
  to: readonly [number, number],
  value: FillValue,
  layerId?: string,
): EditResult {
  checkOnBoard(level, from[0], from[1]);
  checkOnBoard(level, to[0], to[1]);
  if (layerId !== undefined) checkLayer(game, layerId);
  const painted = value ? entityCell(game, value.kind, value.params, layerId) : undefined;
  const topLayer = layerId === undefined && !painted ? topLayerFinder(level, game) : undefined;
  const writes = new Map<string, CellWrite[]>();
  for (let y = Math.min(from[1], to[1]); y <= Math.max(from[1], to[1]); y++) {
    for (let x = Math.min(from[0], to[0]); x <= Math.max(from[0], to[0]); x++) {
      const target = painted?.layerId ?? layerId ?? topLayer?.(x, y);
      if (target === undefined) continue;
      const list = writes.get(target) ?? [];
      if (list.length === 0) writes.set(target, list);
      list.push([x, y, painted?.cell ?? null]);
    }
  }
  let current = level;
  let changed = false;
  for (const [target, list] of writes) {
    const step = writeCells(current, game, target, list);
    current = step.level;
    changed ||= step.changed;
  }
  return { level: current, changed };
}

/** The entity an eyedropper picks: what is placed, on which layer. */
export interface PickedCell {
  layer: string;
  kind: string;
  /** Instance parameters (null-prototype record; empty when none). */
  params: Record<string, JsonValue>;
  cell: CellValue;
}

/**
 * The top-most entity at the cell; where every layer is empty, the bottom-most `exactly_one` layer's
 * default (so picking bare floor picks the floor). Null when nothing at all is there.
 */
export function pickCell(
  level: LevelDefinition,
  game: GameDefinition,
  x: number,
  y: number,
): PickedCell | null {
  checkOnBoard(level, x, y);
  const holds = (id: string) => {
    const cell = cellAt(level, game, id, x, y);
    return cell !== null && !cellsEqual(cell, emptyKindOf(layerDefinition(game, id)));
  };
  const layerId =
    [...layerIds(game)].reverse().find(holds) ??
    layerIds(game).find((id) => cellAt(level, game, id, x, y) !== null);
  if (layerId === undefined) return null;
  const cell = cellAt(level, game, layerId, x, y);
  const kind = kindOfCell(cell);
  return kind === null ? null : { layer: layerId, kind, params: paramsOfCell(cell), cell };
}

/**
 * Changes the parameters of the entity at the cell on `layerId`: each given value is set, `null`
 * removes the parameter. An entity left without parameters is written as its plain kind.
 */
export function setEntityParams(
  level: LevelDefinition,
  game: GameDefinition,
  x: number,
  y: number,
  layerId: string,
  changes: Readonly<Record<string, JsonValue | null>>,
): EditResult {
  checkOnBoard(level, x, y);
  checkLayer(game, layerId);
  const cell = cellAt(level, game, layerId, x, y);
  const kind = kindOfCell(cell);
  if (kind === null)
    throw new EditError("no_entity", `there is no entity at (${x}, ${y}) on layer "${layerId}"`);
  checkParams(
    game,
    kind,
    Object.keys(changes).filter((name) => changes[name] !== null),
  );
  const params = paramsOfCell(cell);
  for (const name of Object.keys(changes)) {
    const value = changes[name];
    if (value === null || value === undefined) delete params[name];
    else params[name] = value;
  }
  return writeCells(level, game, layerId, [[x, y, makeCell(kind, params)]]);
}

/** The avatar's start: a cell on the board and/or a facing direction. */
export interface AvatarChange {
  position?: readonly [number, number];
  facing?: Direction;
}

/** Moves and/or turns the avatar's start. */
export function setAvatar(level: LevelDefinition, change: AvatarChange): EditResult {
  const avatar = level.state?.avatar ?? {};
  const next = { ...avatar };
  if (change.position !== undefined) {
    checkOnBoard(level, change.position[0], change.position[1]);
    next.position = [change.position[0], change.position[1]];
  }
  if (change.facing !== undefined) {
    if (!DIRECTIONS.includes(change.facing)) {
      throw new EditError(
        "bad_value",
        `"${String(change.facing)}" is not a direction (${DIRECTIONS.join(", ")})`,
      );
    }
    next.facing = change.facing;
  }
  const same =
    (change.position === undefined ||
      (avatar.position?.[0] === change.position[0] && avatar.position?.[1] === change.position[1])) &&
    (change.facing === undefined || avatar.facing === change.facing);
  if (same) return { level, changed: false };
  return { level: { ...level, state: { ...level.state, avatar: next } }, changed: true };
}

/** A multi-cell object to add. */
export interface NewMultiCellObject {
  id: string;
  kind: string;
  cells: readonly (readonly [number, number])[];
  params?: Readonly<Record<string, JsonValue>>;
}

/**
 * Adds a multi-cell object. Its id must be new, its kind declared, its cells on the board, distinct,
 * and not covered by another multi-cell object.
 */
export function addMultiCellObject(
  level: LevelDefinition,
  game: GameDefinition,
  object: NewMultiCellObject,
): EditResult {
  if (typeof object.id !== "string" || object.id.trim() === "" || object.id.length > 64) {
    throw new EditError("bad_id", "a multi-cell object needs an id of 1 to 64 characters");
  }
  layerOfKind(game, object.kind);
  if (object.params) checkParams(game, object.kind, Object.keys(object.params));
  if (object.cells.length === 0)
    throw new EditError("bad_value", "a multi-cell object needs at least one cell");
  const existing = level.board.multiCellObjects ?? [];
  if (existing.some((o) => o.id === object.id)) {
    throw new EditError("duplicate_id", `there is already a multi-cell object "${object.id}"`);
  }
  const taken = new Map<string, string>();
  for (const other of existing) {
    for (const cell of other.cells ?? []) {
      const p = multiCellPosition(cell);
      if (p) taken.set(`${p[0]},${p[1]}`, other.id);
    }
  }
  const seen = new Set<string>();
  for (const [x, y] of object.cells) {
    checkOnBoard(level, x, y);
    const key = `${x},${y}`;
    if (seen.has(key)) throw new EditError("bad_value", `cell (${x}, ${y}) is listed twice`);
    seen.add(key);
    const owner = taken.get(key);
    if (owner !== undefined)
      throw new EditError("cell_taken", `cell (${x}, ${y}) belongs to multi-cell object "${owner}"`);
  }
  const added: MultiCellObject = {
    id: object.id,
    kind: object.kind,
    cells: object.cells.map(([x, y]) => [x, y] as Position),
  };
  if (object.params && Object.keys(object.params).length > 0) added.params = { ...object.params };
  return {
    level: { ...level, board: { ...level.board, multiCellObjects: [...existing, added] } },
    changed: true,
  };
}

/** Removes the multi-cell object with `id`. */
export function removeMultiCellObject(level: LevelDefinition, id: string): EditResult {
  const existing = level.board.multiCellObjects ?? [];
  if (!existing.some((o) => o.id === id))
    throw new EditError("not_found", `there is no multi-cell object "${id}"`);
  const remaining = existing.filter((o) => o.id !== id);
  const { multiCellObjects: _, ...rest } = level.board;
  // An emptied list is left out, as authors write levels without objects.
  const board = remaining.length === 0 ? rest : { ...rest, multiCellObjects: remaining };
  return { level: { ...level, board }, changed: true };
}
