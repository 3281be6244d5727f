import type { Pos } from "../contract/model.js";

const UP: Pos = Object.freeze([0, -1] as const);
const DOWN: Pos = Object.freeze([0, 1] as const);
const LEFT: Pos = Object.freeze([-1, 0] as const);
const RIGHT: Pos = Object.freeze([1, 0] as const);
const UP_LEFT: Pos = Object.freeze([-1, -1] as const);
const UP_RIGHT: Pos = Object.freeze([1, -1] as const);
const DOWN_LEFT: Pos = Object.freeze([-1, 1] as const);
const DOWN_RIGHT: Pos = Object.freeze([1, 1] as const);

/** The eight directions and their unit steps (y grows downwards). */
export const DIRECTION_DELTAS: Readonly<Record<string, Pos>> = {
  up: UP,
  down: DOWN,
  left: LEFT,
  right: RIGHT,
  up_left: UP_LEFT,
  up_right: UP_RIGHT,
  down_left: DOWN_LEFT,
  down_right: DOWN_RIGHT,
};

/**
 * A direction's unit step (as {@link DIRECTION_DELTAS}), or `undefined` for a name that is not one.
 * A switch rather than a lookup by name: moves read it on every turn, and an object read by a
 * computed key is a call into the engine's lookup code.
 */
export function directionDelta(direction: unknown): Pos | undefined {
  switch (direction) {
    case "up":
      return UP;
    case "down":
      return DOWN;
    case "left":
      return LEFT;
    case "right":
      return RIGHT;
    case "up_left":
      return UP_LEFT;
    case "up_right":
      return UP_RIGHT;
    case "down_left":
      return DOWN_LEFT;
    case "down_right":
      return DOWN_RIGHT;
    default:
      return undefined;
  }
}

/** The direction pointing the other way. */
export const OPPOSITE: Readonly<Record<string, string>> = {
  up: "down",
  down: "up",
  left: "right",
  right: "left",
  up_left: "down_right",
  up_right: "down_left",
  down_left: "up_right",
  down_right: "up_left",
};

/**
 * Whether a value is an `[x, y]` pair of integers.
 * Exported for the view; not part of the public API.
 * @internal
 */
export function isPos(value: unknown): value is Pos {
  return (
    Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && Number.isInteger(value[1])
  );
}
