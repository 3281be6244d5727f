import { own } from "@gridponder/schema";
import { counted } from "./define.js";
import { compare } from "./lines.js";
import { COMPARISON_WORDS } from "./words.js";

/** `variable_threshold`: a level variable compares with a target; progress is value over target. */
export const variableThresholdGoal = counted(
  "variable_threshold",
  (_pack, g) => {
    const { variable, target, comparison = "gte" } = g.config;
    return ({ draft }) => {
      const value = own(draft.variables, variable);
      return {
        done: compare(value, comparison, target),
        progress: typeof value === "number" && target !== 0 ? value / target : 0,
      };
    };
  },
  {
    variablesRead: (g) => [g.config.variable],
    search: { readsOnlyWhatConfigNames: true },
    describe: (g, words) => {
      const { variable, target, comparison } = g.config;
      return `Get ${words.humanize(variable).toLowerCase()} to ${COMPARISON_WORDS[comparison ?? "gte"]} ${target}`;
    },
  },
);
