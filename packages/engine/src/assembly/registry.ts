import type {
  GoalDefinition,
  LoseConditionDefinition,
  Registry,
  RegistryParts,
  SystemDefinition,
} from "../contract/runtime.js";

/** Thrown for a definition a registry cannot take: a type registered twice, or a bad type name. */
export class RegistryError extends Error {
  override readonly name = "RegistryError";
}

/** Type names as the DSL writes them: a lowercase letter, then lowercase letters, digits and `_`. */
const TYPE_NAME = /^[a-z][a-z0-9_]*$/;

function addAll<T extends { readonly type: string }>(
  into: Map<string, T>,
  definitions: readonly T[] | undefined,
  what: string,
): void {
  for (const definition of definitions ?? []) {
    const type = definition?.type;
    if (typeof type !== "string" || !TYPE_NAME.test(type))
      throw new RegistryError(`a ${what} type name must match ${TYPE_NAME}, got ${JSON.stringify(type)}`);
    if (into.has(type))
      throw new RegistryError(`the ${what} type ${JSON.stringify(type)} is already registered`);
    into.set(type, definition);
  }
}

/** A registry of exactly these types (see {@link Registry}). */
export function createRegistry(parts: RegistryParts = {}): Registry {
  const systems = new Map<string, SystemDefinition<never>>();
  const goals = new Map<string, GoalDefinition<never>>();
  const loseConditions = new Map<string, LoseConditionDefinition<never>>();
  addAll(systems, parts.systems, "system");
  addAll(goals, parts.goals, "goal");
  addAll(loseConditions, parts.loseConditions, "lose condition");
  const registry: Registry = {
    systems,
    goals,
    loseConditions,
    extend: (more) =>
      createRegistry({
        systems: [...systems.values(), ...(more.systems ?? [])],
        goals: [...goals.values(), ...(more.goals ?? [])],
        loseConditions: [...loseConditions.values(), ...(more.loseConditions ?? [])],
      }),
  };
  return Object.freeze(registry);
}

/**
 * Types a system definition's config for its hooks (an identity function): `defineSystem<MyConfig>({
 * type: "my_system", action(ctx) { ctx.config... } })`.
 */
export function defineSystem<C>(definition: SystemDefinition<C>): SystemDefinition<never> {
  return definition as unknown as SystemDefinition<never>;
}
