import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `cell_cleared`: a cell was emptied. */
export const cellCleared: EventDefinition = {
  type: "cell_cleared",
  fields: EVENT_FIELDS.cell_cleared,
  pieces: "clear",
};
