import type { ActionId, LayerId, SystemId } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** One transformation that `region_transform` offers, and the action that performs it. */
export interface RegionOperation {
  /**
   * What the operation does to the overlay region. `rotate` turns its contents a quarter turn
   * (the action's `rotation` param picks `clockwise` or `counterclockwise`). `flip` mirrors them
   * (the action's `axis` param picks `horizontal` or `vertical`). `diagonal_swap` exchanges two
   * opposite corner cells of a 2×2 overlay, chosen by the action's diagonal `direction`.
   */
  type: "rotate" | "flip" | "diagonal_swap";
  /** The action that triggers this operation. */
  action: ActionId;
}

/** Settings of `region_transform`. */
export interface RegionTransformConfig {
  /**
   * The id of the `overlay_cursor` system whose rectangle is transformed. May be left out when the
   * game has a single overlay.
   */
  overlaySystemId?: SystemId;
  /**
   * The layers whose contents move with the transformation; other layers stay put.
   * @default ["objects"]
   */
  affectedLayers?: LayerId[];
  /**
   * The operations on offer, keyed by a name of your choice.
   * @default {}
   */
  operations?: { [name: string]: RegionOperation };
  /**
   * When true, an operation whose region covers a void ground cell leaves the board as it is
   * (the action is still accepted and counted).
   * @default false
   */
  blockOnVoid?: boolean;
}

/**
 * Rotates, flips or diagonally swaps the cell contents inside the overlay of an `overlay_cursor`
 * system (action phase). Emits `region_transformed`.
 * @gpPhases ["action"]
 * @gpEmits ["region_transformed"]
 */
export interface RegionTransformSystem extends SystemEntryBase {
  /** Selects the region transformation system. */
  type: "region_transform";
  /** Which layers are transformed and by which actions. */
  config: RegionTransformConfig;
}
