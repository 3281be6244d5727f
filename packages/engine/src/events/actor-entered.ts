import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `actor_entered`: an actor entered a cell. */
export const actorEntered: EventDefinition = {
  type: "actor_entered",
  fields: EVENT_FIELDS.actor_entered,
  moves: true,
};
