import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `item_released`: an emitter released its next item. */
export const itemReleased: EventDefinition = {
  type: "item_released",
  fields: EVENT_FIELDS.item_released,
  pieces: "release",
};
