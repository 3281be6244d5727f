import type { ActionId, Direction, LayerId, TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `avatar_navigation`. */
export interface AvatarNavigationConfig {
  /**
   * The directions the avatar may step in. A `move` in any other direction is rejected. Add
   * diagonals here to allow eight-way movement.
   * @default ["up","down","left","right"]
   */
  directions?: Direction[];
  /**
   * What a step into a cell holding a `solid` object does. `block`: the avatar stays where it is, and
   * the turn still counts (it is accepted, as a step off the board or into void is).
   * `delegate` leaves the step pending and emits `move_blocked`, so a later system (such as
   * `push_objects`) or a rule (`resolve_move`) can complete or refuse it.
   * @default "block"
   */
  solidHandling?: "block" | "delegate";
  /**
   * The action that makes the avatar step.
   * @default "move"
   */
  moveAction?: ActionId;
  /**
   * If not empty, the avatar may only step onto cells whose `groundLayer` entity has at least one
   * of these tags; this makes some non-void terrain unwalkable. Empty means only void and the board
   * edge stop the avatar.
   * @default []
   */
  validGroundTags?: TagName[];
  /**
   * The layer whose entities `validGroundTags` is checked against.
   * @default "ground"
   */
  groundLayer?: LayerId;
}

/**
 * Moves the single avatar one cell per move action (action phase), stopping at the board edge,
 * void and (depending on `solidHandling`) solid objects, and turns it to face the way it moved.
 * Emits `avatar_exited`, `avatar_entered` and `move_blocked`.
 * @gpPhases ["action"]
 * @gpEmits ["avatar_exited", "avatar_entered", "move_blocked"]
 */
export interface AvatarNavigationSystem extends SystemEntryBase {
  /** Selects the avatar movement system. */
  type: "avatar_navigation";
  /** How the avatar moves. */
  config: AvatarNavigationConfig;
}
