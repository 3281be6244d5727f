import type { LayerId } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `tile_teleport`. */
export interface TileTeleportConfig {
  /**
   * The layer whose entities are carried between paired teleport tiles.
   * @default "objects"
   */
  layer?: LayerId;
}

/**
 * Teleport tiles (NPC phase). Ground cells tagged `teleport` are paired by their `channel` param;
 * only channels with exactly two such cells count. At the end of each turn, an entity on `layer`
 * sitting on one end of a pair moves to the other end if that end is empty. Emits `object_removed`
 * and `object_placed`.
 * @gpPhases ["npc"]
 * @gpEmits ["object_removed", "object_placed"]
 */
export interface TileTeleportSystem extends SystemEntryBase {
  /** Selects the teleport-tile system. */
  type: "tile_teleport";
  /** Which layer is teleported. */
  config: TileTeleportConfig;
}
