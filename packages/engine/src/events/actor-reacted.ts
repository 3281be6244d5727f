import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `actor_reacted`: an actor moved in reaction to another's move. */
export const actorReacted: EventDefinition = {
  type: "actor_reacted",
  fields: EVENT_FIELDS.actor_reacted,
  pieces: "step",
};
