import { counted } from "./define.js";
import { lineGoalStatus } from "./lines.js";
import { COMPARISON_WORDS, lineScopeWords } from "./words.js";

/** `sum_constraint`: every line in scope meets the constraint; progress is the share that does. */
export const sumConstraintGoal = counted("sum_constraint", lineGoalStatus, {
  describe: (g) => {
    const { scope, index, target, comparison } = g.config;
    const where = lineScopeWords(scope, index).every;
    const cmp = comparison ?? "eq";
    return cmp === "eq"
      ? `Make ${where} add up to ${target}`
      : `Make ${where} add up to ${COMPARISON_WORDS[cmp]} ${target}`;
  },
});
