import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `cell_transformed`: an entity turned into another kind in place. */
export const cellTransformed: EventDefinition = {
  type: "cell_transformed",
  fields: EVENT_FIELDS.cell_transformed,
  pieces: "transform",
  says: [{ text: "{kind:fromKind}{cell:position} became {kind:toKind}." }],
};
