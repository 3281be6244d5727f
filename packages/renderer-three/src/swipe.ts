import type { Gesture } from "@gridponder/view";
import { ISOMETRIC, type Projection } from "./iso.js";

export type Direction = Extract<Gesture, { type: "swipe" }>["direction"];

/**
 * Swipes are read in board space: the screen vector is carried back onto the ground plane through the
 * board's projection, so a swipe along a board axis as it appears on screen means that axis. Seen from
 * above, screen and board directions are the same; with the isometric camera of `iso.ts` they are: up-right on screen = `up`, down-right = `right`, down-left = `down`,
 * up-left = `left`; straight up on screen = `up_left`, straight right = `up_right`, and so on.
 *
 * With four directions each board direction owns the 90° around its axis, so the boundaries are the
 * screen's vertical and horizontal. With eight, each owns 45° around its axis in board space.
 */
export interface SwipeOptions {
  readonly diagonal: boolean;
  /** Shortest movement in CSS px that counts as a swipe (shorter ones are taps). */
  readonly minDistance: number;
  /** The isometric projection unless given. */
  readonly projection?: Projection;
}

/** Board vector (x right, y down) of a screen movement (`dy` down), in world units per CSS px. */
export function screenToBoardVector(
  dx: number,
  dy: number,
  projection: Projection = ISOMETRIC,
): [number, number] {
  // A ground vector (gx, gz) shows on screen as (dx, dy) = (gx*R0 + gz*R2, -(gx*U0 + gz*U2)); invert it.
  const { screenRight, screenUp } = projection;
  const a = screenRight[0];
  const b = screenRight[2];
  const c = -screenUp[0];
  const d = -screenUp[2];
  const det = a * d - b * c;
  return [(d * dx - b * dy) / det, (-c * dx + a * dy) / det];
}

const EIGHT: readonly Direction[] = [
  "right",
  "down_right",
  "down",
  "down_left",
  "left",
  "up_left",
  "up",
  "up_right",
];
const FOUR: readonly Direction[] = ["right", "down", "left", "up"];

/** The board direction of a screen movement, or null when it is too short to be a swipe. */
export function classifySwipe(dx: number, dy: number, options: SwipeOptions): Direction | null {
  if (Math.hypot(dx, dy) < options.minDistance) return null;
  const [bx, by] = screenToBoardVector(dx, dy, options.projection);
  const angle = Math.atan2(by, bx); // 0 = board right, +π/2 = board down
  const turn = (angle / (2 * Math.PI) + 1) % 1;
  if (options.diagonal) return EIGHT[Math.round(turn * 8) % 8] ?? null;
  return FOUR[Math.round(turn * 4) % 4] ?? null;
}

/** The swipe threshold for a viewport: a small fixed distance, a bit more on large screens. */
export function swipeThreshold(viewWidth: number, viewHeight: number): number {
  return Math.max(14, Math.min(40, Math.min(viewWidth, viewHeight) * 0.04));
}
