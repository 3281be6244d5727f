/**
 * Fields shared by every entry of the `systems` array in `game.json`.
 * @module
 */

/** Fields every system entry carries, whatever its `type`. */
export interface SystemEntryBase {
  /**
   * A name for this system instance, unique within the game. Levels use it as the key of
   * `systemOverrides` to adjust this instance's config or switch it on or off.
   * @maxLength 64
   */
  id: string;
  /**
   * Whether the system takes part in play. A disabled system never runs; a level can switch it
   * on (or off) with an `enabled` key in its `systemOverrides` entry.
   * @default true
   */
  enabled?: boolean;
}

/**
 * The type of an engine event (for example `actor_moved` or `multi_cell_object_moved`) that wakes
 * a cascade-phase system. See the event catalog of the rules reference.
 * @maxLength 64
 */
export type TriggerEventType = string;
