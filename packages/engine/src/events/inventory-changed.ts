import { EVENT_FIELDS } from "@gridponder/schema";
import type { EventDefinition } from "../contract/events.js";

/** `inventory_changed`: the avatar's inventory slot changed. */
export const inventoryChanged: EventDefinition = {
  type: "inventory_changed",
  fields: EVENT_FIELDS.inventory_changed,
  says: [
    { when: "newItem", text: "Picked up {kind:newItem}." },
    { when: "oldItem", text: "Let go of {kind:oldItem}." },
  ],
};
