import { effect, setItem } from "./fields.js";

/** `clear_inventory`: empties the avatar's slot. Emits `inventory_changed`. */
export const clearInventory = effect<Record<string, never>>({
  type: "clear_inventory",
  compile: () => (ctx) => setItem(ctx, null),
});
