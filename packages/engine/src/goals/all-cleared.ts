import type { Goal } from "@gridponder/schema";
import type { Entity } from "../contract/model.js";
import type { GoalCheck, Pack } from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";
import { goal, statusOf } from "./define.js";

// The last layer tallied by kind, and the draft and write count it was tallied at: a level often has
// several `all_cleared` goals over the same layer (one per colour), and a turn that wrote the layer
// would otherwise make each of them count it again.
let tallied: readonly unknown[] | null = null;
let talliedDraft: Draft | null = null;
let talliedVersion = -1;
let tally = new Int32Array(0);

/** How many entities of each kind (by kind index) a layer holds. */
function kindsOnLayer(draft: Draft, cells: readonly (Entity | null)[], kindCount: number): Int32Array {
  // A draft's layer array changes only through `Draft.set`, which bumps `version`.
  if (cells === tallied && draft === talliedDraft && draft.version === talliedVersion) return tally;
  if (tally.length !== kindCount) tally = new Int32Array(kindCount);
  else tally.fill(0);
  for (const e of cells) if (e !== null) tally[e.info.index] = (tally[e.info.index] as number) + 1;
  tallied = cells;
  talliedDraft = draft;
  talliedVersion = draft.version;
  return tally;
}

/** The kinds (by index) an `all_cleared` config counts, and the layers that can hold them. */
interface Selection {
  readonly kinds: readonly number[];
  readonly layers: readonly number[];
}

// By pack and config (kind, then tag, then layer; `null` for an absent one): a pack's levels clear the
// same few kinds, and finding them scans every kind.
type Selections = Map<string | null, Map<string | null, Map<string | null, Selection>>>;
const selections = new WeakMap<Pack, Selections>();

function selectionOf(pack: Pack, config: { kind?: string; tag?: string; layer?: string }): Selection {
  const { kind, tag, layer } = config;
  let byKind = selections.get(pack);
  if (byKind === undefined) {
    byKind = new Map();
    selections.set(pack, byKind);
  }
  let byTag = byKind.get(kind ?? null);
  if (byTag === undefined) {
    byTag = new Map();
    byKind.set(kind ?? null, byTag);
  }
  let byConfig = byTag.get(tag ?? null);
  if (byConfig === undefined) {
    byConfig = new Map();
    byTag.set(tag ?? null, byConfig);
  }
  const key = layer ?? null;
  let found = byConfig.get(key);
  if (found === undefined) {
    const only = layer !== undefined ? (pack.layerIndex.get(layer) ?? -1) : null;
    const kinds: number[] = [];
    const layerSet = new Set<number>();
    for (const info of pack.kinds.values()) {
      if (kind !== undefined && info.name !== kind) continue;
      if (tag !== undefined && !info.tags.has(tag)) continue;
      if (only !== null && info.layerIndex !== only) continue;
      kinds.push(info.index);
      layerSet.add(info.layerIndex);
    }
    found = { kinds, layers: [...layerSet].sort((a, b) => a - b) };
    byConfig.set(key, found);
  }
  return found;
}

/**
 * `all_cleared`: no entity of the kind (or tag, on the layer) is left; progress against the count at
 * the first evaluation, kept in the state's memory.
 */
function allCleared(pack: Pack, goal: Extract<Goal, { type: "all_cleared" }>): GoalCheck {
  const { kinds, layers } = selectionOf(pack, goal.config);
  // The last layer arrays counted and their counts, by position in `layers`. A layer the draft has not
  // written is a committed state's, which never changes again; a state and the turns that leave a layer
  // alone share it, so most turns count nothing.
  const lastCells: (readonly unknown[] | null)[] = layers.map(() => null);
  const lastCount: number[] = layers.map(() => 0);
  const key = `goal:${goal.id}:initial`;
  const kindCount = pack.kinds.size;
  return ({ draft }) => {
    let remaining = 0;
    for (let j = 0; j < layers.length; j++) {
      const li = layers[j] as number;
      const cells = draft.layerCells(li);
      if (lastCells[j] === cells) {
        remaining += lastCount[j] as number;
        continue;
      }
      const counts = kindsOnLayer(draft, cells, kindCount);
      let n = 0;
      for (const k of kinds) n += counts[k] as number;
      // A layer written this turn may still change (a later goal can consume entities): not kept.
      if (!draft.ownsLayer(li)) {
        lastCells[j] = cells;
        lastCount[j] = n;
      }
      remaining += n;
    }
    let initial = draft.memory<number>(key);
    if (initial === undefined) {
      initial = remaining;
      draft.setMemory(key, remaining);
    }
    return statusOf(goal, remaining === 0, initial === 0 ? 1 : 1 - remaining / initial);
  };
}

export const allClearedGoal = goal("all_cleared", allCleared, {
  search: {
    clears: (g) => ({ ...g.config }),
    readsOnlyWhatConfigNames: true,
  },
  describe: (g, words) => {
    const { kind, tag } = g.config;
    if (kind) return `Clear every ${words.kind(kind)}`;
    const kinds = words.tagged(tag ?? "");
    if (kinds.length > 0) return `Clear every ${kinds.join(" and every ")}`;
    return `Clear everything tagged ${words.humanize(tag ?? "target").toLowerCase()}`;
  },
});
