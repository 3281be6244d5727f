import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `avatar_exited`: the avatar left a cell. */
export const avatarExited: EventDefinition = {
  type: "avatar_exited",
  fields: EVENT_FIELDS.avatar_exited,
  pieces: "avatar_leave",
};
