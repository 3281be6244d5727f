import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `object_removed`: an entity was taken off a cell. */
export const objectRemoved: EventDefinition = {
  type: "object_removed",
  fields: EVENT_FIELDS.object_removed,
  pieces: "remove",
  says: [{ text: "{kind:kind}{cell:position} is gone." }],
};
