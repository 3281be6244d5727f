import type { JsonSchemaObject, JsonValue } from "@gridponder/schema";
import type { GameEvent } from "./events.js";
import type { Pack } from "./pack.js";
import type { SystemBehaviour, TurnContext } from "./systems/types.js";

/**
 * A system type the engine can play: its type name, its hooks (one per phase it takes part in:
 * `action`, `movement`, `cascade`, `npc`) and what searches may know about it (see
 * {@link SystemBehaviour}). The built-in types are defined this way too.
 */
export interface SystemDefinition<C = Record<string, unknown>> extends SystemBehaviour<C> {
  /**
   * Its config's defaults: a pack's `config` and a level's overrides are merged over them. The
   * built-in types take the defaults the DSL documents.
   */
  readonly defaults?: Readonly<Record<string, JsonValue>>;
  /**
   * A JSON Schema (draft-07) for its `config` in `game.json` and in a level's `systemOverrides`; the
   * validator checks a pack against it. Without one, any JSON object is accepted. Only for types the
   * DSL does not define: the built-in types are checked by the DSL's own schema.
   */
  readonly configSchema?: JsonSchemaObject;
}

/** A goal entry of a level, as the engine reads it: its id, its type and its type's `config`. */
export interface GoalEntry {
  readonly id: string;
  readonly type: string;
  readonly config?: unknown;
}

/** How far a goal is: done or not, and progress from 0 to 1. */
export interface GoalStatus {
  readonly id: string;
  readonly type: string;
  readonly done: boolean;
  readonly progress: number;
}

/**
 * A goal compiled for one level: evaluates it against the state after a turn. Compiled when the level
 * is prepared, so a turn looks nothing up by goal (kind tables, layer indices, memory keys).
 */
export type GoalCheck = (ctx: TurnContext, events: readonly GameEvent[]) => GoalStatus;

/** A goal type: compiles a level's goal of this type for its board (`width` × `height`). */
export interface GoalDefinition<G extends GoalEntry = GoalEntry> {
  readonly type: string;
  /** A JSON Schema for its `config`, for types the DSL does not define (see `SystemDefinition`). */
  readonly configSchema?: JsonSchemaObject;
  compile(pack: Pack, goal: G, width: number, height: number): GoalCheck;
}

/** A lose condition entry of a level: its type, its optional id and its type's `config`. */
export interface LoseConditionEntry {
  readonly id?: string;
  readonly type: string;
  readonly config?: unknown;
}

/** A lose condition type: whether a condition of this type holds after a turn. */
export interface LoseConditionDefinition<L extends LoseConditionEntry = LoseConditionEntry> {
  readonly type: string;
  /** A JSON Schema for its `config`, for types the DSL does not define (see `SystemDefinition`). */
  readonly configSchema?: JsonSchemaObject;
  holds(ctx: TurnContext, condition: L): boolean;
}

/** What a registry is made of; every part is optional. */
export interface RegistryParts {
  readonly systems?: readonly SystemDefinition<never>[];
  readonly goals?: readonly GoalDefinition<never>[];
  readonly loseConditions?: readonly LoseConditionDefinition<never>[];
}

/**
 * The system, goal and lose condition types a pack is played with, by type name. A pack is loaded
 * with one (the built-in registry unless one is given) and keeps it: every session, search and tool
 * that plays the pack uses it, and a pack using a type it lacks is refused.
 */
export interface Registry {
  readonly systems: ReadonlyMap<string, SystemDefinition<never>>;
  readonly goals: ReadonlyMap<string, GoalDefinition<never>>;
  readonly loseConditions: ReadonlyMap<string, LoseConditionDefinition<never>>;
  /**
   * A new registry with these types added; this one is left as it is. Throws {@link RegistryError}
   * for a type already registered: a definition never silently replaces another.
   */
  extend(parts: RegistryParts): Registry;
}

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
