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
  const keys = params ? Object.keys(params) : [];
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

function isPositionAt(position: unknown, x: number, y: number): boolean {
  return Array.isArray(position) && position[0] === x && position[1] === y;
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
  const empty = emptyOfData(data, emptyKind);
  if (data === undefined || data === null) return empty;
  if (Array.isArray(data)) {
    const row = data[y];
    const cell = Array.isArray(row) ? normaliseCell(row[x]) : null;
    // A null in a dense exactly_one layer is an unset cell, which holds the default.
    return cell ?? empty;
  }
  if (isSparseLayer(data) && Array.isArray(data.entries)) {
    const entry = data.entries.find(
      (e) => typeof e === "object" && e !== null && isPositionAt(e.position, x, y),
    );
    return entry && typeof entry.kind === "string" ? entryToCell(entry) : empty;
  }
  return empty;
}

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
  const empty = emptyOfData(data, emptyKind);
  const wanted = normaliseCell(value) ?? empty;
  if (cellsEqual(readLayerCell(data, x, y, emptyKind), wanted)) return data;
  if (data === undefined || data === null) {
    return { format: "sparse", entries: [cellToEntry(x, y, wanted as CellValue & {})] };
  }
  if (Array.isArray(data)) return writeDense(data, x, y, wanted, empty, size);
  if (isSparseLayer(data)) return writeSparse(data, x, y, cellsEqual(wanted, empty) ? null : wanted);
  throw new EditError("bad_layer", 'this layer is neither a list of rows (dense) nor { "format": "sparse" }');
}

function writeDense(
  data: readonly (readonly CellValue[] | undefined)[],
  x: number,
  y: number,
  value: CellValue,
  empty: string | null,
  size: readonly [number, number],
): LayerData {
  const rows = data.slice() as CellValue[][];
  const width = Math.max(size[0], x + 1);
  // A malformed (short) layer is padded to the board so the written cell lands where it was painted.
  while (rows.length <= y) rows.push(new Array<CellValue>(width).fill(empty));
  const old = rows[y];
  const row = Array.isArray(old) ? old.slice() : [];
  while (row.length <= x) row.push(empty);
  row[x] = value;
  rows[y] = row;
  return rows;
}

function writeSparse(data: SparseLayer, x: number, y: number, value: CellValue): SparseLayer {
  const entries = Array.isArray(data.entries) ? data.entries : [];
  const next: SparseEntry[] = [];
  let placed = false;
  for (const entry of entries) {
    if (typeof entry === "object" && entry !== null && isPositionAt(entry.position, x, y)) {
      // The first entry at the cell is replaced where it stood; duplicates (a broken file) go.
      if (!placed && value !== null) next.push(cellToEntry(x, y, value));
      placed = true;
      continue;
    }
    next.push(entry);
  }
  if (!placed && value !== null) next.push(cellToEntry(x, y, value));
  const out = { ...data, entries: next };
  return out;
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
