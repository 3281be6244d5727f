import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `goal_step_completed`: a step of a sequence goal was completed. */
export const goalStepCompleted: EventDefinition = {
  type: "goal_step_completed",
  fields: EVENT_FIELDS.goal_step_completed,
  says: [{ text: "A goal step is done." }],
};
