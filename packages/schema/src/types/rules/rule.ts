/**
 * The rule: an event-condition-effect triple, listed in `game.json` `rules` (for every level) and in
 * a level's `rules` (for that level only).
 * @module
 */
import type { Condition } from "./conditions.js";
import type { Effect } from "./effects.js";
import type { EventType } from "./events.js";

/**
 * A data-driven reaction: when an event of type `on` occurs and the conditions hold, apply the
 * effects. Rules cover interactions too specific to deserve an engine system (pick up an item, turn
 * a crate pushed into water into a bridge, light a beacon that was seen).
 *
 * Rules run in the cascade phase of a turn. Each pass goes through the pending events in the order
 * they were emitted; for each event it tries every rule in order (game rules, then level rules,
 * stably sorted by descending `priority`): the event type must equal `on`, a spent `once` rule is
 * skipped, then `where` and `if` are tested against the state as it is at that moment (earlier rules
 * of the pass may already have changed it). A rule that passes applies its `then` effects in order.
 * After the rules, cascade-phase systems run; the events produced by effects and systems feed the
 * next pass. The cascade stops when a pass has no events left, or after the game's
 * `maxCascadeDepth` passes (3 unless `game.json` `defaults` says otherwise).
 */
export interface Rule {
  /**
   * A name for the rule, unique within its list; tools use it to point at the rule.
   * @maxLength 64
   */
  id: string;
  /** The event type that triggers the rule. */
  on: EventType;
  /**
   * A filter on the triggering event, such as its position or the kind it concerns. Without it,
   * every event of type `on` passes.
   */
  where?: Condition;
  /**
   * A further test on the game state (board, avatar, variables). Without it, nothing more is
   * required.
   */
  if?: Condition;
  /** The effects to apply, in order, when the rule fires. */
  then: Effect[];
  /**
   * Rules with a higher priority are tried first; equal priorities keep declaration order (game
   * rules before level rules).
   * @asType integer
   * @default 0
   */
  priority?: number;
  /**
   * When true, the rule fires at most once per attempt at the level (a reset re-arms it).
   * @default false
   */
  once?: boolean;
}
