import type { Entity, GameState, LevelRuntime, Pack } from "@gridponder/engine";
import type { Effect } from "@gridponder/schema";
import { avatarTargetOf } from "../goal-declarations.js";
import { creatableKinds } from "./creatable-kinds.js";
import { movedLayers } from "./level-traits.js";

/**
 * Whether the cells holding the avatar targets of a level's goals never gain a target: every goal
 * declares one (`avatarTarget`, as `reach_target` does), and no turn creates a target kind or moves an entity on a layer a target kind lives on
 * (`creatableKinds`, `movedLayers`). Targets may still go away, which only takes them out of reach.
 */
export function reachTargetsStayPut(pack: Pack, level: LevelRuntime): boolean {
  const creatable = creatableKinds(pack, level);
  const moved = movedLayers(pack, level);
  if (creatable === null || moved === null || level.goals.length === 0) return false;
  return level.goals.every(
    (goal) =>
      avatarTargetOf(pack, goal) !== null &&
      reachTargetKinds(pack, goal).every((k) => !creatable.has(k.name) && !moved.has(k.layerIndex)),
  );
}

/** The kinds the avatar may stand on to meet a goal with an avatar target (none for another goal). */
export function reachTargetKinds(pack: Pack, goal: LevelRuntime["goals"][number]) {
  const target = avatarTargetOf(pack, goal);
  if (target === null) return [];
  const { kind: targetKind, tag: targetTag } = target;
  return [...pack.kinds.values()].filter(
    (k) =>
      (targetKind !== undefined && k.name === targetKind) ||
      (targetTag !== undefined && k.tags.has(targetTag)),
  );
}

/** Where a rule's effects may get the avatar an item: literal items, and layers it picks kinds from. */
interface ItemSources {
  readonly literal: Set<string>;
  readonly layers: Set<number>;
}

/** Events that name a cell something has just entered: nothing enters the cell of a lock. */
const ARRIVALS = new Set(["avatar_entered", "object_placed"]);

/**
 * Reads the rules for what `targetLocks` needs: where items come from, and whether every effect that
 * writes the `objects` layer does so only at the cell an arrival event names. `null` otherwise (an
 * effect that moves entities, completes a blocked move, or whose item cannot be told).
 */
function ruleItemSources(pack: Pack, level: LevelRuntime): ItemSources | null {
  const sources: ItemSources = { literal: new Set(), layers: new Set() };
  for (const rule of level.rules.all) {
    for (const effect of rule.source.then as readonly Effect[]) {
      const [type, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | null];
      const fields = raw ?? {};
      switch (type) {
        case "set_variable":
        case "increment_variable":
        case "clear_inventory":
          break;
        case "set_inventory": {
          const item = fields.item;
          const picked = typeof item === "string" ? /^\$cell\.([A-Za-z0-9_-]+)\.kind$/.exec(item) : null;
          const layer = picked ? pack.layerIndex.get(picked[1] as string) : undefined;
          if (typeof item === "string" && !item.startsWith("$")) sources.literal.add(item);
          else if (layer !== undefined) sources.layers.add(layer);
          else return null;
          break;
        }
        case "destroy":
        case "transform":
        case "spawn":
        case "set_cell":
          if (
            fields.layer === "objects" &&
            !(fields.position === "$event.position" && ARRIVALS.has(rule.source.on))
          )
            return null;
          break;
        default:
          return null;
      }
    }
  }
  return sources;
}

/**
 * Targets walled off for good. In a level whose systems all promise how they treat solid objects (see
 * `SolidObjects`), a solid object on `objects` that carries none of their `moves` tags (a lock) never
 * moves, never lets the avatar into its cell, and goes away only by a tool use. So while its every tool
 * item is out of reach (not held, not lying where a rule hands it out, not creatable), the cell stays
 * shut; and when every target cell of a `reach_target` goal is shut that way, no action sequence wins.
 * The target cells are those of the start (targets stay put, see `reachTargetsStayPut`). `null` when the
 * level gives nothing to watch, or its systems, rules or goals do not allow the reasoning.
 */
