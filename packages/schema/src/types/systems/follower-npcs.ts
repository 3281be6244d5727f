import type { CardinalDirection, LayerId, TagName } from "../common.js";
import type { SystemEntryBase } from "./base.js";

/**
 * What an NPC does when its next step would take it onto the avatar's cell: stay where it is
 * (`block`), or step onto it and catch the avatar (`catch`, which emits `npc_caught`).
 */
export type NpcAvatarHandling = "block" | "catch";

/** Settings of `follower_npcs`. */
export interface FollowerNpcsConfig {
  /**
   * The layer that holds the NPCs: every entity on it carrying `npcTag` moves by its `behavior`
   * param. Other entities on the layer stand still and block NPCs.
   * @default "actors"
   */
  layer?: LayerId;
  /**
   * The tag that makes an entity on `layer` an NPC.
   * @default "npc"
   */
  npcTag?: TagName;
  /**
   * The layer of the ground NPCs walk on. When the game has no layer of that id, every cell counts as
   * ground.
   * @default "ground"
   */
  groundLayer?: LayerId;
  /**
   * An NPC may step onto a cell whose ground carries one of these tags (an empty ground cell never
   * qualifies).
   * @default ["walkable"]
   */
  walkableTags?: TagName[];
  /**
   * An NPC never steps onto a cell holding an entity with one of these tags, on any layer but the
   * ground and the NPC layer (the NPC layer blocks whatever it holds).
   * @default ["solid"]
   */
  blockingTags?: TagName[];
  /**
   * The directions NPCs step in, in tie-breaking order: of two equally good steps, the one listed
   * first is taken.
   * @default ["up", "right", "down", "left"]
   */
  directions?: CardinalDirection[];
  /**
   * What an NPC does when its step would take it onto the avatar's cell.
   * @default "block"
   */
  onAvatar?: NpcAvatarHandling;
}

/**
 * Non-player characters (NPC phase). Every entity on `layer` carrying `npcTag` takes at most one step
 * per turn, after the cascade, by its `behavior` param:
 *
 * - `follow_avatar`: one step along a shortest path to the avatar.
 * - `seek_tag`: one step along a shortest path to the nearest cell holding an entity that carries the
 *   NPC's `targetTag` param (on any layer).
 * - `flee_avatar`: one step that takes it farther from the avatar, as far as a path counts.
 * - `patrol`: one step along its `facing` param (`right` when it has none); when that way is blocked,
 *   it turns round (its `facing` changes) and steps the other way if it can.
 *
 * Any other behaviour stands still. Distances are path lengths over the cells an NPC may stand on
 * (walkable ground, nothing blocking), other NPCs and the avatar not counted. A step goes to the
 * neighbour that is nearest the target (farthest from the avatar when fleeing), ties taken in
 * `directions` order, and only if it gets closer (farther); when that cell is taken, the next best
 * that still gets closer (farther) is tried. NPCs move one after another in reading order of where
 * they stood when the phase began (row by row, left to right); a cell is taken when an NPC stands on
 * it by then, or when it holds the avatar and `onAvatar` is `block`. With `catch`, an NPC steps onto
 * the avatar's cell, and one already standing there when its turn comes stays: both emit
 * `npc_caught`, which rules can turn into a loss (set a variable that a lose condition watches).
 * Each step emits `npc_moved`. The phase's events then run through the rules and cascade-phase
 * systems, as the cascade's do.
 * @gpPhases ["npc"]
 * @gpEmits ["npc_moved", "npc_caught"]
 */
export interface FollowerNpcsSystem extends SystemEntryBase {
  /** Selects the NPC system. */
  type: "follower_npcs";
  /** Where the NPCs are, where they may walk and how they treat the avatar; all settings optional. */
  config?: FollowerNpcsConfig;
}
