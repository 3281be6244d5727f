import { own } from "@gridponder/schema";
import { compare } from "../lines.js";
import { COMPARISON_WORDS } from "../words.js";
import { lose } from "./define.js";

/** `variable_threshold`: the level is lost once a variable compares with a target. */
export const variableThresholdLose = lose(
  "variable_threshold",
  ({ draft }, c) => {
    const { variable, target, comparison = "gte" } = c.config;
    return compare(own(draft.variables, variable), comparison, target);
  },
  {
    variablesRead: (c) => [c.config.variable],
    search: { readsOnlyWhatConfigNames: true },
    describe: (c, words) => {
      const { variable, target, comparison } = c.config;
      return `${words.humanize(variable)} reached ${COMPARISON_WORDS[comparison ?? "gte"]} ${target}.`;
    },
  },
);
