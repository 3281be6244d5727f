import { own } from "@gridponder/schema";
import { compare } from "../lines.js";
import { lose } from "./define.js";

/** `variable_threshold`: the level is lost once a variable compares with a target. */
export const variableThresholdLose = lose(
  "variable_threshold",
  ({ draft }, c) => {
    const { variable, target, comparison = "gte" } = c.config;
    return compare(own(draft.variables, variable), comparison, target);
  },
  { variablesRead: (c) => [c.config.variable] },
);
