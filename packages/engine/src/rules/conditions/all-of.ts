import { condition } from "./define.js";

/** `all_of`: every nested condition holds. */
export const allOf = condition<readonly unknown[]>({
  type: "all_of",
  compile(_pack, list, nested) {
    const parts = list.map(nested);
    return (d, e) => parts.every((t) => t(d, e));
  },
});
