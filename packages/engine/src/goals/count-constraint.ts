import { counted } from "./define.js";
import { lineGoalStatus } from "./lines.js";
import { COMPARISON_WORDS, lineScopeWords, predicateWords } from "./words.js";

/** `count_constraint`: every line in scope meets the constraint; progress is the share that does. */
export const countConstraintGoal = counted("count_constraint", lineGoalStatus, {
  describe: (g) => {
    const { scope, index, target, comparison, predicate } = g.config;
    const where = lineScopeWords(scope, index).one;
    return `Give ${where} ${COMPARISON_WORDS[comparison ?? "eq"]} ${target} ${predicateWords(predicate)}`;
  },
});
