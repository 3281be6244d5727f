import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `multi_cell_object_exited`: a multi-cell object left the board. */
export const multiCellObjectExited: EventDefinition = {
  type: "multi_cell_object_exited",
  fields: EVENT_FIELDS.multi_cell_object_exited,
  pieces: "multi_cell_exit",
};
