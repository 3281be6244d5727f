/**
 * Plugin modules for Node.js: registries extended with the types that modules define.
 * @module
 */
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { builtinRegistry } from "./assembly/builtins.js";
import { RegistryError } from "./assembly/registry.js";
import type { Registry, RegistryParts } from "./contract/runtime.js";

// The NPC system is built as a plug-in would be; its definition is here for registries made by hand.
export { followerNpcs } from "./plugins/follower-npcs.js";

/**
 * The built-in registry extended with the types of each plugin module, in order. A plugin module
 * exports `systems`, `goals`, `loseConditions`, `effects` and `conditions` (arrays of definitions, each optional), or a default
 * export holding them. Specifiers are resolved by `resolvePlugin`. Throws {@link RegistryError}
 * naming the module when it cannot be imported or registered.
 */
export async function loadPlugins(
  specifiers: readonly string[],
  base: Registry = builtinRegistry,
): Promise<Registry> {
  let registry = base;
  for (const specifier of specifiers) {
    const url = resolvePlugin(specifier);
    let parts: RegistryParts;
    try {
      const module = (await import(url)) as RegistryParts & { default?: RegistryParts };
      parts = module.default ?? module;
    } catch (error) {
      throw new RegistryError(
        `plugin ${specifier} could not be imported: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    try {
      registry = registry.extend({
        ...(parts.systems ? { systems: parts.systems } : {}),
        ...(parts.goals ? { goals: parts.goals } : {}),
        ...(parts.loseConditions ? { loseConditions: parts.loseConditions } : {}),
        ...(parts.effects ? { effects: parts.effects } : {}),
        ...(parts.conditions ? { conditions: parts.conditions } : {}),
      });
    } catch (error) {
      throw new RegistryError(
        `plugin ${specifier}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return registry;
}

/**
 * What to import for a plugin specifier: a file (absolute, starting with `.`, or existing relative to
 * the working folder) as its file URL; anything else (a URL, a package) as it is. Resolve specifiers
 * before handing them to threads that may have another working folder.
 */
export function resolvePlugin(specifier: string): string {
  const file = isAbsolute(specifier) || specifier.startsWith(".") || existsSync(specifier);
  return file ? pathToFileURL(resolve(specifier)).href : specifier;
}
