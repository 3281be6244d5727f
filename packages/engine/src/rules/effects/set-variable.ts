import type { ScalarValue, SetVariableParams } from "@gridponder/schema";
import { compileValue } from "../refs.js";
import { effect, setVariable } from "./fields.js";

/** `set_variable`: sets a level variable. Emits `variable_changed`. */
export const setVariableEffect = effect<SetVariableParams>({
  type: "set_variable",
  compile(pack, f) {
    const name = String(f.name);
    const value = compileValue(pack, f.value);
    return (ctx, e) => {
      const v = value(ctx.draft, e);
      if (v === undefined || v === null) return;
      setVariable(ctx, name, v as ScalarValue);
    };
  },
});
