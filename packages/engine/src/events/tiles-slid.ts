import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `tiles_slid`: tiles slid in a direction. */
export const tilesSlid: EventDefinition = {
  type: "tiles_slid",
  fields: EVENT_FIELDS.tiles_slid,
  moves: true,
};
