import type { TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `portals`. */
export interface PortalsConfig {
  /**
   * Entities with any of these tags act as portals.
   * @default ["teleport"]
   */
  teleportTags?: TagName[];
  /**
   * The name of the entity param that pairs portals: two portals with the same value of this
   * param (say `channel: "blue"`) lead to each other.
   * @default "channel"
   * @maxLength 64
   */
  matchKey?: string;
  /**
   * Whether arriving through a portal ends the step. When false the avatar keeps going in the
   * direction it entered from the exit portal.
   * @default true
   */
  endMovement?: boolean;
  /**
   * Whether objects pushed onto a portal are carried through it too.
   * @default false
   */
  teleportObjects?: boolean;
}

/**
 * Moves the avatar (and optionally pushed objects) from a portal to its partner, matched by a
 * shared param value (movement phase); in the cascade it carries objects placed on a portal to the
 * partner.
 * @gpPhases ["movement", "cascade"]
 * @gpEmits ["avatar_exited", "avatar_entered", "object_removed", "object_placed"]
 */
export interface PortalsSystem extends SystemEntryBase {
  /** Selects the portal system. */
  type: "portals";
  /** How portals are recognised and paired. */
  config: PortalsConfig;
}
