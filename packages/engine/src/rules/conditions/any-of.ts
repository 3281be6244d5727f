import { condition } from "./define.js";

/** `any_of`: some nested condition holds. */
export const anyOf = condition<readonly unknown[]>({
  type: "any_of",
  compile(_pack, list, nested) {
    const parts = list.map(nested);
    return (d, e) => parts.some((t) => t(d, e));
  },
});
