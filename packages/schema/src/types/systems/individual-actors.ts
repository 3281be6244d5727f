import type { ActionId, CardinalDirection, EntityKindId, LayerId, TagName, VariableName } from "../common.js";
import type { SystemEntryBase } from "./base.js";
import type { ActorClaim, DirectionTransform } from "./coupled-actors.js";

/**
 * How many successful moves an actor kind may make in the level.
 * @asType integer
 * @minimum 0
 */
export type MoveBudget = number;

/** Settings of `individual_actors`. */
export interface IndividualActorsConfig {
  /**
   * The action that selects an actor; it must carry a `position` param naming the actor's cell.
   * Selecting is not counted as a move.
   * @default "tap_cell"
   */
  selectAction?: ActionId;
  /**
   * The directional action that moves the selected actor.
   * @default "move"
   */
  moveAction?: ActionId;
  /**
   * The directions the system responds to.
   * @default ["up","down","left","right"]
   */
  directions?: CardinalDirection[];
  /**
   * The layer holding the actors.
   * @default "actors"
   */
  actorLayer?: LayerId;
  /**
   * Only entities with this tag can be selected.
   * @default "actor"
   */
  actorTag?: TagName;
  /**
   * The layer checked for walls.
   * @default "ground"
   */
  groundLayer?: LayerId;
  /**
   * A cell whose `groundLayer` entity has this tag stops an actor.
   * @default "solid"
   */
  wallTag?: TagName;
  /**
   * The variable that holds the kind of the selected actor.
   * @default "selectedActorKind"
   */
  selectedVariable?: VariableName;
  /**
   * The variable that holds the selected actor's `[x, y]` cell, which tells apart actors of the
   * same kind.
   * @default "selectedActorPosition"
   */
  selectedPositionVariable?: VariableName;
  /**
   * Actor kind → the number of successful moves actors of that kind may make. An actor whose
   * budget has run out cannot move. Leave out for unlimited moves.
   */
  budgets?: { [actorKind: EntityKindId]: MoveBudget };
  /**
   * The variable that holds the remaining budgets; it is filled from `budgets` on the first
   * selection.
   * @default "actorMovesRemaining"
   */
  budgetVariable?: VariableName;
  /** Optional territory painting as actors move, exactly as in `coupled_actors`. */
  claim?: ActorClaim;
  /**
   * Actor kind → direction transform for opposing actors that the player cannot select. After each
   * successful player move, every actor of these kinds takes one step of its own in the player's
   * direction passed through its transform (`invert` makes it mirror the player). These steps
   * emit `actor_reacted` rather than `actor_moved` and spend no budget.
   * @default {}
   */
  reactiveKinds?: { [actorKind: EntityKindId]: DirectionTransform };
}

/**
 * Tap-to-select control of several actors (action phase): the select action picks an actor on the
 * actor layer, and the move action moves only that one. It supports per-kind move budgets,
 * territory claims and reactive opposing actors. Invalid selections or moves are vetoed. Emits
 * `actor_selected`, `actor_moved`, `actor_entered`, `actor_blocked`, `actor_reacted`,
 * `cell_claimed` and `action_vetoed`.
 * @gpPhases ["action"]
 * @gpEmits ["actor_selected", "actor_moved", "actor_entered", "actor_blocked", "actor_reacted", "cell_claimed", "action_vetoed"]
 */
export interface IndividualActorsSystem extends SystemEntryBase {
  /** Selects the individually controlled actor system. */
  type: "individual_actors";
  /** How actors are selected and moved. */
  config: IndividualActorsConfig;
}
