import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `overlay_moved`: the overlay cursor moved. */
export const overlayMoved: EventDefinition = {
  type: "overlay_moved",
  fields: EVENT_FIELDS.overlay_moved,
  moves: true,
};
