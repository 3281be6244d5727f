import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `object_placed`: an entity was put on a cell. */
export const objectPlaced: EventDefinition = {
  type: "object_placed",
  fields: EVENT_FIELDS.object_placed,
  pieces: "place",
};
