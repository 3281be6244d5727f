import type { LevelRuntime, Pack } from "@gridponder/engine";
import { clearsOf } from "./goal-declarations.js";
import { levelRoles } from "./level-roles.js";

/**
 * A level played only by `area-growth` roles that grow one area (see `AreaGrowthRole`), each taking
 * kinds no other takes, and won by goals met by clearing a kind (`clears`, as `all_cleared` declares):
 * every turn grows the area by the
 * cells of one role's kinds connected to it.
 */
export interface AreaGrowthLevel {
  /** The layer the area grows on, by index, and the area's kind. */
  readonly layer: number;
  readonly areaKind: string;
  /** The role (by system order) that takes in each kind. */
  readonly growthOf: ReadonlyMap<string, number>;
  /** Each role's action. */
  readonly actions: readonly string[];
  /** The kinds the goals clear. */
  readonly targets: ReadonlySet<string>;
}

/** The level as an area-growth level (see `AreaGrowthLevel`), or `null` when it is not one. */
export function areaGrowthLevel(pack: Pack, level: LevelRuntime): AreaGrowthLevel | null {
  const roles = levelRoles(pack, level);
  if (roles === null || roles.length === 0) return null;
  const first = roles[0];
  if (first?.role !== "area-growth") return null;
  const growthOf = new Map<string, number>();
  const actions: string[] = [];
  for (const [i, role] of roles.entries()) {
    if (role.role !== "area-growth" || role.layer !== first.layer || role.areaKind !== first.areaKind)
      return null;
    for (const kind of role.absorbs) {
      // A kind two roles take could join the area by either: one turn per kind no longer holds.
      if (growthOf.has(kind)) return null;
      growthOf.set(kind, i);
    }
    actions.push(role.action);
  }
  const layer = pack.layerIndex.get(first.layer);
  if (layer === undefined) return null;
  const goals = level.goals;
  if (goals.length === 0) return null;
  const targets = new Set<string>();
  for (const goal of goals) {
    const kind = clearsOf(pack, goal)?.kind;
    if (typeof kind !== "string") return null;
    targets.add(kind);
  }
  return { layer, areaKind: first.areaKind, growthOf, actions, targets };
}
