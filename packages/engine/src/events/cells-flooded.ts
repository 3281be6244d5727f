import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `cells_flooded`: a flood fill changed the cells it reached. */
export const cellsFlooded: EventDefinition = {
  type: "cells_flooded",
  fields: EVENT_FIELDS.cells_flooded,
  pieces: "flood",
  says: [{ text: "Flooded {count:positions} cells." }],
};
