/**
 * How a board is seen, and which way each board direction points on screen then: what players, pads
 * and help texts need to show directions as the player sees them. Renderers draw the same views (the
 * three.js one with the cameras these tables describe; a test holds the two together).
 * @module
 */
import type { Direction } from "@gridponder/schema";

/**
 * `isometric`: from the board's bottom-right corner, row 0 at the far side, so board up points up-right
 * on screen. `top-down`: from straight above, row 0 at the top, board and screen directions alike.
 */
export type BoardView = "isometric" | "top-down";

export const BOARD_VIEWS: readonly BoardView[] = ["isometric", "top-down"];

/** Where each board direction points on screen in the isometric view: a quarter turn of 45° clockwise. */
const ISOMETRIC_SCREEN: Readonly<Record<Direction, Direction>> = {
  up: "up_right",
  up_right: "right",
  right: "down_right",
  down_right: "down",
  down: "down_left",
  down_left: "left",
  left: "up_left",
  up_left: "up",
};

/** The screen direction (in screen words: `up` is towards the top of the screen) a board direction shows as. */
export function screenDirection(view: BoardView, direction: Direction): Direction {
  return view === "isometric" ? ISOMETRIC_SCREEN[direction] : direction;
}

/** The board direction that shows as `screen` on screen: the inverse of {@link screenDirection}. */
export function boardDirection(view: BoardView, screen: Direction): Direction {
  if (view !== "isometric") return screen;
  for (const [board, shown] of Object.entries(ISOMETRIC_SCREEN))
    if (shown === screen) return board as Direction;
  return screen;
}

/** An arrow pointing each way, as screens and key help draw directions. */
export const DIRECTION_GLYPHS: Readonly<Record<Direction, string>> = {
  up: "↑",
  down: "↓",
  left: "←",
  right: "→",
  up_left: "↖",
  up_right: "↗",
  down_left: "↙",
  down_right: "↘",
};

/** Whether a value is a board view (for one read back from storage or an attribute). */
export function isBoardView(value: unknown): value is BoardView {
  return value === "isometric" || value === "top-down";
}
