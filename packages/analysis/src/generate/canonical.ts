import { stableStringify } from "@gridponder/engine";
import type { Cell, Grid } from "./board.js";

/** A cell map: where the cell at (x, y) of a `w` × `h` board goes, and the new width and height. */
type Symmetry = (x: number, y: number, w: number, h: number) => readonly [number, number];

/** The eight symmetries of the square, as maps of cells (a rectangle keeps the four that fit it). */
const SYMMETRIES: readonly { readonly swaps: boolean; readonly map: Symmetry }[] = [
  { swaps: false, map: (x, y) => [x, y] },
  { swaps: false, map: (x, y, w) => [w - 1 - x, y] },
  { swaps: false, map: (x, y, _w, h) => [x, h - 1 - y] },
  { swaps: false, map: (x, y, w, h) => [w - 1 - x, h - 1 - y] },
  { swaps: true, map: (x, y) => [y, x] },
  { swaps: true, map: (x, y, w) => [y, w - 1 - x] },
  { swaps: true, map: (x, y, _w, h) => [h - 1 - y, x] },
  { swaps: true, map: (x, y, w, h) => [h - 1 - y, w - 1 - x] },
];

/** What makes a level's start: its board, the avatar's cell and what it holds, and the variables. */
export interface StartShape {
  readonly grid: Grid;
  readonly avatar: readonly [number, number] | null;
  readonly rest: unknown;
}

/**
 * A text equal for two level starts exactly when one is the other turned or mirrored (the least of
 * the images' texts): levels that are isomorphic this way play alike, so a generated level must differ
 * from every existing one in this text. Layers are compared by id; entities by kind and params.
 */
export function canonicalStart(shape: StartShape): string {
  const { grid } = shape;
  const { width: w, height: h } = grid;
  let best: string | null = null;
  for (const s of SYMMETRIES) {
    if (s.swaps && w !== h) continue;
    const layers: Record<string, Cell[]> = {};
    for (const [id, cells] of [...grid.layers].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (cells.every((c) => c === null)) continue;
      const out = new Array<Cell>(cells.length).fill(null);
      cells.forEach((cell, i) => {
        const [x, y] = s.map(i % w, Math.floor(i / w), w, h);
        out[y * (s.swaps ? h : w) + x] = cell;
      });
      layers[id] = out;
    }
    const avatar = shape.avatar === null ? null : s.map(shape.avatar[0], shape.avatar[1], w, h);
    const text = stableStringify({ layers, avatar, rest: shape.rest } as never);
    if (best === null || text < best) best = text;
  }
  return best ?? "";
}
