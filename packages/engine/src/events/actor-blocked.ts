import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `actor_blocked`: an actor could not move. */
export const actorBlocked: EventDefinition = {
  type: "actor_blocked",
  fields: EVENT_FIELDS.actor_blocked,
  says: [{ text: "{kind:kind}{cell:position} is blocked." }],
};
