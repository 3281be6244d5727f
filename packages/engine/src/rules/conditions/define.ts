import type { ConditionDefinition } from "../../contract/runtime.js";

/** A built-in condition type, its fields typed as the DSL defines them. */
export function condition<F>(definition: ConditionDefinition<F>): ConditionDefinition<never> {
  return definition as unknown as ConditionDefinition<never>;
}
