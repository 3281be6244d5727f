import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `turn_ended`: a turn ended. */
export const turnEnded: EventDefinition = {
  type: "turn_ended",
  fields: EVENT_FIELDS.turn_ended,
};
