import type { Entity, GameState, LevelRuntime, Pack } from "@gridponder/engine";
import type { RecallRole, SystemRole } from "@gridponder/engine/search-contract";
import { goalReadsOnlyItsConfig, loseReadsOnlyItsConfig } from "../goal-declarations.js";
import { levelRoles } from "../level-roles.js";

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

/**
 * The system roles whose layer use is known (fixed layers or ones the role names) and which never
 * read where the avatar came from (see `SystemRole`).
 */
const KNOWN_LAYER_USE = new Set<SystemRole["role"]>(["avatar-step", "push", "slide", "recall"]);

/** The level's systems with their roles, when every one plays a role of `KNOWN_LAYER_USE`. */
function knownSystems(pack: Pack, level: LevelRuntime) {
  const roles = levelRoles(pack, level);
  if (roles === null || roles.some((r) => !KNOWN_LAYER_USE.has(r.role))) return null;
  return level.systems.map((system, i) => ({ system, role: roles[i] as SystemRole }));
}

const isRecall = (r: SystemRole): r is RecallRole => r.role === "recall";

/** Whether every goal and lose condition of the level reads only what its config names. */
function goalsReadOnlyTheirConfigs(pack: Pack, level: LevelRuntime): boolean {
  return (
    level.goals.every((g) => goalReadsOnlyItsConfig(pack, g)) &&
    level.loseConditions.every((c) => loseReadsOnlyItsConfig(pack, c))
  );
}

/**
 * Finds the action-bound layers of a level. Today that is the marker layer of a recall role, which
 * only its own action touches, provided nothing else can see the layer: no other system uses it (and
 * every other system is one whose layer use is known), and no rule, goal or lose condition names the
 * layer, the marker kind, or any of the marker kind's tags (a goal like `reach_target` looks at every
 * layer of a cell, by kind or tag).
 */
export function actionBoundLayers(pack: Pack, level: LevelRuntime): ActionBoundLayer[] {
  const found: ActionBoundLayer[] = [];
  const known = knownSystems(pack, level);
  if (known === null) return found;
  if (!goalsReadOnlyTheirConfigs(pack, level)) return found;
  const watched = JSON.stringify([level.rules.all.map((r) => r.source), level.goals, level.loseConditions]);
  // Any occurrence counts, inside a reference like `$cell.<layer>.kind` too: a false alarm only costs
  // speed.
  const mentions = (word: string) => watched.includes(word);
  for (const { system, role } of known) {
    if (!isRecall(role)) continue;
    const layerId = role.markerLayer;
    const layer = pack.layerIndex.get(layerId);
    const kind = pack.kinds.get(role.markerKind);
    if (layer === undefined || kind === undefined) continue;
    if (layerId === "ground" || layerId === "objects") continue;
    const others = level.systems.filter((s) => s !== system);
    if (others.some((s) => JSON.stringify(s.config).includes(layerId))) continue;
    if (mentions(layerId) || mentions(kind.name) || [...kind.tags].some(mentions)) continue;
    // Another entity kind living on the layer could be seen through its own name or tags.
    const residents = [...pack.kinds.values()].filter((k) => k.layerIndex === layer && k !== kind);
    if (residents.length > 0) continue;
    found.push({ layer, actions: new Set([role.action]) });
  }
  return found;
}

/**
 * A turn that puts the avatar on a cell the state names, whatever cell the avatar left: the recall of
 * a recall role to its marker. While `applies(state)` holds, two states that differ only in the
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
  const known = knownSystems(pack, level);
  if (known === null) return found;
  if (!goalsReadOnlyTheirConfigs(pack, level)) return found;
  if (level.rules.all.some((r) => r.source.on === "avatar_exited")) return found;
  const watched = JSON.stringify([level.rules.all.map((r) => r.source), level.goals, level.loseConditions]);
  if (watched.includes("from")) return found;
  const objects = pack.layerIndex.get("objects");
  const roles = known.map((k) => k.role);
  const anchors = roles.filter(isRecall);
  for (const anchor of anchors) {
    const { action } = anchor;
    const layer = pack.layerIndex.get(anchor.markerLayer);
    const kind = anchor.markerKind;
    if (layer === undefined || layer === objects) continue;
    // Another system acting on the same action could read the avatar's cell before the teleport.
    if (anchors.some((a) => a !== anchor && a.action === action)) continue;
    if (roles.some((r) => r.role === "avatar-step" && r.moveAction === action)) continue;
    const blockedBy = anchor.blockedByTags;
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
