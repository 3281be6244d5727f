import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `entity_path`: an entity followed a path of cells (renderer pacing). */
export const entityPath: EventDefinition = {
  type: "entity_path",
  fields: EVENT_FIELDS.entity_path,
};
