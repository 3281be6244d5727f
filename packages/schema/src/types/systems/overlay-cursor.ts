import type { ActionId, Size } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `overlay_cursor`. */
export interface OverlayCursorConfig {
  /**
   * Width and height of the overlay rectangle in cells.
   * @default [2,2]
   */
  size?: Size;
  /**
   * The directional action that shifts the overlay by one cell.
   * @default "move"
   */
  moveAction?: ActionId;
  /**
   * Whether the overlay follows the avatar instead of moving on its own. The avatar then sits at
   * the overlay's top-left cell for an even size, or at its centre for an odd one.
   * @default false
   */
  anchorToAvatar?: boolean;
  /**
   * Whether the overlay is kept entirely inside the board.
   * @default true
   */
  boundsConstrained?: boolean;
}

/**
 * Keeps a movable rectangular selection on the board (action phase) for `region_transform` to act
 * on. Its starting place comes from the level's `state.overlay`. Emits `overlay_moved`.
 * @gpPhases ["action"]
 * @gpEmits ["overlay_moved"]
 */
export interface OverlayCursorSystem extends SystemEntryBase {
  /** Selects the overlay system. */
  type: "overlay_cursor";
  /** The overlay's size and how it moves. */
  config: OverlayCursorConfig;
}
