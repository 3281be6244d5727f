import type { Cell, Scene } from "@gridponder/view";
import { type CameraFit, pickCell } from "./iso.js";
import { type PartContext, type PartSpec, partsOf } from "./parts.js";
import type { Actor } from "./scene-actors.js";

/**
 * What a pointer can hit on the board at rest, beyond the ground: the tops of solids (a block's top
 * face belongs to its own cell, though it is drawn over the cells behind it) and upright sprites.
 */
export interface PickSurface {
  /** Per cell, the top of the tallest solid standing on it. */
  readonly tops: Float32Array;
  /** Every distinct top height. */
  readonly levels: readonly number[];
  /** Cells with an upright sprite. */
  readonly standing: readonly [number, number][];
}

export const BARE_GROUND: PickSurface = { tops: new Float32Array(1), levels: [], standing: [] };

/** `parts[i]`, when given, are `actors[i]`'s parts (without a carried item's badge), already built. */
export function measurePickSurface(
  scene: Scene,
  actors: readonly Actor[],
  context: PartContext,
  parts?: readonly (readonly PartSpec[])[],
): PickSurface {
  const tops = new Float32Array(scene.width * scene.height);
  const levels = new Set<number>();
  const standing: [number, number][] = [];
  for (const [i, actor] of actors.entries()) {
    if (actor.piece.role === "ground") continue;
    for (const spec of parts?.[i] ?? partsOf(actor.piece, actor.appearance, context)) {
      if (spec.batch.type !== "label" && spec.batch.ghost) continue;
      if (spec.mode === "standing" && spec.y === 0) standing.push([actor.piece.cell[0], actor.piece.cell[1]]);
      if (spec.mode !== "solid" || spec.batch.type !== "solid" || spec.batch.form === "ring") continue;
      const x = actor.piece.cell[0] + spec.ox;
      const y = actor.piece.cell[1] + spec.oy;
      if (x < 0 || y < 0 || x >= scene.width || y >= scene.height) continue;
      const top = spec.y + spec.sy;
      const i = y * scene.width + x;
      if (top > (tops[i] ?? 0)) tops[i] = top;
      levels.add(top);
    }
  }
  return { tops, levels: [...levels], standing };
}

/** The cell under a point in CSS px from the canvas's top-left, or null off the board. */
export function cellOnSurface(
  surface: PickSurface,
  fit: CameraFit,
  scene: Scene,
  x: number,
  y: number,
): Cell | null {
  const { tops } = surface;
  return pickCell(
    fit,
    scene.width,
    scene.height,
    x,
    y,
    surface.levels,
    (cx, cy) => tops[cy * scene.width + cx] ?? 0,
    surface.standing,
  );
}
