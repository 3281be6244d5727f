import type { ActionId, EntityKindId, LayerId, Name } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `flood_fill`. */
export interface FloodFillConfig {
  /**
   * The action that performs the fill. A game can declare several flood systems, each bound to its
   * own action (one per colour, say).
   * @default "flood"
   */
  floodAction?: ActionId;
  /**
   * Where the fill starts. `avatar`: the avatar's cell. `overlay_center`: the centre of the
   * overlay. `all_of_kind`: every cell holding `sourceKind`, so the filled area grows outward from
   * all of them at once.
   * @default "avatar"
   */
  sourcePosition?: "avatar" | "overlay_center" | "all_of_kind";
  /**
   * The kind whose cells seed the fill when `sourcePosition` is `all_of_kind`.
   * @default "cell_flooded"
   */
  sourceKind?: EntityKindId;
  /**
   * The layer that is filled.
   * @default "objects"
   */
  affectedLayer?: LayerId;
  /**
   * Which neighbours join the filled area (cells connect orthogonally). `color`: entities with the
   * same `color` param, which then advance one step along `colorCycle`. `kind`: entities of the
   * same kind (or, with `all_of_kind`, of a kind listed in `kindTransform`), which are then
   * changed by `kindTransform`.
   * @default "color"
   */
  matchBy?: "color" | "kind";
  /**
   * The colour order used with `matchBy: "color"`: a filled cell takes the colour after its
   * current one, wrapping round at the end.
   * @default ["red","blue","green","yellow","purple","orange"]
   */
  colorCycle?: Name[];
  /**
   * With `matchBy: "kind"`, the kind each filled cell's kind turns into.
   * @default {}
   */
  kindTransform?: { [fromKind: EntityKindId]: EntityKindId };
}

/**
 * Flood fill (action phase): from a start cell, every orthogonally connected cell that matches is
 * recoloured or transformed. Emits `cells_flooded`.
 * @gpPhases ["action"]
 * @gpEmits ["cells_flooded", "action_vetoed"]
 */
export interface FloodFillSystem extends SystemEntryBase {
  /** Selects the flood-fill system. */
  type: "flood_fill";
  /** Where the fill starts, what it spreads over and what it changes. */
  config: FloodFillConfig;
}
