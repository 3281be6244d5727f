import { condition } from "./define.js";

/** `not`: the nested condition does not hold. */
export const not = condition<unknown>({
  type: "not",
  compile(_pack, inner, nested) {
    const test = nested(inner);
    return (d, e) => !test(d, e);
  },
});
