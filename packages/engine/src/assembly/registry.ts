import type { EventDefinition } from "../contract/events.js";
import type {
  ConditionDefinition,
  EffectDefinition,
  GoalDefinition,
  LoseConditionDefinition,
  Registry,
  RegistryParts,
  SystemDefinition,
} from "../contract/runtime.js";
import { BUILTIN_EVENTS } from "../events/index.js";
import { BUILTIN_CONDITIONS } from "../rules/conditions/index.js";
import { BUILTIN_EFFECTS } from "../rules/effects/index.js";

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

/**
 * A registry of exactly these types (see {@link Registry}), with the rule effects and conditions the
 * DSL defines outside any system, and those of its systems.
 */
export function createRegistry(parts: RegistryParts = {}): Registry {
  const systems = new Map<string, SystemDefinition<never>>();
  const goals = new Map<string, GoalDefinition<never>>();
  const loseConditions = new Map<string, LoseConditionDefinition<never>>();
  const effects = new Map<string, EffectDefinition<never>>();
  const conditions = new Map<string, ConditionDefinition<never>>();
  const events = new Map<string, EventDefinition>();
  addAll(systems, parts.systems, "system");
  addAll(goals, parts.goals, "goal");
  addAll(loseConditions, parts.loseConditions, "lose condition");
  // The rule language's own effects and conditions come with every registry: rules are not a type
  // a registry may leave out, only extend.
  addAll(effects, BUILTIN_EFFECTS, "effect");
  addAll(conditions, BUILTIN_CONDITIONS, "condition");
  addAll(events, BUILTIN_EVENTS, "event");
  addAll(effects, parts.effects, "effect");
  addAll(conditions, parts.conditions, "condition");
  addAll(events, parts.events, "event");
  // A system's own effects and conditions come with it. Two systems may bring the very same entry (a
  // system registered again under another name); only a different entry under a taken name conflicts.
  for (const system of systems.values()) {
    addAll(
      effects,
      system.effects?.filter((e) => effects.get(e.type) !== e),
      "effect",
    );
    addAll(
      conditions,
      system.conditions?.filter((c) => conditions.get(c.type) !== c),
      "condition",
    );
    addAll(
      events,
      system.events?.filter((e) => events.get(e.type) !== e),
      "event",
    );
  }
  const registry: Registry = {
    systems,
    goals,
    loseConditions,
    effects,
    conditions,
    events,
    extend: (more) =>
      createRegistry({
        systems: [...systems.values(), ...(more.systems ?? [])],
        goals: [...goals.values(), ...(more.goals ?? [])],
        loseConditions: [...loseConditions.values(), ...(more.loseConditions ?? [])],
        effects: [...(parts.effects ?? []), ...(more.effects ?? [])],
        conditions: [...(parts.conditions ?? []), ...(more.conditions ?? [])],
        events: [...(parts.events ?? []), ...(more.events ?? [])],
      }),
  };
  return Object.freeze(registry);
}

/**
 * Types a system definition's config for its hooks (an identity function): `defineSystem<MyConfig>({
 * type: "my_system", action(ctx) { ctx.config... } })`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineSystem<C>(definition: SystemDefinition<C>): SystemDefinition<never> {
  return definition as unknown as SystemDefinition<never>;
}
