/**
 * Resizing a board: every layer, multi-cell object, board_match target, position parameter and the
 * avatar move with the board's contents, and whatever falls off is listed so the UI can say so.
 * @module
 */
import type {
  CellValue,
  GameDefinition,
  Goal,
  LayerData,
  LevelDefinition,
  MultiCellObject,
  Position,
  SparseEntry,
} from "@gridponder/schema";
import { boardSize, MAX_BOARD_SIDE, multiCellPosition } from "./board.js";
import { EditError } from "./edit-error.js";
import {
  cellsEqual,
  define,
  emptyKindOf,
  entryToCell,
  isSparseLayer,
  layerDefinition,
  normaliseCell,
} from "./layer-cells.js";

/** Something the resize removed or moved because it left the board. Positions are the old ones. */
export type DroppedItem =
  | { what: "entity"; layer: string; position: Position; cell: CellValue }
  | { what: "target"; goal: string; layer: string; position: Position; cell: CellValue }
  | { what: "multiCellObject"; id: string; kind: string }
  | { what: "avatar"; from: Position; to: Position }
  | { what: "overlay"; from: Position; to: Position };

/** The resized level and what did not fit. */
export interface ResizeResult {
  level: LevelDefinition;
  changed: boolean;
  dropped: DroppedItem[];
}

function cellName(cell: CellValue): string {
  return typeof cell === "string" ? cell : (cell?.kind ?? "nothing");
}

/** One sentence per dropped item, for the UI. */
export function describeDropped(item: DroppedItem): string {
  switch (item.what) {
    case "entity":
      return `removed ${cellName(item.cell)} at (${item.position.join(", ")}) on layer ${item.layer}`;
    case "target":
      return `removed target ${cellName(item.cell)} at (${item.position.join(", ")}) of goal ${item.goal}`;
    case "multiCellObject":
      return `removed multi-cell object ${item.id} (${item.kind}): part of it left the board`;
    case "avatar":
      return `moved the avatar from (${item.from.join(", ")}) to (${item.to.join(", ")}): it left the board`;
    case "overlay":
      return `moved the overlay from (${item.from.join(", ")}) to (${item.to.join(", ")}): it left the board`;
  }
}

interface Frame {
  width: number;
  height: number;
  dx: number;
  dy: number;
}

function shifted(frame: Frame, position: readonly number[]): Position | undefined {
  const x = (position[0] as number) + frame.dx;
  const y = (position[1] as number) + frame.dy;
  return x >= 0 && y >= 0 && x < frame.width && y < frame.height ? [x, y] : undefined;
}

/** Shifts the parameters a kind declares as positions, so a link to another cell follows the board. */
function shiftParams<T extends object>(game: GameDefinition, kind: unknown, value: T, frame: Frame): T {
  const declared =
    typeof kind === "string" && game.entityKinds && Object.hasOwn(game.entityKinds, kind)
      ? game.entityKinds[kind]?.params
      : undefined;
  if (!declared) return value;
  let out: T | undefined;
  for (const name of Object.keys(value)) {
    const p = (value as Record<string, unknown>)[name];
    if (!Object.hasOwn(declared, name) || declared[name]?.type !== "position" || !Array.isArray(p)) continue;
    if (typeof p[0] !== "number" || typeof p[1] !== "number") continue;
    out ??= { ...value };
    define(out, name, [p[0] + frame.dx, p[1] + frame.dy]);
  }
  return out ?? value;
}

function shiftCell(game: GameDefinition, cell: CellValue, frame: Frame): CellValue {
  return cell !== null && typeof cell === "object" ? shiftParams(game, cell.kind, cell, frame) : cell;
}

type Drop = (position: Position, cell: CellValue) => void;

function resizeLayer(
  game: GameDefinition,
  data: LayerData,
  old: readonly [number, number],
  frame: Frame,
  pad: string | null,
  drop: Drop,
): LayerData {
  if (Array.isArray(data)) {
    data.forEach((row, oy) => {
      if (!Array.isArray(row)) return;
      row.forEach((cell, ox) => {
        const value = normaliseCell(cell);
        if (value === null || cellsEqual(value, pad) || shifted(frame, [ox, oy])) return;
        drop([ox, oy], value);
      });
    });
    const rows: CellValue[][] = [];
    for (let y = 0; y < frame.height; y++) {
      const oy = y - frame.dy;
      const source = oy >= 0 && oy < old[1] ? data[oy] : undefined;
      const row: CellValue[] = [];
      for (let x = 0; x < frame.width; x++) {
        const ox = x - frame.dx;
        const cell = Array.isArray(source) && ox >= 0 && ox < old[0] ? source[ox] : undefined;
        row.push(cell === undefined ? pad : shiftCell(game, cell, frame));
      }
      rows.push(row);
    }
    return rows;
  }
  if (isSparseLayer(data) && Array.isArray(data.entries)) {
    const entries: SparseEntry[] = [];
    for (const entry of data.entries) {
      const position = entry?.position;
      if (!Array.isArray(position) || typeof position[0] !== "number" || typeof position[1] !== "number") {
        entries.push(entry);
        continue;
      }
      const moved = shifted(frame, position);
      if (!moved) {
        drop([position[0], position[1]], entryToCell(entry));
        continue;
      }
      entries.push(shiftParams(game, entry.kind, { ...entry, position: moved }, frame));
    }
    return { ...data, entries };
  }
  return data;
}

