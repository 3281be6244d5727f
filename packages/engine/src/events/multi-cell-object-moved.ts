import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `multi_cell_object_moved`: a multi-cell object moved. */
export const multiCellObjectMoved: EventDefinition = {
  type: "multi_cell_object_moved",
  fields: EVENT_FIELDS.multi_cell_object_moved,
  pieces: "multi_cell_move",
  moves: true,
};
