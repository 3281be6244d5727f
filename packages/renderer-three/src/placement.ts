import type { Pose } from "@gridponder/view";
import { ISOMETRIC, type Projection } from "./iso.js";
import type { PartSpec } from "./parts.js";

/** How far labels are pulled towards the camera: in an orthographic view that moves them in depth only,
 * so a label over a block is not swallowed by the block's own faces. */
export const LABEL_LIFT = 0.65;

/** Yaw (radians) for a facing: figures' noses point down the board (+y) at yaw 0. */
export function facingYaw(facing: string | null | undefined): number {
  switch (facing) {
    case "right":
      return Math.PI / 2;
    case "up":
      return Math.PI;
    case "left":
      return -Math.PI / 2;
    case "down_right":
      return Math.PI / 4;
    case "up_right":
      return (3 * Math.PI) / 4;
    case "up_left":
      return (-3 * Math.PI) / 4;
    case "down_left":
      return -Math.PI / 4;
    default:
      return 0;
  }
}

/**
 * Writes the column-major world matrix of a part for a pose into `out` (16 numbers).
 * The pose is in cells (`x`, `y` the anchor cell, `z` a lift); `turn` quarter turns are clockwise on
 * the board, rotating both the part and its offset from the anchor. `yaw` adds a facing. Labels and
 * upright sprites face the camera of `projection`.
 */
export function partMatrix(
  out: Float32Array | number[],
  part: PartSpec,
  pose: Pose,
  boardWidth: number,
  boardHeight: number,
  yaw = 0,
  projection: Projection = ISOMETRIC,
): void {
  const phi = (pose.turn * Math.PI) / 2;
  const cosP = Math.cos(phi);
  const sinP = Math.sin(phi);
  const ox = part.ox * cosP - part.oy * sinP;
  const oy = part.ox * sinP + part.oy * cosP;
  const s = pose.scale;
  let px = pose.x + 0.5 + ox - boardWidth / 2;
  let py = part.y * s + pose.z;
  let pz = pose.y + 0.5 + oy - boardHeight / 2;
  const sx = part.sx * s;
  const sy = part.sy * s * pose.squash;
  const sz = part.sz * s;

  const { toCamera, screenRight, screenUp } = projection;
  if (part.mode === "billboard") {
    px += toCamera[0] * LABEL_LIFT;
    py += toCamera[1] * LABEL_LIFT;
    pz += toCamera[2] * LABEL_LIFT;
    setColumns(out, screenRight, sx, screenUp, sy, toCamera, 1, px, py, pz);
    return;
  }
  if (part.mode === "standing" && !projection.upright) {
    // Seen from above, an upright sprite lies face up, centred on its cell and square on screen
    // (its height was stretched for the isometric tilt); what floats above a piece sits up-screen of it.
    const height = sx;
    const shift = -height / 2 + (part.y > 0 ? 0.3 : 0);
    px += screenUp[0] * shift;
    pz += screenUp[2] * shift;
    setColumns(out, screenRight, sx, screenUp, height, toCamera, 1, px, py + 0.02, pz);
    return;
  }
  // Board-clockwise is a negative turn about +Y (X towards +Z).
  const theta = part.mode === "standing" ? projection.spriteYaw : part.spins ? -phi + yaw : 0;
  const c = Math.cos(theta);
  const n = Math.sin(theta);
  setColumns(out, [c, 0, -n], sx, [0, 1, 0], sy, [n, 0, c], sz, px, py, pz);
}

function setColumns(
  out: Float32Array | number[],
  a: readonly number[],
  ka: number,
  b: readonly number[],
  kb: number,
  c: readonly number[],
  kc: number,
  px: number,
  py: number,
  pz: number,
): void {
  out[0] = (a[0] ?? 0) * ka;
  out[1] = (a[1] ?? 0) * ka;
  out[2] = (a[2] ?? 0) * ka;
  out[3] = 0;
  out[4] = (b[0] ?? 0) * kb;
  out[5] = (b[1] ?? 0) * kb;
  out[6] = (b[2] ?? 0) * kb;
  out[7] = 0;
  out[8] = (c[0] ?? 0) * kc;
  out[9] = (c[1] ?? 0) * kc;
  out[10] = (c[2] ?? 0) * kc;
  out[11] = 0;
  out[12] = px;
  out[13] = py;
  out[14] = pz;
  out[15] = 1;
}

/** The resting pose of a piece at its cell. */
export function restPose(x: number, y: number): Pose {
  return { x, y, z: 0, scale: 1, squash: 1, opacity: 1, turn: 0 };
}
