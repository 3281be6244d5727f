import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `entity_spawn`: an entity appeared (renderer pacing). */
export const entitySpawn: EventDefinition = {
  type: "entity_spawn",
  fields: EVENT_FIELDS.entity_spawn,
};
