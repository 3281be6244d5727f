import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `region_transformed`: the contents of a region moved as one permutation. */
export const regionTransformed: EventDefinition = {
  type: "region_transformed",
  fields: EVENT_FIELDS.region_transformed,
  pieces: "permute",
  moves: true,
};
