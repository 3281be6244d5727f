import type { EntityKindId, TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/**
 * A way for the avatar to clear an obstacle with a held item instead of pushing it, for example
 * burning a bush with a torch. When the avatar carries `item` and walks into an entity tagged
 * `targetTag`, that entity is removed and the avatar moves into its cell.
 */
export interface ToolInteraction {
  /** The item kind the avatar must be holding. */
  item: EntityKindId;
  /** The tag an entity must carry to be cleared with this item. */
  targetTag: TagName;
  /**
   * Whether the item is used up (removed from the avatar) when it clears the entity.
   * @default false
   */
  consumeItem?: boolean;
  /**
   * The name of an animation declared on the cleared entity's kind, played before it disappears.
   * Without it the entity is removed at once.
   * @maxLength 64
   */
  animation?: string;
}

/** Settings of `push_objects`. */
export interface PushObjectsConfig {
  /**
   * Entities with any of these tags can be pushed by walking into them.
   * @default ["pushable"]
   */
  pushableTags?: TagName[];
  /**
   * A pushed object may only land on a cell whose ground has one of these tags (and which holds no
   * other object).
   * @default ["walkable"]
   */
  validTargetTags?: TagName[];
  /**
   * Whether pushing an object into another pushable object shoves the whole row along. When
   * false, a second object behind the first stops the push.
   * @default false
   */
  chainPush?: boolean;
  /**
   * Item-based ways through obstacles, tried in order before any push. The first one that matches
   * wins; they work on any solid entity, pushable or not.
   * @default []
   */
  toolInteractions?: ToolInteraction[];
}

/**
 * Lets the avatar shove pushable objects one cell ahead of it (movement phase), or clear obstacles
 * with a held item. Pair it with `avatar_navigation` set to `solidHandling: "delegate"`. Emits
 * `object_pushed`, `object_placed` and the avatar's movement events.
 * @gpPhases ["movement"]
 * @gpEmits ["object_pushed", "object_placed", "object_removed", "cell_cleared", "avatar_exited", "avatar_entered"]
 */
export interface PushObjectsSystem extends SystemEntryBase {
  /** Selects the pushing system. */
  type: "push_objects";
  /** What can be pushed and where it may go. */
  config: PushObjectsConfig;
}
