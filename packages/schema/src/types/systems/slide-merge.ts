import type { ActionId, LayerId, TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `slide_merge`. */
export interface SlideMergeConfig {
  /**
   * Entities with any of these tags slide and can merge.
   * @default ["mergeable"]
   */
  mergeableTags?: TagName[];
  /**
   * The directional action that slides every tile.
   * @default "move"
   */
  mergeAction?: ActionId;
  /**
   * Which tiles combine when one slides into another. `equal_value`: only tiles whose `value`
   * params are equal (2048-style). `same_kind`: any two tiles of the same entity kind, whatever
   * their values.
   * @default "equal_value"
   */
  mergePredicate?: "equal_value" | "same_kind";
  /**
   * The `value` of the merged tile: `sum` adds the two values, `double` takes twice a tile's value.
   * The two agree whenever the merged values are equal.
   * @default "sum"
   */
  mergeResult?: "sum" | "double";
  /**
   * How many times one tile may take part in a merge during a single slide.
   * @default 1
   * @asType integer
   * @minimum 0
   */
  mergeLimit?: number;
  /**
   * Entities with any of these tags stop sliding tiles, like the board edge and void do.
   * @default ["solid"]
   */
  blockerTags?: TagName[];
  /**
   * Whether tiles that slide off one edge come back in at the opposite edge.
   * @default false
   */
  wrapAround?: boolean;
  /**
   * Read by no engine: the sliding action is `mergeAction`. Packs written for an earlier catalog
   * set it (with the same value as `mergeAction`), so it is accepted, and the validator warns that
   * it has no effect.
   * @deprecated
   * @deprecationMessage slide_merge ignores slideAction; the sliding action is mergeAction.
   */
  slideAction?: ActionId;
  /**
   * Read by no engine: tiles slide on whichever layer holds them. Accepted for packs written for an
   * earlier catalog, with a warning.
   * @deprecated
   * @deprecationMessage slide_merge ignores affectedLayer; tiles slide on the layer that holds them.
   */
  affectedLayer?: LayerId;
  /**
   * Read by no engine: the tiles that slide are those with a tag in `mergeableTags`. Accepted for
   * packs written for an earlier catalog, with a warning.
   * @deprecated
   * @deprecationMessage slide_merge ignores affectedTag; the tiles that slide are those tagged with one of mergeableTags.
   */
  affectedTag?: TagName;
}

/**
 * 2048-style sliding (action phase): every mergeable tile slides as far as it can in the action's
 * direction, and tiles that meet a matching tile merge into one. Emits `tiles_slid`,
 * `tiles_merged` and `cell_cleared`.
 * @gpPhases ["action"]
 * @gpEmits ["tiles_slid", "tiles_merged", "cell_cleared", "tile_moved"]
 */
export interface SlideMergeSystem extends SystemEntryBase {
  /** Selects the slide-and-merge system. */
  type: "slide_merge";
  /** Which tiles slide and how they merge. */
  config: SlideMergeConfig;
}