export function targetLocks(
  pack: Pack,
  level: LevelRuntime,
  start: GameState,
): { readonly items: readonly string[]; locked(state: GameState): boolean } | null {
  const objects = pack.layerIndex.get("objects");
  if (objects === undefined || !reachTargetsStayPut(pack, level)) return null;
  const moves = new Set<string>();
  const tools: { item: string; targetTag: string }[] = [];
  const sentAwayBy = new Set<string>();
  for (const system of level.systems) {
    const promise = system.behaviour.search?.solidObjects?.(system.config as never, pack, level) ?? null;
    if (promise === null) return null;
    for (const tag of promise.moves) moves.add(tag);
    for (const tag of promise.sentAwayBy ?? []) sentAwayBy.add(tag);
    tools.push(...promise.tools);
  }
  const sources = ruleItemSources(pack, level);
  const creatable = creatableKinds(pack, level);
  if (sources === null || creatable === null) return null;
  for (const kind of creatable)
    if ([...(pack.kinds.get(kind)?.tags ?? [])].some((t) => sentAwayBy.has(t))) return null;
  const always = (item: string) => sources.literal.has(item) || creatable.has(item);
  // By kind index: the items (by kind index) that open a lock of that kind, or null for no lock.
  const keys: (readonly number[] | null)[] = [];
  const watched = new Set<number>();
  for (const kind of pack.kinds.values()) {
    keys[kind.index] = null;
    if (kind.layerIndex !== objects || !kind.tags.has("solid") || [...kind.tags].some((t) => moves.has(t)))
      continue;
    const items = [...new Set(tools.filter((t) => kind.tags.has(t.targetTag)).map((t) => t.item))];
    if (items.some(always)) continue;
    const indices: number[] = [];
    for (const item of items) {
      const info = pack.kinds.get(item);
      // An item that is no kind can be neither picked up nor created: it never opens anything.
      if (info !== undefined && sources.layers.has(info.layerIndex)) indices.push(info.index);
    }
    keys[kind.index] = indices;
    for (const i of indices) watched.add(i);
  }
  if (keys.every((k) => k === null)) return null;
  const cells = level.width * level.height;
  const goals: Int32Array[] = [];
  for (const goal of level.goals) {
    const wanted = new Set(reachTargetKinds(pack, goal).map((k) => k.index));
    const found: number[] = [];
    for (let i = 0; i < cells; i++)
      if (start.layers.some((layer) => wanted.has((layer[i] as Entity | null)?.info.index ?? -1)))
        found.push(i);
    goals.push(Int32Array.from(found));
  }
  function lockAt(state: GameState, cell: number): readonly number[] | null {
    const e = (state.layers[objects as number] as readonly (Entity | null)[])[cell];
    return e ? (keys[e.info.index] ?? null) : null;
  }
  // Per layer array: which watched items lie on it (a turn that left a layer alone leaves this alone).
  const lying = new WeakMap<object, Uint8Array>();
  const itemsOn = (layer: readonly (Entity | null)[]): Uint8Array => {
    let found = lying.get(layer);
    if (found === undefined) {
      found = new Uint8Array(pack.kinds.size);
      for (const e of layer) if (e && watched.has(e.info.index)) found[e.info.index] = 1;
      lying.set(layer, found);
    }
    return found;
  };
  const sourceLayers = [...sources.layers];
  const held = (state: GameState, items: readonly number[]): boolean => {
    const item = state.avatar.item === null ? undefined : pack.kinds.get(state.avatar.item);
    for (const i of items) {
      if (item?.index === i) return true;
      for (const layer of sourceLayers)
        if ((itemsOn(state.layers[layer] as readonly (Entity | null)[])[i] as number) === 1) return true;
    }
    return false;
  };
  return {
    items: [...pack.kinds.values()].filter((k) => watched.has(k.index)).map((k) => k.name),
    locked(state) {
      for (const targets of goals) {
        let shut = targets.length > 0;
        for (let t = 0; t < targets.length && shut; t++) {
          const items = lockAt(state, targets[t] as number);
          shut = items !== null && !held(state, items);
        }
        if (shut) return true;
      }
      return false;
    },
  };
}
