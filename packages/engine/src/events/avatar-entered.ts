import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `avatar_entered`: the avatar entered a cell. */
export const avatarEntered: EventDefinition = {
  type: "avatar_entered",
  fields: EVENT_FIELDS.avatar_entered,
  pieces: "avatar_move",
  moves: true,
};
