import type { EntityKindId, LayerId, TagName } from "../common.js";
import type { SystemEntryBase, TriggerEventType } from "./base.js";
import type { MultiCellRole } from "./sliding-blocks.js";

/** Settings of `line_of_sight`. */
export interface LineOfSightConfig {
  /**
   * The system only looks during a cascade pass that has a pending event of one of these types.
   * @default ["multi_cell_object_moved"]
   */
  triggerEvents?: TriggerEventType[];
  /**
   * The ordinary layer the sources are taken from. Leave out to use the level's multi-cell objects
   * as sources.
   */
  sourceLayer?: LayerId;
  /**
   * If not empty, only sources of these kinds look.
   * @default []
   */
  sourceKinds?: EntityKindId[];
  /**
   * If not empty, only sources with one of these tags look.
   * @default []
   */
  sourceTags?: TagName[];
  /**
   * If not empty, only multi-cell objects with one of these roles look. Ignored when `sourceLayer`
   * is set.
   * @default []
   */
  sourceRoles?: MultiCellRole[];
  /**
   * The layer holding the things to be seen.
   * @default "objects"
   */
  targetLayer?: LayerId;
  /**
   * If not empty, only targets of these kinds can be seen.
   * @default []
   */
  targetKinds?: EntityKindId[];
  /**
   * If not empty, only targets with one of these tags can be seen.
   * @default []
   */
  targetTags?: TagName[];
  /**
   * The layers checked for obstacles between a source and a target.
   * @default ["objects"]
   */
  blockingLayers?: LayerId[];
  /**
   * Entities with one of these tags on `blockingLayers` block sight. An empty list means any
   * entity there blocks. Void always blocks.
   * @default ["solid"]
   */
  blockingTags?: TagName[];
  /**
   * Whether other multi-cell objects block sight, and hide a target they cover.
   * @default true
   */
  multiCellObjectsBlock?: boolean;
  /**
   * The most detections reported per cascade pass. Zero or less means no limit.
   * @default 1
   * @asType integer
   */
  maxMatches?: number;
}

/**
 * Reports when a source and a target share a row or column with nothing in between (cascade
 * phase). It only emits `line_of_sight_detected` and changes nothing itself; rules decide what a
 * sighting does.
 * @gpPhases ["cascade"]
 * @gpEmits ["line_of_sight_detected"]
 */
export interface LineOfSightSystem extends SystemEntryBase {
  /** Selects the line-of-sight detector. */
  type: "line_of_sight";
  /** What looks, what can be seen, and what blocks the view. */
  config: LineOfSightConfig;
}
