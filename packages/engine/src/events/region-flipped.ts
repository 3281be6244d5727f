import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `region_flipped`: the region under the overlay was flipped. */
export const regionFlipped: EventDefinition = {
  type: "region_flipped",
  fields: EVENT_FIELDS.region_flipped,
  moves: true,
  says: [{ text: "Flipped the region." }],
};
