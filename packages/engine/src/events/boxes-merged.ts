import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `boxes_merged`: two boxes became one. */
export const boxesMerged: EventDefinition = {
  type: "boxes_merged",
  fields: EVENT_FIELDS.boxes_merged,
  pieces: "carried_merge",
  says: [{ text: "{kind:kind} merged{cell:position}." }],
};
