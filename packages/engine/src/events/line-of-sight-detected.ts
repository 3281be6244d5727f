import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `line_of_sight_detected`: something came into a watcher's line of sight. */
export const lineOfSightDetected: EventDefinition = {
  type: "line_of_sight_detected",
  fields: EVENT_FIELDS.line_of_sight_detected,
};
