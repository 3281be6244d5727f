import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `cell_claimed`: a cell changed owner. */
export const cellClaimed: EventDefinition = {
  type: "cell_claimed",
  fields: EVENT_FIELDS.cell_claimed,
  pieces: "claim",
  says: [{ text: "Claimed{cell:position}." }],
};
