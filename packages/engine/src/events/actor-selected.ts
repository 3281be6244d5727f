import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `actor_selected`: an actor was selected to move next. */
export const actorSelected: EventDefinition = {
  type: "actor_selected",
  fields: EVENT_FIELDS.actor_selected,
};
