import type { CustomType, PackFiles, ValidateOptions, ValidationResult, ValidPack } from "@gridponder/schema";
import { dictionary, validatePack } from "@gridponder/schema";
import type { LoadResult, Pack, Registry } from "../contract/runtime.js";
import { builtinRegistry } from "./builtins.js";
import { compileWith, prepareWith } from "./pack.js";

/** How to load a pack: the validator's options, and the registry to play it with. */
export interface LoadOptions extends ValidateOptions {
  /** The types the pack may use; the built-in ones (`builtinRegistry`) by default. */
  readonly registry?: Registry;
}

/** What the validator must know of a registry: its types and rule keys the DSL does not define, with their schemas. */
export interface CustomTypes {
  readonly customSystems: Record<string, CustomType>;
  readonly customGoals: Record<string, CustomType>;
  readonly customLoseConditions: Record<string, CustomType>;
  readonly customEffects: Record<string, CustomType>;
  readonly customConditions: Record<string, CustomType>;
  readonly customEvents: string[];
}

type WithSchema = { readonly configSchema?: CustomType["configSchema"] };

/** The entries of `own` that `keep` picks, as the validator takes them. */
function pick(own: ReadonlyMap<string, WithSchema>, keep: (type: string, definition: WithSchema) => boolean) {
  const custom = dictionary<CustomType>();
  for (const [type, definition] of own)
    if (keep(type, definition))
      custom[type] = definition.configSchema ? { configSchema: definition.configSchema } : {};
  return custom;
}

/**
 * The types of `registry` that the built-in registry lacks (the validator checks the others itself),
 * and its rule effects and conditions other than the built-in ones: a definition of its own under a
 * key the DSL defines is passed on too, for the validator to refuse.
 */
export function customTypes(registry: Registry): CustomTypes {
  const lacking = (builtin: ReadonlyMap<string, unknown>) => (type: string) => !builtin.has(type);
  const other = (builtin: ReadonlyMap<string, unknown>) => (type: string, definition: WithSchema) =>
    builtin.get(type) !== definition;
  return {
    customSystems: pick(registry.systems, lacking(builtinRegistry.systems)),
    customGoals: pick(registry.goals, lacking(builtinRegistry.goals)),
    customLoseConditions: pick(registry.loseConditions, lacking(builtinRegistry.loseConditions)),
    customEffects: pick(registry.effects, other(builtinRegistry.effects)),
    customConditions: pick(registry.conditions, other(builtinRegistry.conditions)),
    customEvents: [...registry.events.keys()].filter(lacking(builtinRegistry.events)),
  };
}

/**
 * The validator's options for a pack played with `registry`: a registry's own types, rule effects and
 * rule conditions are accepted with their config schemas, on top of what `options` says.
 * Exported for the solver and the studio, which validate before they load; not part of the public API.
 * @internal
 */
export function validateOptionsFor<O extends ValidateOptions>(options: O, registry: Registry): O {
  if (registry === builtinRegistry) return options;
  const custom = customTypes(registry);
  return {
    ...options,
    customSystems: { ...custom.customSystems, ...(options.customSystems ?? {}) },
    customGoals: { ...custom.customGoals, ...(options.customGoals ?? {}) },
    customLoseConditions: { ...custom.customLoseConditions, ...(options.customLoseConditions ?? {}) },
    customEffects: { ...custom.customEffects, ...(options.customEffects ?? {}) },
    customConditions: { ...custom.customConditions, ...(options.customConditions ?? {}) },
    customEvents: [...custom.customEvents, ...(options.customEvents ?? [])],
  };
}

/**
 * Loads a pack from in-memory files (pack-relative path → content; JSON as text). The pack is validated
 * by `@gridponder/schema` first; an invalid pack, or one using a type the registry lacks, is refused
 * with its diagnostics. Runs in browsers.
 */
export function loadPack(files: PackFiles, options: LoadOptions = {}): LoadResult {
  const { registry = builtinRegistry, ...validate } = options;
  return prepareWith(validatePack(files, validateOptionsFor(validate, registry)), registry);
}

/**
 * Turns a validation result into a load result: refused when invalid, or when the pack uses a type
 * the registry (the built-in one by default) lacks, each named in a diagnostic.
 */
export function prepareValidated(result: ValidationResult, registry: Registry = builtinRegistry): LoadResult {
  return prepareWith(result, registry);
}

/**
 * Builds the play-ready pack from a validated one, played with `registry` (the built-in one by
 * default). Use `prepareValidated` to have the pack's types checked against the registry first.
 */
export function compilePack(valid: ValidPack, registry: Registry = builtinRegistry): Pack {
  return compileWith(valid, registry);
}

/**
 * `compilePack` without a default registry: a bundle that uses only this (with `registryFor`) does not
 * carry the code of every built-in system.
 */
export function compilePackWith(valid: ValidPack, registry: Registry): Pack {
  return compileWith(valid, registry);
}
