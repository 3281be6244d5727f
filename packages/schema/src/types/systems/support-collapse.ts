import type { ActionId, CardinalDirection, EntityKindId, LayerId, TagName, VariableName } from "../common.js";
import type { SystemEntryBase, TriggerEventType } from "./base.js";

/** Settings of `support_collapse`. */
export interface SupportCollapseConfig {
  /**
   * The layer that holds the structure.
   * @default "ground"
   */
  layer?: LayerId;
  /**
   * The action that cuts away a structure cell next to the avatar, named by a `position` (an
   * orthogonal neighbour) or a `direction` param. Leave out when only rules or other systems
   * remove cells.
   */
  severAction?: ActionId;
  /**
   * The sever action only removes cells with one of these tags; anything else vetoes the action.
   * @default ["severable"]
   */
  severableTags?: TagName[];
  /**
   * Cells with these tags are always held up; support spreads from them.
   * @default ["support_root"]
   */
  rootTags?: TagName[];
  /**
   * Cells with these tags form the structure. Member cells cut off from every root fall.
   * @default ["supported"]
   */
  memberTags?: TagName[];
  /**
   * How cells connect. `orthogonal`: by shared edges. `diagonal`: also by shared corners.
   * @default "orthogonal"
   */
  connectivity?: "orthogonal" | "diagonal";
  /**
   * The direction unsupported pieces fall.
   * @default "down"
   */
  direction?: CardinalDirection;
  /** The layers checked for what a falling piece lands on. Defaults to `[layer]`. */
  restLayers?: LayerId[];
  /**
   * Entities on `restLayers` with one of these tags stop a falling piece. The board edge does not:
   * a piece that falls off entirely is gone.
   * @default ["solid"]
   */
  restTags?: TagName[];
  /**
   * Kind → kind changes applied to each cell of a piece once it has landed (say, a hull becoming a
   * wreck).
   * @default {}
   */
  settleTransform?: { [fromKind: EntityKindId]: EntityKindId };
  /**
   * Tag → sideways direction: a falling piece stopped only by cells with these tags (all mapping to
   * one direction) shifts one cell that way and keeps falling, like on a ramp. It may deflect once
   * per lane. Empty turns deflection off.
   * @default {}
   */
  deflect?: { [tag: TagName]: CardinalDirection };
  /**
   * Whether the avatar rides down on the piece it stands on.
   * @default true
   */
  carryAvatar?: boolean;
  /**
   * A variable increased each time the avatar rides a falling piece down, for use in a
   * `variable_threshold` lose condition. Leave out to count nothing.
   */
  avatarFellVariable?: VariableName;
  /**
   * Events that make the system recheck support during the cascade, for cells removed by rules or
   * other systems. Empty means support is only rechecked after the sever action.
   * @default []
   */
  triggerEvents?: TriggerEventType[];
}

/**
 * Gravity for structures held up by anchor cells (action and cascade phases). When a cell is
 * removed, each connected group of structure cells that no longer reaches a root falls as a rigid
 * piece, keeping its shape. Emits `cell_cleared`, `object_settled`, `variable_changed` and
 * `action_vetoed`.
 * @gpPhases ["action", "cascade"]
 * @gpEmits ["cell_cleared", "object_settled", "variable_changed", "action_vetoed"]
 */
export interface SupportCollapseSystem extends SystemEntryBase {
  /** Selects the support-collapse system. */
  type: "support_collapse";
  /** What the structure is, how it is cut, and how pieces fall. */
  config: SupportCollapseConfig;
}