function clampPosition(frame: Frame, position: Position): Position {
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max - 1);
  return [clamp(position[0] + frame.dx, frame.width), clamp(position[1] + frame.dy, frame.height)];
}

function resizeObject(
  game: GameDefinition,
  object: MultiCellObject,
  frame: Frame,
): MultiCellObject | undefined {
  const cells: MultiCellObject["cells"] = [];
  for (const cell of object.cells ?? []) {
    const position = multiCellPosition(cell);
    if (!position) {
      cells.push(cell);
      continue;
    }
    const moved = shifted(frame, position);
    if (!moved) return undefined;
    cells.push(Array.isArray(cell) ? moved : { ...cell, position: moved });
  }
  const out = { ...object, cells };
  if (object.params) out.params = shiftParams(game, object.kind, object.params, frame);
  return out;
}

function resizeGoal(
  game: GameDefinition,
  goal: Goal,
  old: readonly [number, number],
  frame: Frame,
  dropped: DroppedItem[],
): Goal {
  if (
    goal?.type !== "board_match" ||
    typeof goal.config?.targetLayers !== "object" ||
    goal.config.targetLayers === null
  ) {
    return goal;
  }
  const targetLayers: Record<string, LayerData> = {};
  for (const layer of Object.keys(goal.config.targetLayers)) {
    const data = goal.config.targetLayers[layer] as LayerData;
    // A null target cell means "any", whatever the layer's occupancy, so targets are padded with null.
    const next = resizeLayer(game, data, old, frame, null, (position, cell) =>
      dropped.push({ what: "target", goal: goal.id, layer, position, cell }),
    );
    define(targetLayers, layer, next);
  }
  return { ...goal, config: { ...goal.config, targetLayers } };
}

/**
 * Gives the board a new size. The old cell `(x, y)` moves to `(x + anchor.dx, y + anchor.dy)`, so
 * `{ dx: 1, dy: 0 }` with one more column adds it on the left. New dense cells are null, or the
 * default kind of an `exactly_one` layer; sparse entries move and those off the board are dropped; a
 * multi-cell object with any cell off the board is dropped whole; the avatar is clamped onto the
 * board. Everything removed or moved is listed in `dropped`.
 */
export function resizeBoard(
  level: LevelDefinition,
  game: GameDefinition,
  width: number,
  height: number,
  anchor: { dx: number; dy: number } = { dx: 0, dy: 0 },
): ResizeResult {
  for (const side of [width, height]) {
    if (!Number.isInteger(side) || side < 1 || side > MAX_BOARD_SIDE) {
      throw new EditError(
        "bad_size",
        `a board side must be a whole number from 1 to ${MAX_BOARD_SIDE}, not ${side}`,
      );
    }
  }
  if (!Number.isInteger(anchor.dx) || !Number.isInteger(anchor.dy)) {
    throw new EditError("bad_value", "the resize offset must be whole cells");
  }
  const old = boardSize(level);
  if (old[0] === width && old[1] === height && anchor.dx === 0 && anchor.dy === 0) {
    return { level, changed: false, dropped: [] };
  }
  const frame: Frame = { width, height, dx: anchor.dx, dy: anchor.dy };
  const dropped: DroppedItem[] = [];

  const layers: Record<string, LayerData> = {};
  for (const layer of Object.keys(level.board.layers ?? {})) {
    const data = level.board.layers[layer] as LayerData;
    const pad = emptyKindOf(layerDefinition(game, layer));
    const padValue =
      isSparseLayer(data) && pad !== null && typeof data.default === "string" ? data.default : pad;
    const next = resizeLayer(game, data, old, frame, padValue, (position, cell) =>
      dropped.push({ what: "entity", layer, position, cell }),
    );
    define(layers, layer, next);
  }
  const board: LevelDefinition["board"] = { ...level.board, size: [width, height], layers };
  if (Array.isArray(level.board.multiCellObjects)) {
    board.multiCellObjects = [];
    for (const object of level.board.multiCellObjects) {
      const next = resizeObject(game, object, frame);
      if (next) board.multiCellObjects.push(next);
      else dropped.push({ what: "multiCellObject", id: object.id, kind: object.kind });
    }
  }
  const out: LevelDefinition = { ...level, board };
  if (Array.isArray(level.goals))
    out.goals = level.goals.map((goal) => resizeGoal(game, goal, old, frame, dropped));

  const state = level.state;
  const avatarAt = state?.avatar?.position;
  const overlayAt = state?.overlay?.position;
  if (state && (Array.isArray(avatarAt) || Array.isArray(overlayAt))) {
    out.state = { ...state };
    if (state.avatar && Array.isArray(avatarAt)) {
      const to = clampPosition(frame, avatarAt);
      if (!shifted(frame, avatarAt)) dropped.push({ what: "avatar", from: avatarAt, to });
      out.state.avatar = { ...state.avatar, position: to };
    }
    if (state.overlay && Array.isArray(overlayAt)) {
      const to = clampPosition(frame, overlayAt);
      if (!shifted(frame, overlayAt)) dropped.push({ what: "overlay", from: overlayAt, to });
      out.state.overlay = { ...state.overlay, position: to };
    }
  }
  return { level: out, changed: true, dropped };
}
