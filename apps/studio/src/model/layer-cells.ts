/**
 * Reading and writing single cells of a layer value (`board.layers[id]` or a board_match target layer)
 * without changing the layer's format: a dense layer stays dense and a sparse one stays sparse, so a
 * painted file differs from the author's file only where they painted.
 * @module
 */
import type {
  CellValue,
  EntityWithParams,
  GameDefinition,
  JsonValue,
  LayerData,
  LayerDefinition,
  LevelDefinition,
  SparseEntry,
  SparseLayer,
} from "@gridponder/schema";
import { EditError } from "./edit-error.js";

/** The layer declared in `game.json` under `layerId`, if any. */
export function layerDefinition(game: GameDefinition, layerId: string): LayerDefinition | undefined {
  return Array.isArray(game.layers) ? game.layers.find((layer) => layer?.id === layerId) : undefined;
}

/**
 * What an unset cell of the layer holds: the default kind of an `exactly_one` layer (`"empty"` when it
 * declares none), `null` for a `zero_or_one` layer or an undeclared one.
 */
export function emptyKindOf(layer: LayerDefinition | undefined): string | null {
  if (layer?.occupancy !== "exactly_one") return null;
  return typeof layer.default === "string" ? layer.default : "empty";
}

/** Whether a layer value is in the sparse format (`{ "format": "sparse", "entries": [...] }`). */
export function isSparseLayer(data: unknown): data is SparseLayer {
  return (
    typeof data === "object" &&
    data !== null &&
    !Array.isArray(data) &&
    (data as SparseLayer).format === "sparse"
  );
}

/** The empty value of one particular layer value: a sparse layer may carry its own `default`. */
function emptyOfData(data: LayerData | undefined, emptyKind: string | null): string | null {
  if (emptyKind !== null && isSparseLayer(data) && typeof data.default === "string") return data.default;
  return emptyKind;
}

/** `{ kind }` without parameters is the same entity as the plain string `kind`; this writes the shorter form. */
export function normaliseCell(value: CellValue | undefined): CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value !== "object" || Array.isArray(value) || typeof value.kind !== "string") return null;
  for (const key of Object.keys(value)) if (key !== "kind") return value;
  return value.kind;
}

/** The kind of a cell value, or null for an empty cell. */
export function kindOfCell(value: CellValue): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value : value.kind;
}

/** The instance parameters of a cell value (a null-prototype record; empty for a plain kind). */
export function paramsOfCell(value: CellValue): Record<string, JsonValue> {
  const params: Record<string, JsonValue> = Object.create(null);
  if (value === null || typeof value === "string") return params;
  for (const key of Object.keys(value)) if (key !== "kind") params[key] = value[key] as JsonValue;
  return params;
}

/** Builds a cell value from a kind and parameters; without parameters it is the plain kind string. */
export function makeCell(kind: string, params?: Readonly<Record<string, JsonValue>>): CellValue {
  // `kind` and `position` are the entity's own fields, never parameters.
  const keys = params ? Object.keys(params).filter((key) => key !== "kind" && key !== "position") : [];
  if (keys.length === 0) return kind;
  // defineProperty: a parameter named `__proto__` must become an ordinary key, not a prototype.
  const cell = { kind } as EntityWithParams;
  for (const key of keys) define(cell, key, (params as Record<string, JsonValue>)[key] as JsonValue);
  return cell;
}

/** Sets an own enumerable data property, safe for any key a pack may use. */
export function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Deep equality of JSON values, key order ignored. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => Object.hasOwn(b, key) && jsonEqual((a as never)[key], (b as never)[key]));
}

/** Whether two cell values place the same entity (`"k"` equals `{ "kind": "k" }`). */
export function cellsEqual(a: CellValue, b: CellValue): boolean {
  return jsonEqual(normaliseCell(a), normaliseCell(b));
}

