import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `move_blocked`: a move was stopped by what stands in the way. */
export const moveBlocked: EventDefinition = {
  type: "move_blocked",
  fields: EVENT_FIELDS.move_blocked,
  says: [{ when: "blockerKind", text: "Blocked by {kind:blockerKind}." }, { text: "Blocked." }],
  unsaidAfterProgress: true,
};
