import type { ActionId, EntityKindId, LayerId, TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `anchor_point`. The marker kind, its layer and the action have no defaults. */
export interface AnchorPointConfig {
  /** The entity kind placed on the board as the anchor. */
  markerKind: EntityKindId;
  /** The layer the anchor is placed on; it must be one of the game's layers. */
  markerLayer: LayerId;
  /** The action that drops the anchor, or recalls the avatar to it when one is down. */
  action: ActionId;
  /**
   * If the anchor's cell holds an `objects` entity with one of these tags, the recall does
   * nothing and the anchor stays where it is.
   * @default ["solid"]
   */
  blockedByTags?: TagName[];
}

/**
 * A save-and-recall toggle (action phase). With no anchor on the board, the action drops one on the
 * avatar's cell. With one down, it removes the anchor and teleports the avatar there. The arrival
 * events carry no direction, so the teleport never starts an ice slide. Emits `avatar_exited` and
 * `avatar_entered` on recall.
 * @gpPhases ["action"]
 * @gpEmits ["avatar_exited", "avatar_entered"]
 */
export interface AnchorPointSystem extends SystemEntryBase {
  /** Selects the anchor system. */
  type: "anchor_point";
  /** The marker and the action that toggles it. */
  config: AnchorPointConfig;
}
