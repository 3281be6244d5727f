import type { LevelRuntime } from "./level.js";
import type { Entity } from "./model.js";
import type { Pack } from "./pack.js";
import type { GameState } from "./state.js";

/**
 * A layer that only turns of certain actions read or write. A turn of any other action leaves it as it
 * is and does exactly the same whatever it holds; so two states that differ only in this layer have
 * the same successors under those actions, up to the layer itself. Searches use it to play such a
 * turn once for a whole group of states.
 */
export interface ActionBoundLayer {
  readonly layer: number;
  /** The actions whose turns may read or write the layer. */
  readonly actions: ReadonlySet<string>;
}

/** System types whose layer use is known: fixed layers or ones named in their config. */
const KNOWN_LAYER_USE = new Set(["avatar_navigation", "push_objects", "ice_slide", "anchor_point"]);
/** Goal and lose-condition types that read only what their config names. */
const KNOWN_GOALS = new Set(["all_cleared", "reach_target", "variable_threshold"]);
const KNOWN_LOSES = new Set(["max_actions", "variable_threshold"]);

/**
 * Finds the action-bound layers of a level. Today that is the marker layer of `anchor_point`, which
 * only its own action touches, provided nothing else can see the layer: no other system uses it (and
 * every other system is one whose layer use is known), and no rule, goal or lose condition names the
 * layer, the marker kind, or any of the marker kind's tags (a goal like `reach_target` looks at every
 * layer of a cell, by kind or tag).
 */
export function actionBoundLayers(pack: Pack, level: LevelRuntime): ActionBoundLayer[] {
  const found: ActionBoundLayer[] = [];
  if (level.systems.some((s) => !KNOWN_LAYER_USE.has(s.type))) return found;
  if (level.goals.some((g) => !KNOWN_GOALS.has(g.type))) return found;
  if (level.loseConditions.some((c) => !KNOWN_LOSES.has(c.type))) return found;
  const watched = JSON.stringify([level.rules.all.map((r) => r.source), level.goals, level.loseConditions]);
  // Any occurrence counts, inside a reference like `$cell.<layer>.kind` too: a false alarm only costs
  // speed.
  const mentions = (word: string) => watched.includes(word);
  for (const system of level.systems) {
    if (system.type !== "anchor_point") continue;
    const layerId = String(system.config.markerLayer);
    const layer = pack.layerIndex.get(layerId);
    const kind = pack.kinds.get(String(system.config.markerKind));
    if (layer === undefined || kind === undefined) continue;
    if (layerId === "ground" || layerId === "objects") continue;
    const others = level.systems.filter((s) => s !== system);
    if (others.some((s) => JSON.stringify(s.config).includes(layerId))) continue;
    if (mentions(layerId) || mentions(kind.name) || [...kind.tags].some(mentions)) continue;
    // Another entity kind living on the layer could be seen through its own name or tags.
    const residents = [...pack.kinds.values()].filter((k) => k.layerIndex === layer && k !== kind);
    if (residents.length > 0) continue;
    found.push({ layer, actions: new Set([String(system.config.action)]) });
  }
  return found;
}

/**
 * A turn that puts the avatar on a cell the state names, whatever cell the avatar left: the recall of
 * `anchor_point` to its marker. While `applies(state)` holds, two states that differ only in the
 * avatar's cell (and facing) have the same successor under `action`, up to the facing, so a search can
 * play the turn once for all of them.
 */
export interface OriginFreeTeleport {
  readonly action: string;
  /** Whether the turn teleports from this state: a marker is down and nothing blocks its cell. */
  readonly applies: (state: GameState) => boolean;
  /**
   * The same for a state whose marker stands on `cell` (row-major index), without looking for it: the
   * avatar is present and nothing blocks the cell.
   */
  readonly appliesAt: (state: GameState, cell: number) => boolean;
}

/**
 * Finds the origin-free teleports of a level. The origin can only matter through the events that name
 * it (`avatar_exited`, and `fromPosition` of `avatar_entered`), so this holds when every system is one
 * whose behaviour is known not to read them, exactly one system acts on the action, and no rule, goal
 * or lose condition listens for an exit or mentions where something came from (any occurrence of
 * `from` counts: a false alarm only costs speed).
 */
export function originFreeTeleports(pack: Pack, level: LevelRuntime): OriginFreeTeleport[] {
  const found: OriginFreeTeleport[] = [];
  if (level.systems.some((s) => !KNOWN_LAYER_USE.has(s.type))) return found;
  if (level.goals.some((g) => !KNOWN_GOALS.has(g.type))) return found;
  if (level.loseConditions.some((c) => !KNOWN_LOSES.has(c.type))) return found;
  if (level.rules.all.some((r) => r.source.on === "avatar_exited")) return found;
  const watched = JSON.stringify([level.rules.all.map((r) => r.source), level.goals, level.loseConditions]);
  if (watched.includes("from")) return found;
  const objects = pack.layerIndex.get("objects");
  const anchors = level.systems.filter((s) => s.type === "anchor_point");
  for (const system of anchors) {
    const action = String(system.config.action);
    const layer = pack.layerIndex.get(String(system.config.markerLayer));
    const kind = String(system.config.markerKind);
    if (layer === undefined || layer === objects) continue;
    // Another system acting on the same action could read the avatar's cell before the teleport.
    if (anchors.some((s) => s !== system && String(s.config.action) === action)) continue;
    const moves = level.systems.filter((s) => s.type === "avatar_navigation");
    if (moves.some((s) => String(s.config.moveAction ?? "move") === action)) continue;
    const blockedBy = (system.config.blockedByTags as readonly string[] | undefined) ?? ["solid"];
    const appliesAt = (state: GameState, cell: number): boolean => {
      const avatar = state.avatar;
      if (!avatar.enabled || !avatar.position) return false;
      if (objects === undefined) return true;
      const occupant = (state.layers[objects] as readonly (Entity | null)[])[cell];
      return !occupant || !blockedBy.some((t) => occupant.info.tags.has(t));
    };
    found.push({
      action,
      appliesAt,
      applies(state) {
        const cells = state.layers[layer] as readonly (Entity | null)[];
        for (let i = 0; i < cells.length; i++) if (cells[i]?.kind === kind) return appliesAt(state, i);
        return false;
      },
    });
  }
  return found;
}
