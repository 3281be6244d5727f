import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `region_rotated`: the region under the overlay was rotated. */
export const regionRotated: EventDefinition = {
  type: "region_rotated",
  fields: EVENT_FIELDS.region_rotated,
  moves: true,
  says: [{ text: "Rotated the region." }],
};
