import type { Scene } from "@gridponder/view";
import type { PartContext, PartSpec, Solid } from "./parts.js";
import { partsOf } from "./parts.js";
import type { Actor } from "./scene-actors.js";

/**
 * What the avatar stands on: per cell, the top of the flat things lying there (tiles, plates, slabs,
 * flat sprites). The avatar is lifted onto them so it never sinks into a tile it shares a cell with,
 * and the overlay frame is lifted to them so it outlines their tops. Round and upright things
 * (orbs, figures, upright sprites) are not stood on: they are picked up or walked past.
 */
export interface StandHeights {
  readonly width: number;
  readonly height: number;
  readonly tops: Float32Array;
  /** 1 where a piece's label (a number, a glyph) is written: the avatar steps aside to keep it readable. */
  readonly labelled: Float32Array;
}

const STANDABLE: ReadonlySet<Solid> = new Set<Solid>(["flat", "tile", "block", "crate"]);

function partTop(spec: PartSpec): number | null {
  if (spec.mode === "flat") return spec.y + 0.01;
  if (spec.mode !== "solid" || spec.batch.type !== "solid" || !STANDABLE.has(spec.batch.form)) return null;
  return spec.y + spec.sy;
}

/** `parts[i]`, when given, are `actors[i]`'s parts (without a carried item's badge), already built. */
export function measureStandHeights(
  scene: Scene,
  actors: readonly Actor[],
  context: PartContext,
  parts?: readonly (readonly PartSpec[])[],
): StandHeights {
  const tops = new Float32Array(scene.width * scene.height);
  const labelled = new Float32Array(scene.width * scene.height);
  for (const [n, actor] of actors.entries()) {
    if (actor.piece.role === "avatar") continue;
    for (const spec of parts?.[n] ?? partsOf(actor.piece, actor.appearance, context)) {
      const x = actor.piece.cell[0] + spec.ox;
      const y = actor.piece.cell[1] + spec.oy;
      if (x < 0 || y < 0 || x >= scene.width || y >= scene.height) continue;
      const i = y * scene.width + x;
      if (spec.batch.type === "label") labelled[i] = 1;
      const top = partTop(spec);
      if (top !== null && top > (tops[i] ?? 0)) tops[i] = top;
    }
  }
  return { width: scene.width, height: scene.height, tops, labelled };
}

export const NO_HEIGHTS: StandHeights = {
  width: 0,
  height: 0,
  tops: new Float32Array(0),
  labelled: new Float32Array(0),
};

function at(h: StandHeights, values: Float32Array, x: number, y: number): number {
  const cx = Math.max(0, Math.min(h.width - 1, x));
  const cy = Math.max(0, Math.min(h.height - 1, y));
  return values[cy * h.width + cx] ?? 0;
}

/** A per-cell value at a position in cells (fractional while moving), blended between the cells around it. */
function blended(h: StandHeights, values: Float32Array, x: number, y: number): number {
  if (values.length === 0) return 0;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const top = at(h, values, x0, y0) * (1 - fx) + at(h, values, x0 + 1, y0) * fx;
  const bottom = at(h, values, x0, y0 + 1) * (1 - fx) + at(h, values, x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** The height to stand at: a step up onto a tile is a ramp over the move, not a jump. */
export function standHeightAt(h: StandHeights, x: number, y: number): number {
  return blended(h, h.tops, x, y);
}

/** How much (0 to 1) the avatar at a position stands on a written label. */
export function labelUnder(h: StandHeights, x: number, y: number): number {
  return blended(h, h.labelled, x, y);
}

/** The highest top inside a rectangle of cells. */
export function highestIn(h: StandHeights, x: number, y: number, w: number, hgt: number): number {
  let top = 0;
  for (let cy = y; cy < y + hgt; cy++)
    for (let cx = x; cx < x + w; cx++)
      if (cx >= 0 && cy >= 0 && cx < h.width && cy < h.height) top = Math.max(top, at(h, h.tops, cx, cy));
  return top;
}