/** The cell value a sparse entry places (its kind and parameters, without the position). */
export function entryToCell(entry: SparseEntry): CellValue {
  const cell = { kind: entry.kind } as EntityWithParams;
  for (const key of Object.keys(entry))
    if (key !== "kind" && key !== "position") define(cell, key, entry[key]);
  return normaliseCell(cell);
}

function cellToEntry(x: number, y: number, cell: CellValue & {}): SparseEntry {
  const entry = { position: [x, y], kind: kindOfCell(cell) } as SparseEntry;
  if (typeof cell === "object")
    for (const key of Object.keys(cell)) if (key !== "kind") define(entry, key, cell[key]);
  return entry;
}

/**
 * The cell value of a layer value at `(x, y)`: what is placed there, or the layer's empty value
 * (`emptyKind`, the default of an `exactly_one` layer, else null) when nothing is.
 */
export function readLayerCell(
  data: LayerData | undefined,
  x: number,
  y: number,
  emptyKind: string | null,
): CellValue {
  // One cell: a scan of a sparse layer's entries, without the index a reader of many cells builds
  // (the painter asks this at every pointer move).
  if (!isSparseLayer(data) || !Array.isArray(data.entries)) return layerReader(data, emptyKind)(x, y);
  const entry = data.entries.find(
    (e) =>
      typeof e === "object" &&
      e !== null &&
      Array.isArray(e.position) &&
      e.position[0] === x &&
      e.position[1] === y &&
      typeof e.kind === "string",
  );
  return entry ? entryToCell(entry) : emptyOfData(data, emptyKind);
}

/**
 * A reader of many cells of one layer value: {@link readLayerCell} without a scan of a sparse layer's
 * entries per cell (the first entry at a cell counts, as when writing).
 */
export function layerReader(
  data: LayerData | undefined,
  emptyKind: string | null,
): (x: number, y: number) => CellValue {
  const empty = emptyOfData(data, emptyKind);
  if (Array.isArray(data)) {
    return (x, y) => {
      const row = data[y];
      // A null in a dense exactly_one layer is an unset cell, which holds the default.
      return (Array.isArray(row) ? normaliseCell(row[x]) : null) ?? empty;
    };
  }
  if (isSparseLayer(data) && Array.isArray(data.entries)) {
    const cells = new Map<string, CellValue>();
    for (const entry of data.entries) {
      const key = entryKey(entry);
      if (key !== undefined && !cells.has(key) && typeof entry.kind === "string")
        cells.set(key, entryToCell(entry));
    }
    return (x, y) => cells.get(cellKey(x, y)) ?? empty;
  }
  return () => empty;
}

/** One cell to write: its position and the value (null or the empty kind clears it). */
export type CellWrite = readonly [x: number, y: number, value: CellValue];

/**
 * A copy of `data` with the cell at `(x, y)` set to `value` (null or the empty kind clears it), in the
 * format `data` had; only the touched row (dense) or the entry list (sparse) is copied. Returns `data`
 * itself when the cell already holds `value`. An absent layer is created sparse, and stays absent
 * when it is cleared. `size` is the board's, used to pad a dense layer that is too short.
 */
export function writeLayerCell(
  data: LayerData | undefined,
  x: number,
  y: number,
  value: CellValue,
  emptyKind: string | null,
  size: readonly [number, number],
): LayerData | undefined {
  return writeLayerCells(data, [[x, y, value]], emptyKind, size);
}

/**
 * {@link writeLayerCell} for many cells at once (a rectangle fill), in one pass over the layer: each
 * dense row is copied once and a sparse entry list rebuilt once, however many cells are written.
 * A later write to the same cell wins.
 */
export function writeLayerCells(
  data: LayerData | undefined,
  writes: Iterable<CellWrite>,
  emptyKind: string | null,
  size: readonly [number, number],
): LayerData | undefined {
  const empty = emptyOfData(data, emptyKind);
  if (data !== undefined && data !== null && !Array.isArray(data) && !isSparseLayer(data)) {
    throw new EditError(
      "bad_layer",
      'this layer is neither a list of rows (dense) nor { "format": "sparse" }',
    );
  }
  if (Array.isArray(data)) return writeDense(data, writes, empty, size);
  return writeSparse(data ?? undefined, writes, empty);
}

