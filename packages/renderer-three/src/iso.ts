/**
 * The isometric camera as plain math, shared by the three.js camera, picking and swipe mapping so the
 * three always agree. World space: X along board x, Z along board y (rows grow towards the viewer),
 * Y up; one cell is one unit and the ground's top face is at Y = 0.
 *
 * The camera looks from the board's bottom-right corner (azimuth 45°) down 30°: the 2:1 "pixel-art
 * isometric" angle, where a cell's top face is a diamond twice as wide as it is tall. Row 0 is the
 * far side: board +x runs down-right on screen, board +y runs down-left.
 */

export type Vec3 = readonly [x: number, y: number, z: number];

const ELEVATION = Math.PI / 6;
export const AZIMUTH = Math.PI / 4;

/** Unit vector from the looked-at point towards the camera. */
export const TO_CAMERA: Vec3 = [
  Math.cos(ELEVATION) * Math.sin(AZIMUTH),
  Math.sin(ELEVATION),
  Math.cos(ELEVATION) * Math.cos(AZIMUTH),
];
/** Screen right, in world space. */
export const SCREEN_RIGHT: Vec3 = [Math.SQRT1_2, 0, -Math.SQRT1_2];
/** Screen up, in world space (tilted away from the viewer). */
export const SCREEN_UP: Vec3 = [
  -Math.sin(ELEVATION) * Math.SQRT1_2,
  Math.cos(ELEVATION),
  -Math.sin(ELEVATION) * Math.SQRT1_2,
];

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
  readonly zoom: number;
  /** Camera-plane coordinates (along SCREEN_RIGHT, SCREEN_UP) of the viewport centre. */
  readonly u0: number;
  readonly v0: number;
  readonly viewWidth: number;
  readonly viewHeight: number;
}

export interface FitOptions {
  /** Free space kept at each side, in CSS px. */
  readonly marginPx?: number;
  /** Device pixels per CSS px; with it the zoom is rounded down to whole device pixels per unit. */
  readonly pixelRatio?: number;
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
  const vw = Math.max(1, viewWidth);
  const vh = Math.max(1, viewHeight);
  const margin = options.marginPx ?? Math.min(16, Math.round(Math.min(vw, vh) * 0.04));
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
        const u = dot(p, SCREEN_RIGHT);
        const v = dot(p, SCREEN_UP);
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
  return { zoom, u0: (uMin + uMax) / 2, v0: (vMin + vMax) / 2, viewWidth: vw, viewHeight: vh };
}

/** CSS px (relative to the viewport's top-left) of a world point. */
export function worldToScreen(fit: CameraFit, p: Vec3): { x: number; y: number } {
  return {
    x: fit.viewWidth / 2 + (dot(p, SCREEN_RIGHT) - fit.u0) * fit.zoom,
    y: fit.viewHeight / 2 - (dot(p, SCREEN_UP) - fit.v0) * fit.zoom,
  };
}

/** Where the view ray through a screen point meets the horizontal plane at height `planeY`. */
export function screenToPlane(fit: CameraFit, sx: number, sy: number, planeY = 0): Vec3 {
  const u = fit.u0 + (sx - fit.viewWidth / 2) / fit.zoom;
  const v = fit.v0 - (sy - fit.viewHeight / 2) / fit.zoom;
  const o: Vec3 = [
    u * SCREEN_RIGHT[0] + v * SCREEN_UP[0],
    u * SCREEN_RIGHT[1] + v * SCREEN_UP[1],
    u * SCREEN_RIGHT[2] + v * SCREEN_UP[2],
  ];
  // The ray runs away from the camera: direction -TO_CAMERA.
  const t = (o[1] - planeY) / TO_CAMERA[1];
  return [o[0] - t * TO_CAMERA[0], planeY, o[2] - t * TO_CAMERA[2]];
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
  for (const [x, y] of standing) {
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
