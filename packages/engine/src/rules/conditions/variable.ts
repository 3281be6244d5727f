import type { ConditionOperator } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { compare } from "./compare.js";
import { condition } from "./define.js";

/** `variable`: a level variable compares with a value. */
export const variable = condition<{ name: string; op: ConditionOperator; value: unknown }>({
  type: "variable",
  compile(_pack, m) {
    return (d) => compare(own(d.variables, m.name), m.op, m.value);
  },
});
