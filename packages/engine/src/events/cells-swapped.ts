import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `cells_swapped`: two cells swapped their contents. */
export const cellsSwapped: EventDefinition = {
  type: "cells_swapped",
  fields: EVENT_FIELDS.cells_swapped,
  moves: true,
  says: [{ text: "Swapped cells." }],
};
