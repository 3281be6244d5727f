import type { LevelRuntime, Pack } from "@gridponder/engine";
import type { Effect } from "@gridponder/schema";

/** The entity kinds a rule effect may bring onto the board, or `"any"` when it cannot be told. */
function effectCreates(effect: Effect): readonly string[] | "any" {
  const [type, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | null];
  const fields = raw ?? {};
  switch (type) {
    case "spawn":
    case "set_cell": {
      const kind = fields.kind;
      return typeof kind === "string" && !kind.startsWith("$") ? [kind] : "any";
    }
    case "transform": {
      const kind = fields.toKind;
      return typeof kind === "string" && !kind.startsWith("$") ? [kind] : "any";
    }
    // Moves and removals, and effects on variables, the inventory or the avatar.
    case "destroy":
    case "move_entity":
    case "apply_gravity":
    case "set_variable":
    case "increment_variable":
    case "set_inventory":
    case "clear_inventory":
    case "resolve_move":
      return [];
    default:
      return "any";
  }
}

/**
 * The kinds a level's turns may create: its systems' `kindsCreated`, the kinds its rules' effects
 * write, and the fill of every `exactly_one` layer (a cell something leaves). `null` when some system
 * or effect cannot tell.
 */
export function creatableKinds(pack: Pack, level: LevelRuntime): Set<string> | null {
  const kinds = new Set<string>();
  const add = (created: readonly string[] | "any"): boolean => {
    if (created === "any") return false;
    for (const k of created) kinds.add(k);
    return true;
  };
  for (const system of level.systems) {
    const created = system.behaviour.search?.kindsCreated?.(system.config as never, pack) ?? "any";
    if (!add(created)) return null;
  }
  for (const rule of level.rules.all)
    for (const effect of rule.source.then) if (!add(effectCreates(effect))) return null;
  for (const layer of pack.layers) if (layer.fill) kinds.add(layer.fill.kind);
  return kinds;
}
