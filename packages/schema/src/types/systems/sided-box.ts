import type { ActionId, TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";
import type { ToolInteraction } from "./push-objects.js";

/** Settings of `sided_box`. */
export interface SidedBoxConfig {
  /**
   * The directional action that moves the avatar.
   * @default "move"
   */
  moveAction?: ActionId;
  /**
   * Entities with this tag are sided boxes.
   * @default "sided"
   */
  sidedTag?: TagName;
  /**
   * The name of the integer param holding a box's walls as a bit mask: up 1, right 2, down 4,
   * left 8.
   * @default "sides"
   * @maxLength 64
   */
  sidesParam?: string;
  /**
   * A box can only be pushed onto ground with one of these tags.
   * @default ["walkable"]
   */
  validGroundTags?: TagName[];
  /**
   * Item-based ways through non-sided solid obstacles, the same as in `push_objects`.
   * @default []
   */
  toolInteractions?: ToolInteraction[];
}

/**
 * Boxes with individual walls (action phase); it moves the avatar itself. Standing in a box whose
 * wall faces the move carries the box along; walking into a box from the side where it has a wall
 * pushes it. Two boxes that meet without clashing walls merge into one with the walls of both.
 * Emits `object_pushed`, `object_placed`, `boxes_merged`, `object_removed`, `cell_cleared` and
 * the avatar's movement events.
 * @gpPhases ["action"]
 * @gpEmits ["avatar_exited", "avatar_entered", "object_pushed", "object_placed", "boxes_merged", "object_removed", "cell_cleared"]
 */
export interface SidedBoxSystem extends SystemEntryBase {
  /** Selects the sided-box system. */
  type: "sided_box";
  /** Which entities are sided boxes and how they are read. */
  config: SidedBoxConfig;
}
