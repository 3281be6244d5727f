import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `tiles_merged`: two tiles met during a slide and became one. */
export const tilesMerged: EventDefinition = {
  type: "tiles_merged",
  fields: EVENT_FIELDS.tiles_merged,
  pieces: "merge",
  says: [{ text: "Merged into {resultValue}{cell:position}." }],
};
