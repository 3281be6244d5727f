import { counted } from "./define.js";
import { compileLineConstraint } from "./lines.js";
import { COMPARISON_WORDS, lineScopeWords, predicateWords } from "./words.js";

/** `count_constraint`: every line in scope meets the constraint; progress is the share that does. */
export const countConstraintGoal = counted(
  "count_constraint",
  (pack, g, width, height) => {
    const status = compileLineConstraint(pack, g, width, height);
    return ({ draft }) => {
      const { satisfied, total } = status(draft);
      return { done: satisfied === total && total > 0, progress: total === 0 ? 0 : satisfied / total };
    };
  },
  {
    describe: (g) => {
      const { scope, index, target, comparison, predicate } = g.config;
      const where = lineScopeWords(scope, index).one;
      return `Give ${where} ${COMPARISON_WORDS[comparison ?? "eq"]} ${target} ${predicateWords(predicate)}`;
    },
  },
);
