import type { LevelRuntime, Pack } from "@gridponder/engine";

/**
 * The layers (by index) whose contents no turn of the level reads (see `SystemBehaviour.blindTo`):
 * every system declares itself blind to them, and the level has no rules (a rule may read any cell,
 * event or kind). Taking entities off such a layer changes no turn but for carrying fewer entities
 * along: the turns of the level with them taken away are the turns of the level, with them taken away.
 * Goals and lose conditions are not counted: a search that uses this checks them itself.
 */
export function contentBlindLayers(pack: Pack, level: LevelRuntime): Set<number> {
  const blind = new Set<number>();
  if (level.rules.all.length > 0) return blind;
  pack.layers.forEach((layer) => {
    blind.add(layer.index);
  });
  for (const system of level.systems) {
    const ids = new Set(system.behaviour.search?.blindTo?.(system.config as never, pack) ?? []);
    for (const layer of pack.layers) if (!ids.has(layer.id)) blind.delete(layer.index);
  }
  return blind;
}
