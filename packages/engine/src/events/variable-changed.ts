import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `variable_changed`: a level variable changed. */
export const variableChanged: EventDefinition = {
  type: "variable_changed",
  fields: EVENT_FIELDS.variable_changed,
};
