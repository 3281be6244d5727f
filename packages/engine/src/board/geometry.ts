import type { Pos } from "../contract/model.js";

/**
 * The unit steps the engine computes with: plain arrays, not frozen. In optimized code V8 (12.x) reads
 * an element of a frozen (or sealed) array through its generic lookup, about ten times slower than one
 * of a plain array, and every move reads its step. They never leave the engine: what it hands out
 * (`DIRECTION_DELTAS`, `directionDelta`) are the frozen twins below.
 */
const STEP_UP: Pos = [0, -1];
const STEP_DOWN: Pos = [0, 1];
const STEP_LEFT: Pos = [-1, 0];
const STEP_RIGHT: Pos = [1, 0];
const STEP_UP_LEFT: Pos = [-1, -1];
const STEP_UP_RIGHT: Pos = [1, -1];
const STEP_DOWN_LEFT: Pos = [-1, 1];
const STEP_DOWN_RIGHT: Pos = [1, 1];

/** A frozen copy of a step, to hand out. */
const handedOut = (step: Pos): Pos => Object.freeze([step[0], step[1]] as const);

/** The eight directions and their unit steps (y grows downwards). */
export const DIRECTION_DELTAS: Readonly<Record<string, Pos>> = Object.freeze({
  up: handedOut(STEP_UP),
  down: handedOut(STEP_DOWN),
  left: handedOut(STEP_LEFT),
  right: handedOut(STEP_RIGHT),
  up_left: handedOut(STEP_UP_LEFT),
  up_right: handedOut(STEP_UP_RIGHT),
  down_left: handedOut(STEP_DOWN_LEFT),
  down_right: handedOut(STEP_DOWN_RIGHT),
});

/**
 * A direction's unit step (as {@link DIRECTION_DELTAS}, frozen), or `undefined` for a name that is not
 * one.
 */
export function directionDelta(direction: unknown): Pos | undefined {
  return typeof direction === "string" && Object.hasOwn(DIRECTION_DELTAS, direction)
    ? DIRECTION_DELTAS[direction]
    : undefined;
}

/**
 * A direction's unit step for the engine's own arithmetic, or `undefined` for a name that is not one:
 * the same values as {@link directionDelta}, as arrays that must not be changed or handed out (see
 * `STEP_UP`). A switch rather than a lookup by name: moves read it on every turn, and an object read by
 * a computed key is a call into the engine's lookup code.
 */
export function stepOf(direction: unknown): Pos | undefined {
  switch (direction) {
    case "up":
      return STEP_UP;
    case "down":
      return STEP_DOWN;
    case "left":
      return STEP_LEFT;
    case "right":
      return STEP_RIGHT;
    case "up_left":
      return STEP_UP_LEFT;
    case "up_right":
      return STEP_UP_RIGHT;
    case "down_left":
      return STEP_DOWN_LEFT;
    case "down_right":
      return STEP_DOWN_RIGHT;
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
