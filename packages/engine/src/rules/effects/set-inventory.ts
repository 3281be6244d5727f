import type { SetInventoryParams } from "@gridponder/schema";
import { compileValue } from "../refs.js";
import { effect, setItem } from "./fields.js";

/** `set_inventory`: puts an item in the avatar's slot. Emits `inventory_changed`. */
export const setInventory = effect<SetInventoryParams>({
  type: "set_inventory",
  compile(pack, f) {
    const item = compileValue(pack, f.item);
    return (ctx, e) => {
      const k = item(ctx.draft, e);
      if (typeof k === "string") setItem(ctx, k);
    };
  },
});
