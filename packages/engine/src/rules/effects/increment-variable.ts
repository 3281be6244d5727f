import type { IncrementVariableParams } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { compileValue } from "../refs.js";
import { effect, setVariable } from "./fields.js";

/** `increment_variable`: adds an amount to a numeric variable (a missing one counts as 0). Emits `variable_changed`. */
export const incrementVariable = effect<IncrementVariableParams>({
  type: "increment_variable",
  compile(pack, f) {
    const name = String(f.name);
    const amount = compileValue(pack, f.amount);
    return (ctx, e) => {
      const by = amount(ctx.draft, e);
      if (typeof by !== "number") return;
      const current = own(ctx.draft.variables, name);
      setVariable(ctx, name, (typeof current === "number" ? current : 0) + by);
    };
  },
});