function writeDense(
  data: readonly (readonly CellValue[] | undefined)[],
  writes: Iterable<CellWrite>,
  empty: string | null,
  size: readonly [number, number],
): LayerData {
  let rows: CellValue[][] | undefined;
  const copied = new Set<number>();
  for (const [x, y, value] of writes) {
    const wanted = normaliseCell(value) ?? empty;
    const source = rows ?? (data as CellValue[][]);
    const current = Array.isArray(source[y]) ? (normaliseCell(source[y]?.[x]) ?? empty) : empty;
    if (cellsEqual(current, wanted)) continue;
    rows ??= data.slice() as CellValue[][];
    // A malformed (short) layer is padded to the board so the written cell lands where it was painted.
    while (rows.length <= y) rows.push(new Array<CellValue>(Math.max(size[0], x + 1)).fill(empty));
    if (!copied.has(y)) {
      const old = rows[y];
      rows[y] = Array.isArray(old) ? old.slice() : [];
      copied.add(y);
    }
    const row = rows[y] as CellValue[];
    while (row.length <= x) row.push(empty);
    row[x] = wanted;
  }
  return rows ?? (data as LayerData);
}

function cellKey(x: number, y: number): string {
  return `${x},${y}`;
}

function entryKey(entry: unknown): string | undefined {
  if (typeof entry !== "object" || entry === null) return undefined;
  const position = (entry as SparseEntry).position;
  return Array.isArray(position) && typeof position[0] === "number" && typeof position[1] === "number"
    ? cellKey(position[0], position[1])
    : undefined;
}

function writeSparse(
  data: SparseLayer | undefined,
  writes: Iterable<CellWrite>,
  empty: string | null,
): SparseLayer | undefined {
  const entries = Array.isArray(data?.entries) ? data.entries : [];
  const read = layerReader(data, empty);
  // Cells whose value changes, in first-write order; null means "no entry".
  const updates = new Map<string, { x: number; y: number; value: CellValue }>();
  for (const [x, y, value] of writes) {
    const key = cellKey(x, y);
    const wanted = normaliseCell(value) ?? empty;
    const before = read(x, y);
    if (cellsEqual(before, wanted)) updates.delete(key);
    else updates.set(key, { x, y, value: cellsEqual(wanted, empty) ? null : wanted });
  }
  if (updates.size === 0) return data;
  const next: SparseEntry[] = [];
  const placed = new Set<string>();
  for (const entry of entries) {
    const key = entryKey(entry);
    const update = key === undefined ? undefined : updates.get(key);
    if (key === undefined || update === undefined) {
      next.push(entry);
      continue;
    }
    // The first entry at the cell is replaced where it stood; duplicates (a broken file) go.
    if (!placed.has(key) && update.value !== null) next.push(cellToEntry(update.x, update.y, update.value));
    placed.add(key);
  }
  for (const [key, update] of updates) {
    if (!placed.has(key) && update.value !== null) next.push(cellToEntry(update.x, update.y, update.value));
  }
  return data === undefined ? { format: "sparse", entries: next } : { ...data, entries: next };
}

/** The layer value a level holds under `layerId` (own keys only). */
export function layerDataOf(level: LevelDefinition, layerId: string): LayerData | undefined {
  const layers = level.board?.layers;
  return layers && Object.hasOwn(layers, layerId) ? layers[layerId] : undefined;
}

/**
 * The entity at `(x, y)` on a layer of the level: a kind, a kind with parameters, or null. An
 * `exactly_one` layer answers its default where nothing is placed.
 */
export function cellAt(
  level: LevelDefinition,
  game: GameDefinition,
  layerId: string,
  x: number,
  y: number,
): CellValue {
  return readLayerCell(layerDataOf(level, layerId), x, y, emptyKindOf(layerDefinition(game, layerId)));
}
