import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `actor_moved`: an actor stepped to another cell. */
export const actorMoved: EventDefinition = {
  type: "actor_moved",
  fields: EVENT_FIELDS.actor_moved,
  pieces: "step",
  moves: true,
};
