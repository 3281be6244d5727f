import type { Condition } from "@gridponder/schema";
import type { Pack, Test } from "../contract/runtime.js";

/**
 * Compiles a condition once per pack with the condition type its key names in the pack's registry,
 * so evaluating it is a chain of closures with no lookups by name.
 */
export function compileCondition(pack: Pack, condition: Condition): Test {
  const c = condition as unknown as Record<string, unknown>;
  for (const key in c) {
    const definition = pack.registry.conditions.get(key);
    if (definition !== undefined)
      return definition.compile(pack, c[key] as never, (inner) => compileCondition(pack, inner as Condition));
  }
  throw new Error(`unknown condition ${JSON.stringify(Object.keys(c))}`);
}
