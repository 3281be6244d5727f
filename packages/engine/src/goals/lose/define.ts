import type { LoseCondition } from "@gridponder/schema";
import type { LoseConditionDefinition, TurnContext } from "../../contract/runtime.js";

type Entry<T extends LoseCondition["type"]> = Extract<LoseCondition, { type: T }>;

/** A built-in lose condition type, its entries typed as the DSL defines them. */
export function lose<T extends LoseCondition["type"]>(
  type: T,
  holds: (ctx: TurnContext, condition: Entry<T>) => boolean,
  declarations: Omit<LoseConditionDefinition<Entry<T>>, "type" | "holds" | "configSchema"> = {},
): LoseConditionDefinition<never> {
  return { type, holds, ...declarations } as unknown as LoseConditionDefinition<never>;
}
