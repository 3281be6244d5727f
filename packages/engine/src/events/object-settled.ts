import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `object_settled`: an entity fell until it came to rest. */
export const objectSettled: EventDefinition = {
  type: "object_settled",
  fields: EVENT_FIELDS.object_settled,
  pieces: "fall",
};
