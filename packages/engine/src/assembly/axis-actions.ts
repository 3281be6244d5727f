import type { Pack } from "../contract/runtime.js";

/**
 * The actions of a pack whose direction names an axis (see `SystemBehaviour.axisActions`), from the
 * systems of `game.json` with their documented defaults.
 */
export function axisActions(pack: Pack): ReadonlySet<string> {
  const actions = new Set<string>();
  for (const system of pack.game.systems) {
    const definition = pack.registry.systems.get(system.type);
    if (!definition?.axisActions) continue;
    const config = { ...(definition.defaults ?? {}), ...(system.config ?? {}) };
    for (const id of definition.axisActions(config as never)) actions.add(id);
  }
  return actions;
}
