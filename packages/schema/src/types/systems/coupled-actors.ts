import type { ActionId, CardinalDirection, EntityKindId, LayerId, TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/**
 * How an actor turns the direction it is given into the direction it moves. `identity`: as given.
 * `invert`: the opposite way. `mirror_x`: left and right swapped. `mirror_y`: up and down swapped.
 */
export type DirectionTransform = "identity" | "invert" | "mirror_x" | "mirror_y";

/**
 * When an actor may take over a cell that another kind already owns. Re-entering a cell of one's
 * own is never a claim, whatever the mode.
 */
export interface ClaimOverwrite {
  /**
   * `never`: owned cells keep their owner, and movers cross them freely. `always`: the latest
   * visitor owns every cell it enters. `tagged`: the latest visitor owns the cell only if it
   * carries `tag` on `layer`, so such cells cannot be crossed without taking them.
   * @default "never"
   */
  mode?: "never" | "always" | "tagged";
  /** The tag that makes a cell repaintable. Needed when `mode` is `tagged`. */
  tag?: TagName;
  /** The layer checked for `tag`. Defaults to the system's `groundLayer`. */
  layer?: LayerId;
}

/** Territory painting: each cell an actor moves into is marked as its kind's territory. */
export interface ActorClaim {
  /** The territory layer the marks are written to; it must be one of the game's layers. */
  layer: LayerId;
  /** Actor kind → the mark kind it leaves on `layer`. Actors of unlisted kinds claim nothing. */
  map: { [actorKind: EntityKindId]: EntityKindId };
  /**
   * What happens on entering a cell another kind already owns.
   * @default {"mode":"never"}
   */
  overwrite?: ClaimOverwrite;
}

/** Settings of `coupled_actors`. */
export interface CoupledActorsConfig {
  /**
   * The directional action that moves all actors.
   * @default "move"
   */
  moveAction?: ActionId;
  /**
   * The directions the system responds to.
   * @default ["up","down","left","right"]
   */
  directions?: CardinalDirection[];
  /**
   * The layer holding the actors; every entity on it moves.
   * @default "actors"
   */
  actorLayer?: LayerId;
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
   * Actor kind → how that kind transforms the action's direction, for mirrored or opposed
   * movers. Unlisted kinds move as told.
   * @default {}
   */
  directionTransforms?: { [actorKind: EntityKindId]: DirectionTransform };
  /** Optional territory painting as actors move. Without it, moving claims nothing. */
  claim?: ActorClaim;
}

/**
 * Moves every actor on a layer one cell at once for a single move action (action phase). The actor
 * furthest ahead moves first, so a line of actors can advance in step; an actor stops at walls, the
 * board edge and other actors. Emits `actor_moved`, `actor_entered`, `actor_blocked` and, with
 * `claim`, `cell_claimed`.
 * @gpPhases ["action"]
 * @gpEmits ["actor_moved", "actor_entered", "actor_blocked", "cell_claimed"]
 */
export interface CoupledActorsSystem extends SystemEntryBase {
  /** Selects the lock-step actor system. */
  type: "coupled_actors";
  /** Which actors move, what stops them, and what they claim. */
  config: CoupledActorsConfig;
}
