import type { GoalDefinition, LoseConditionDefinition } from "../contract/runtime.js";
import { allClearedGoal } from "./all-cleared.js";
import { balanceGoal } from "./balance.js";
import { boardMatchGoal } from "./board-match.js";
import { countConstraintGoal } from "./count-constraint.js";
import { balanceBudgetExhausted, balanceUnreachable } from "./lose/balance.js";
import { boardState } from "./lose/board-state.js";
import { maxActions } from "./lose/max-actions.js";
import { variableThresholdLose } from "./lose/variable-threshold.js";
import { paramMatchGoal } from "./param-match.js";
import { reachTargetGoal } from "./reach-target.js";
import { sequenceMatchGoal } from "./sequence-match.js";
import { sumConstraintGoal } from "./sum-constraint.js";
import { variableThresholdGoal } from "./variable-threshold.js";

/** The goal types the DSL defines, one module each. */
export const BUILTIN_GOALS: readonly GoalDefinition<never>[] = [
  reachTargetGoal,
  allClearedGoal,
  variableThresholdGoal,
  boardMatchGoal,
  paramMatchGoal,
  sumConstraintGoal,
  countConstraintGoal,
  sequenceMatchGoal,
  balanceGoal,
];

/** The lose condition types the DSL defines, one module each. */
export const BUILTIN_LOSE_CONDITIONS: readonly LoseConditionDefinition<never>[] = [
  maxActions,
  variableThresholdLose,
  balanceBudgetExhausted,
  balanceUnreachable,
  boardState,
];
