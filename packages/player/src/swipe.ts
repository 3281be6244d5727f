import type { Direction } from "@gridponder/schema";

/** Shortest drag, in CSS px, that counts as a swipe rather than a tap. */
export const SWIPE_MIN_PX = 24;

/**
 * The direction of a drag by `(dx, dy)` (screen y grows downwards): cardinal by the larger axis, or, when
 * diagonals are allowed, one of eight 45° sectors. `null` for a drag too short to be a swipe.
 */
export function swipeDirection(dx: number, dy: number, diagonals: boolean): Direction | null {
  if (Math.hypot(dx, dy) < SWIPE_MIN_PX) return null;
  if (diagonals) {
    const sector = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
    const bySector: Record<number, Direction> = {
      0: "right",
      1: "down_right",
      2: "down",
      3: "down_left",
      4: "left",
      [-4]: "left",
      [-3]: "up_left",
      [-2]: "up",
      [-1]: "up_right",
    };
    return bySector[sector] ?? null;
  }
  if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? "right" : "left";
  return dy > 0 ? "down" : "up";
}
