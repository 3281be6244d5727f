import type { LevelRuntime, Pack } from "@gridponder/engine";
import type { SystemRole } from "@gridponder/engine/search-contract";

/**
 * The roles of a level's enabled systems, in `game.json` order, or `null` when some system plays
 * none (its type declares no `role`, or its config fits none): then no relaxed model covers the level.
 */
export function levelRoles(pack: Pack, level: LevelRuntime): SystemRole[] | null {
  const roles: SystemRole[] = [];
  for (const system of level.systems) {
    const role = system.behaviour.search?.role?.(system.config as never, pack) ?? null;
    if (role === null) return null;
    roles.push(role);
  }
  return roles;
}
