import type { ActionId, LayerId, TagName, VariableName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/**
 * The semantic role of a multi-cell object, as given by its `params.role` in the level (for
 * example `hero` or `observer`). Roles are free-form; systems select objects by them.
 * @maxLength 64
 */
export type MultiCellRole = string;

/** Settings of `sliding_blocks`. */
export interface SlidingBlocksConfig {
  /**
   * The action that slides a block. It carries the `position` of a cell of the block and the
   * `direction` to slide it.
   * @default "move"
   */
  moveAction?: ActionId;
  /**
   * The layer whose entities decide which cells a block may enter and where the exits are.
   * @default "ground"
   */
  groundLayer?: LayerId;
  /**
   * Every on-board cell a block moves into must have ground with one of these tags.
   * @default ["walkable"]
   */
  validGroundTags?: TagName[];
  /**
   * Ordinary layers whose entities can stand in a block's way.
   * @default ["objects"]
   */
  blockingLayers?: LayerId[];
  /**
   * Entities on `blockingLayers` with one of these tags block a block. An empty list means any
   * entity there blocks.
   * @default ["solid"]
   */
  blockingTags?: TagName[];
  /**
   * Tags of blocking entities that a block may slide over and cover (say, a hatch or a pressure
   * plate that stays in place underneath), unless the block's role is in `coverableBlockedRoles`.
   * @default []
   */
  coverableTags?: TagName[];
  /**
   * Roles for which `coverableTags` entities still block, so that scenery may cover a cell that a
   * protected piece may not enter.
   * @default []
   */
  coverableBlockedRoles?: MultiCellRole[];
  /**
   * Roles of the blocks that may slide off the board through an exit. Blocks of any other role
   * treat the board edge as a wall.
   * @default []
   */
  escapeRoles?: MultiCellRole[];
  /**
   * Ground tags that mark an exit: an escaping block leaves the board only if its leading edge is
   * on ground with one of these tags.
   * @default ["exit"]
   */
  exitTags?: TagName[];
  /**
   * The variable the system adds one to each time a block leaves the board; a
   * `variable_threshold` goal on it makes an escape puzzle.
   * @default "escapedCount"
   */
  escapedVariable?: VariableName;
}

/**
 * Slides rigid multi-cell objects one cell at a time by direct manipulation (action phase): the
 * move action names a cell of the block and a direction. A block's `axis` param (`horizontal`,
 * `vertical` or `both`; anything else pins it) limits its directions. Blocked slides are rejected
 * and change nothing. Emits `multi_cell_object_moved`, and `multi_cell_object_exited` plus
 * `variable_changed` when a block escapes.
 * @gpPhases ["action"]
 * @gpEmits ["multi_cell_object_moved", "multi_cell_object_exited", "variable_changed", "action_vetoed"]
 */
export interface SlidingBlocksSystem extends SystemEntryBase {
  /** Selects the sliding-block system. */
  type: "sliding_blocks";
  /** What blocks a slide and how blocks escape. */
  config: SlidingBlocksConfig;
}
