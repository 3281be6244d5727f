import type { TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `ice_slide`. */
export interface IceSlideConfig {
  /**
   * Ground with this tag is ice: the avatar, or an object pushed onto it, keeps sliding.
   * @default "slippery"
   */
  slipperyTag?: TagName;
}

/**
 * Ice (cascade phase). An avatar that steps onto slippery ground keeps moving the same way, one
 * cell per cascade pass, for as long as it stands on ice and the next cell has `walkable` ground
 * and no solid object (a pushable one in the way is shoved on, as `push_objects` would). An object
 * pushed onto ice slides on the same way. Arrivals without a direction, such as anchor teleports,
 * never slide. Since each pass moves one cell, the game's `maxCascadeDepth` must cover the longest
 * slide.
 * @gpPhases ["cascade"]
 * @gpEmits ["avatar_exited", "avatar_entered", "object_pushed", "object_placed", "cell_cleared"]
 */
export interface IceSlideSystem extends SystemEntryBase {
  /** Selects the ice system. */
  type: "ice_slide";
  /** Which ground is slippery. */
  config: IceSlideConfig;
}
