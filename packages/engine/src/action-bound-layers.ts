import type { LevelRuntime } from "./level.js";
import type { Pack } from "./pack.js";

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
