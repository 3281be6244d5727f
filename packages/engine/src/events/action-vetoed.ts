import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `action_vetoed`: a system refused the action. */
export const actionVetoed: EventDefinition = {
  type: "action_vetoed",
  fields: EVENT_FIELDS.action_vetoed,
};
