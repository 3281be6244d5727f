import type { SystemEntryBase } from "./base.js";

/** Settings of `follower_npcs`. The catalog defines none yet. */
// biome-ignore lint/suspicious/noEmptyInterface: the system has no settings yet; a named interface keeps its config a schema definition of its own.
export interface FollowerNpcsConfig {}

/**
 * Reserved for characters that follow the avatar (NPC phase). The validator accepts the type, but no
 * behaviour is defined yet: the engine refuses to play a level of a pack that uses it.
 * @gpPhases ["npc"]
 * @gpEmits []
 */
export interface FollowerNpcsSystem extends SystemEntryBase {
  /** Selects the follower system. */
  type: "follower_npcs";
  /** No settings yet; may be left out or given as `{}`. */
  config?: FollowerNpcsConfig;
}
