import { balanceLose } from "../balance.js";
import { lose } from "./define.js";

/** `balance_budget_exhausted`: the actors have too few moves left to share the board equally. */
export const balanceBudgetExhausted = lose("balance_budget_exhausted", balanceLose, {
  describe: () => "The actors have too few moves left to share the board equally.",
});

/** `balance_unreachable`: the board can no longer be shared equally. */
export const balanceUnreachable = lose("balance_unreachable", balanceLose, {
  describe: () => "The board can no longer be shared equally.",
});
