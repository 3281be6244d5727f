/**
 * The board's cameras as plain math, shared by the three.js camera, picking and swipe mapping so the
 * three always agree. World space: X along board x, Z along board y (rows grow towards the viewer),
 * Y up; one cell is one unit and the ground's top face is at Y = 0.
 *
 * Two projections, both orthographic. The isometric one looks from the board's bottom-right corner
 * (azimuth 45°) down 30°: the 2:1 "pixel-art isometric" angle, where a cell's top face is a diamond
 * twice as wide as it is tall; row 0 is the far side, board +x runs down-right on screen and board +y
 * down-left. The top-down one looks straight down with row 0 at the top, as a printed grid reads.
 */

import type { BoardView } from "@gridponder/view";

export type Vec3 = readonly [x: number, y: number, z: number];

/** A camera direction and the screen's axes in world space. */
export interface Projection {
  readonly view: BoardView;
  /** Unit vector from the looked-at point towards the camera. */
  readonly toCamera: Vec3;
  /** Screen right, in world space. */
  readonly screenRight: Vec3;
  /** Screen up, in world space. */
  readonly screenUp: Vec3;
  /** Yaw that turns an upright sprite's face to the camera. */
  readonly spriteYaw: number;
  /** Whether upright sprites stand (isometric) or lie face up (seen from above). */
  readonly upright: boolean;
}

const ELEVATION = Math.PI / 6;
export const AZIMUTH = Math.PI / 4;

/** Unit vector from the looked-at point towards the isometric camera. */
export const TO_CAMERA: Vec3 = [
  Math.cos(ELEVATION) * Math.sin(AZIMUTH),
  Math.sin(ELEVATION),
  Math.cos(ELEVATION) * Math.cos(AZIMUTH),
];
/** Screen right of the isometric camera, in world space. */
export const SCREEN_RIGHT: Vec3 = [Math.SQRT1_2, 0, -Math.SQRT1_2];
/** Screen up of the isometric camera, in world space (tilted away from the viewer). */
export const SCREEN_UP: Vec3 = [
  -Math.sin(ELEVATION) * Math.SQRT1_2,
  Math.cos(ELEVATION),
  -Math.sin(ELEVATION) * Math.SQRT1_2,
];

export const ISOMETRIC: Projection = {
  view: "isometric",
  toCamera: TO_CAMERA,
  screenRight: SCREEN_RIGHT,
  screenUp: SCREEN_UP,
  spriteYaw: AZIMUTH,
  upright: true,
};

export const TOP_DOWN: Projection = {
  view: "top-down",
  toCamera: [0, 1, 0],
  screenRight: [1, 0, 0],
  screenUp: [0, 0, -1],
  spriteYaw: 0,
  upright: false,
};

/** The projection of a board view. */
export function projectionOf(view: BoardView): Projection {
  return view === "top-down" ? TOP_DOWN : ISOMETRIC;
}

/** Depth of a ground tile below the ground's top face. */
export const GROUND_DEPTH = 0.22;
/** The tallest thing a scene normally draws (sprites stand about this high); the fit keeps it in view. */
export const HEADROOM = 1.25;

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** World X/Z of a board position given in cells (`x`, `y` may be fractional; `+0.5` is a cell centre). */
function boardToWorld(boardWidth: number, boardHeight: number, x: number, y: number): [number, number] {
  return [x - boardWidth / 2, y - boardHeight / 2];
}

/** How the board sits in a viewport: `zoom` CSS px per world unit, and the view centre in screen axes. */
export interface CameraFit {
  readonly projection: Projection;
  readonly zoom: number;
  /** Camera-plane coordinates (along screen right and up) of the viewport centre. */
  readonly u0: number;
  readonly v0: number;
  readonly viewWidth: number;
  readonly viewHeight: number;
}

export interface FitOptions {
  /** Free space kept at each side, in CSS px (by default 4% of the view, at most 16 px, 6 from above). */
  readonly marginPx?: number;
  /** Device pixels per CSS px; with it the zoom is rounded down to whole device pixels per unit. */
  readonly pixelRatio?: number;
  /** The isometric projection unless given. */
  readonly projection?: Projection;
}

/**
 * Fits a `boardWidth`×`boardHeight` board (its tiles plus HEADROOM above) into a viewport, centred.
 * Rounding the zoom to whole device pixels per unit keeps sprite texels from shimmering between sizes.
 */
