import type { EntityKindId } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/** Settings of `queued_emitters`. */
export interface QueuedEmittersConfig {
  /**
   * The multi-cell object kind that works as an emitter. Each such object in the level holds a
   * `queue` of values in its params and releases them through its exit cell(s).
   * @default "pipe"
   */
  emitterKind?: EntityKindId;
}

/**
 * Releases the queued values of emitter objects such as pipes onto the board, at most one per exit
 * per turn and only while the cell in front of the exit is free (NPC phase, after the turn's
 * cascade has settled). A pipe with a second exit (`exit2Position`) routes each value toward its
 * nearer exit. Emits `item_released`.
 * @gpPhases ["npc"]
 * @gpEmits ["item_released"]
 */
export interface QueuedEmittersSystem extends SystemEntryBase {
  /** Selects the emitter system. */
  type: "queued_emitters";
  /** Which objects act as emitters. */
  config: QueuedEmittersConfig;
}
