import { type JsonValue, SYSTEM_DEFAULTS, type SystemType } from "@gridponder/schema";
import type { SystemBehaviour, SystemDefinition } from "../contract/runtime.js";

/** A built-in system with the defaults the DSL documents for its config (see `SYSTEM_DEFAULTS`). */
export function withDefaults<C>(behaviour: SystemBehaviour<C>): SystemDefinition<never> {
  const defaults = SYSTEM_DEFAULTS[behaviour.type as SystemType] as Readonly<Record<string, JsonValue>>;
  return { ...behaviour, defaults } as unknown as SystemDefinition<never>;
}
