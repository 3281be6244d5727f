import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `tile_moved`: one tile slid from one cell to another. */
export const tileMoved: EventDefinition = {
  type: "tile_moved",
  fields: EVENT_FIELDS.tile_moved,
  pieces: "slide",
  moves: true,
};
