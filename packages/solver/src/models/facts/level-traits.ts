import type { LevelRuntime, Pack } from "@gridponder/engine";

/**
 * The most cells (Manhattan distance) one turn can carry the avatar in a level: the largest
 * `avatarReach` of its systems (`Infinity` for a system type that does not say), and one for a rule
 * that completes a blocked step (`resolve_move`). A step blocked in an earlier turn and completed
 * later is not counted here: it lands on the cell the step was aimed at, which the state remembers.
 */
export function avatarReach(level: LevelRuntime): number {
  let reach = 0;
  for (const system of level.systems)
    reach = Math.max(reach, system.behaviour.search?.avatarReach ?? Number.POSITIVE_INFINITY);
  if (level.rules.all.some((rule) => rule.source.then.some((effect) => "resolve_move" in effect)))
    reach = Math.max(reach, 1);
  return reach;
}

/**
 * Whether some accepted turns of the level may not count as an action (see `freeTurns` of the system
 * types), so the action count is no longer the number of turns played.
 */
export function hasFreeTurns(level: LevelRuntime): boolean {
  return level.systems.some((system) => system.behaviour.search?.freeTurns ?? true);
}

/**
 * The layers (by index) on which a turn of the level may move an entity from one cell to another: the
 * `layersMoved` of its systems and the layers its rules move entities on. `null` when some system
 * type does not say, or a rule applies gravity (which moves entities on every layer).
 */
export function movedLayers(pack: Pack, level: LevelRuntime): Set<number> | null {
  const moved = new Set<number>();
  const add = (ids: readonly string[]) => {
    for (const id of ids) {
      const index = pack.layerIndex.get(id);
      if (index !== undefined) moved.add(index);
    }
  };
  for (const system of level.systems) {
    const ids = system.behaviour.search?.layersMoved?.(system.config as never, pack) ?? "any";
    if (ids === "any") return null;
    add(ids);
  }
  for (const rule of level.rules.all)
    for (const effect of rule.source.then) {
      if ("apply_gravity" in effect) return null;
      if ("move_entity" in effect) {
        const layer = (effect.move_entity as { layer?: unknown }).layer;
        if (typeof layer !== "string") return null;
        add([layer]);
      }
    }
  return moved;
}
