/**
 * The board cells the validator's findings point at, for the painter to outline: a finding about a
 * level file whose JSON pointer names a cell of a dense layer (`/board/layers/<id>/<y>/<x>`), an entry
 * of a sparse one (`/board/layers/<id>/entries/<i>`), a multi-cell object or the avatar's start.
 * @module
 */
import type { Diagnostic, LevelDefinition } from "@gridponder/schema";
import type { CellXY } from "./cell-line.js";
import type { CellMark } from "./painter.js";

const unescapeSegment = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

function isPosition(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n));
}

/** The cell a pointer into a level names, or null. */
export function cellOfPointer(level: LevelDefinition, pointer: string): CellXY | null {
  const parts = pointer.split("/").slice(1).map(unescapeSegment);
  if (parts[0] === "state" && parts[1] === "avatar") {
    const at = level.state?.avatar?.position;
    return isPosition(at) ? at : null;
  }
  if (parts[0] !== "board") return null;
  if (parts[1] === "layers" && parts[2] !== undefined) {
    const layers = level.board?.layers as Record<string, unknown> | undefined;
    const layer = layers && Object.hasOwn(layers, parts[2]) ? layers[parts[2]] : undefined;
    if (Array.isArray(layer)) {
      const y = Number(parts[3]);
      const x = Number(parts[4]);
      return Number.isInteger(x) && Number.isInteger(y) ? [x, y] : null;
    }
    if (layer && typeof layer === "object" && parts[3] === "entries") {
      const entry = (layer as { entries?: unknown[] }).entries?.[Number(parts[4])] as
        | { position?: unknown }
        | undefined;
      return isPosition(entry?.position) ? entry.position : null;
    }
  }
  if (parts[1] === "multiCellObjects") {
    const object = level.board?.multiCellObjects?.[Number(parts[2])];
    const cell =
      parts[3] === "cells" && parts[4] !== undefined ? object?.cells?.[Number(parts[4])] : object?.cells?.[0];
    return isPosition(cell) ? cell : null;
  }
  return null;
}

/** Marks for the findings about `levelPath` that point at a cell of `level` on its board. */
export function cellsOfDiagnostics(
  diagnostics: readonly Diagnostic[],
  levelPath: string,
  level: LevelDefinition,
): CellMark[] {
  const [width, height] = level.board?.size ?? [0, 0];
  const marks: CellMark[] = [];
  for (const d of diagnostics) {
    if (d.file !== levelPath) continue;
    const cell = cellOfPointer(level, d.pointer);
    if (cell && cell[0] >= 0 && cell[1] >= 0 && cell[0] < width && cell[1] < height)
      marks.push({ cell, severity: d.severity === "error" ? "error" : "warning" });
  }
  return marks;
}