export function fitCamera(
  boardWidth: number,
  boardHeight: number,
  viewWidth: number,
  viewHeight: number,
  options: FitOptions = {},
): CameraFit {
  const projection = options.projection ?? ISOMETRIC;
  const { screenRight, screenUp } = projection;
  const vw = Math.max(1, viewWidth);
  const vh = Math.max(1, viewHeight);
  // Seen from above nothing stands out of the board's rectangle, so a thinner margin does.
  const widest = projection.upright ? 16 : 6;
  const margin = options.marginPx ?? Math.min(widest, Math.round(Math.min(vw, vh) * 0.04));
  let uMin = Number.POSITIVE_INFINITY;
  let uMax = Number.NEGATIVE_INFINITY;
  let vMin = Number.POSITIVE_INFINITY;
  let vMax = Number.NEGATIVE_INFINITY;
  const hx = boardWidth / 2;
  const hz = boardHeight / 2;
  for (const x of [-hx, hx])
    for (const z of [-hz, hz])
      for (const y of [-GROUND_DEPTH, HEADROOM]) {
        const p: Vec3 = [x, y, z];
        const u = dot(p, screenRight);
        const v = dot(p, screenUp);
        uMin = Math.min(uMin, u);
        uMax = Math.max(uMax, u);
        vMin = Math.min(vMin, v);
        vMax = Math.max(vMax, v);
      }
  const availW = Math.max(1, vw - 2 * margin);
  const availH = Math.max(1, vh - 2 * margin);
  let zoom = Math.min(availW / (uMax - uMin), availH / (vMax - vMin));
  const ratio = options.pixelRatio ?? 1;
  if (zoom * ratio >= 4) zoom = Math.floor(zoom * ratio) / ratio;
  return { projection, zoom, u0: (uMin + uMax) / 2, v0: (vMin + vMax) / 2, viewWidth: vw, viewHeight: vh };
}

/** CSS px (relative to the viewport's top-left) of a world point. */
export function worldToScreen(fit: CameraFit, p: Vec3): { x: number; y: number } {
  return {
    x: fit.viewWidth / 2 + (dot(p, fit.projection.screenRight) - fit.u0) * fit.zoom,
    y: fit.viewHeight / 2 - (dot(p, fit.projection.screenUp) - fit.v0) * fit.zoom,
  };
}

/** Where the view ray through a screen point meets the horizontal plane at height `planeY`. */
export function screenToPlane(fit: CameraFit, sx: number, sy: number, planeY = 0): Vec3 {
  const u = fit.u0 + (sx - fit.viewWidth / 2) / fit.zoom;
  const v = fit.v0 - (sy - fit.viewHeight / 2) / fit.zoom;
  const { screenRight: r, screenUp: up, toCamera: c } = fit.projection;
  const o: Vec3 = [u * r[0] + v * up[0], u * r[1] + v * up[1], u * r[2] + v * up[2]];
  // The ray runs away from the camera: direction -toCamera.
  const t = (o[1] - planeY) / c[1];
  return [o[0] - t * c[0], planeY, o[2] - t * c[2]];
}

/** The board cell under a screen point (on the ground's top face), or null outside the board. */
export function cellAtScreen(
  fit: CameraFit,
  boardWidth: number,
  boardHeight: number,
  sx: number,
  sy: number,
): [number, number] | null {
  return cellAtPlane(fit, boardWidth, boardHeight, sx, sy, 0);
}

/** Screen position of a cell's centre at a height above the ground's top face. */
export function cellToScreen(
  fit: CameraFit,
  boardWidth: number,
  boardHeight: number,
  x: number,
  y: number,
  height = 0,
): { x: number; y: number } {
  const [wx, wz] = boardToWorld(boardWidth, boardHeight, x + 0.5, y + 0.5);
  return worldToScreen(fit, [wx, height, wz]);
}

/**
 * The cell whose drawn top is under a screen point: a block's top face belongs to the block's cell even
 * though it is drawn over the cells behind it. `heightAt` gives the top of what stands on a cell (0 for
 * bare ground); planes are tried from the highest down, so the nearest visible top wins.
 */
export function pickCell(
  fit: CameraFit,
  boardWidth: number,
  boardHeight: number,
  sx: number,
  sy: number,
  heights: readonly number[],
  heightAt: (x: number, y: number) => number,
  standing: readonly (readonly [number, number])[] = [],
): [number, number] | null {
  let best: [number, number] | null = null;
  const levels = [...new Set(heights)].filter((h) => h > 0).sort((a, b) => b - a);
  for (const level of levels) {
    const cell = cellAtPlane(fit, boardWidth, boardHeight, sx, sy, level);
    if (cell && heightAt(cell[0], cell[1]) >= level - 1e-6) {
      best = cell;
      break;
    }
  }
  best ??= cellAtScreen(fit, boardWidth, boardHeight, sx, sy);
  // An upright sprite covers a screen rectangle standing on its cell's centre; the nearest one wins.
  // Seen from above, sprites lie on their cells.
  for (const [x, y] of fit.projection.upright ? standing : []) {
    const foot = cellToScreen(fit, boardWidth, boardHeight, x, y);
    const half = (STANDING_WIDTH / 2) * fit.zoom;
    const inside = Math.abs(sx - foot.x) <= half && sy <= foot.y && sy >= foot.y - STANDING_HEIGHT * fit.zoom;
    if (inside && (!best || x + y > best[0] + best[1])) best = [x, y];
  }
  return best;
}

/** Screen size of an upright sprite, in cells: as wide as a cell, and square on screen. */
const STANDING_WIDTH = 1;
const STANDING_HEIGHT = 1;

function cellAtPlane(
  fit: CameraFit,
  boardWidth: number,
  boardHeight: number,
  sx: number,
  sy: number,
  planeY: number,
): [number, number] | null {
  const p = screenToPlane(fit, sx, sy, planeY);
  const x = Math.floor(p[0] + boardWidth / 2);
  const y = Math.floor(p[2] + boardHeight / 2);
  if (x < 0 || y < 0 || x >= boardWidth || y >= boardHeight) return null;
  return [x, y];
}
