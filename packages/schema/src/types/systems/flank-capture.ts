import type { CardinalDirection, EntityKindId, LayerId, TagName } from "../common.js";
import type { SystemEntryBase, TriggerEventType } from "./base.js";

/** Settings of `flank_capture`. `pairs` has no default. */
export interface FlankCaptureConfig {
  /**
   * The layer holding the pieces that can be flipped.
   * @default "pieces"
   */
  pieceLayer?: LayerId;
  /**
   * Aggressor kind → the victim kind, or a list of victim kinds, it captures. A straight run of a
   * victim kind closed at both ends by the aggressor becomes the aggressor. Listing both
   * directions (`{"a": "b", "b": "a"}`) also flips a mover back when it lands inside an enemy
   * bracket. Each victim kind is scanned separately, so a run mixing two victim kinds is safe.
   */
  pairs: { [aggressorKind: EntityKindId]: EntityKindId | EntityKindId[] };
  /**
   * The order in which the aggressors' passes run; defaults to the order of the `pairs` keys. When
   * two aggressors could flip the same cell, the earlier one wins.
   */
  order?: EntityKindId[];
  /**
   * The scan directions. `left` or `right` scans the row through the moved piece; `up` or `down`
   * scans its column.
   * @default ["up","down","left","right"]
   */
  directions?: CardinalDirection[];
  /**
   * Whether a wall can close a bracket in place of an aggressor piece. The board edge never can.
   * @default true
   */
  wallTerminates?: boolean;
  /**
   * The layer checked for walls.
   * @default "ground"
   */
  wallLayer?: LayerId;
  /**
   * The tag that makes a `wallLayer` entity a wall.
   * @default "solid"
   */
  wallTag?: TagName;
  /**
   * Aggressor kind → extra kinds on `pieceLayer` that close a bracket for that aggressor only,
   * giving one side terrain the other cannot use.
   * @default {}
   */
  terminalKinds?: { [aggressorKind: EntityKindId]: EntityKindId[] };
  /**
   * The events whose `position` (the mover's new cell) starts a capture check.
   * @default ["actor_moved"]
   */
  triggerEvents?: TriggerEventType[];
}

/**
 * Reversi-style capture (cascade phase). After a piece moves, every straight run of victim pieces
 * through or next to its cell that is bracketed by aggressor pieces (or walls) flips to the
 * aggressor's kind. All passes of a move read one snapshot of the board taken before any flip, so
 * no cell flips twice. Emits `cell_transformed` per flipped cell.
 * @gpPhases ["cascade"]
 * @gpEmits ["cell_transformed"]
 */
export interface FlankCaptureSystem extends SystemEntryBase {
  /** Selects the flank-capture system. */
  type: "flank_capture";
  /** Which kinds capture which, and what closes a bracket. */
  config: FlankCaptureConfig;
}
