import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `object_pushed`: the avatar pushed an object one cell on. */
export const objectPushed: EventDefinition = {
  type: "object_pushed",
  fields: EVENT_FIELDS.object_pushed,
  pieces: "push",
  moves: true,
  says: [{ text: "Pushed {kind:kind}{to:toPosition}." }],
};
