import type { Goal, LoseCondition } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import type { GameEvent } from "../contract/events.js";
import type { Entity } from "../contract/model.js";
import type {
  GoalCheck,
  GoalDefinition,
  GoalStatus,
  LoseConditionDefinition,
  Pack,
  TurnContext,
} from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";
import { balanceLose, balanceStatus } from "./balance.js";
import { compileBoardMatch } from "./board-match.js";
import { compare, compileLineConstraint } from "./lines.js";
import { compileSequenceMatch } from "./sequence-match.js";

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

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

function statusOf(goal: Goal, done: boolean, progress: number): GoalStatus {
  return { id: goal.id, type: goal.type, done, progress: done ? 1 : clamp01(progress) };
}

/** `reach_target`: the avatar stands on a cell holding the target kind or tag, on any layer. */
function reachTarget(pack: Pack, goal: Extract<Goal, { type: "reach_target" }>): GoalCheck {
  const { targetKind, targetTag } = goal.config;
  const layerCount = pack.layers.length;
  return ({ draft }) => {
    const a = draft.avatar;
    if (!a.enabled || !a.position) return statusOf(goal, false, 0);
    // Indexing, not destructuring: positions are frozen, and this runs on every turn.
    const x = a.position[0];
    const y = a.position[1];
    for (let li = 0; li < layerCount; li++) {
      const e = draft.get(li, x, y);
      if (!e) continue;
      if (targetKind !== undefined && e.kind === targetKind) return statusOf(goal, true, 1);
      if (targetTag !== undefined && e.info.tags.has(targetTag)) return statusOf(goal, true, 1);
    }
    return statusOf(goal, false, 0);
  };
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

/** `param_match`: every marker cell's partner on the check layer has the wanted param value. */
function paramMatch(pack: Pack, goal: Extract<Goal, { type: "param_match" }>): GoalCheck {
  const c = goal.config;
  const marker = pack.layerIndex.get(c.markerLayer) ?? -1;
  const check = pack.layerIndex.get(c.checkLayer) ?? -1;
  // The marker cells of each marker layer array met. Runs after every turn, and the marker layer
  // seldom changes: a layer the turn did not write is an earlier state's, which never changes again.
  const markerCells = new WeakMap<readonly (Entity | null)[], Int32Array>();
  const cellsOf = (draft: Draft): Int32Array => {
    const markers = draft.layerCells(marker);
    const written = draft.ownsLayer(marker);
    let cells = written ? undefined : markerCells.get(markers);
    if (cells === undefined) {
      const found: number[] = [];
      for (let i = 0; i < markers.length; i++) if (markers[i]?.kind === c.markerKind) found.push(i);
      cells = Int32Array.from(found);
      if (!written) markerCells.set(markers, cells);
    }
    return cells;
  };
  return ({ draft }) => {
    let total = 0;
    let ok = 0;
    if (marker >= 0) {
      const cells = cellsOf(draft);
      const checked = check >= 0 ? draft.layerCells(check) : null;
      total = cells.length;
      for (let j = 0; j < cells.length; j++) {
        const e = checked?.[cells[j] as number];
        if (e?.kind === c.checkKind && own(e.params, c.checkParam) === c.checkValue) ok++;
      }
    }
    return statusOf(goal, total > 0 && ok === total, total === 0 ? 0 : ok / total);
  };
}

/** A built-in goal type, its entries typed as the DSL defines them. */
function goal<T extends Goal["type"]>(
  type: T,
  compile: (pack: Pack, goal: Extract<Goal, { type: T }>, width: number, height: number) => GoalCheck,
): GoalDefinition<never> {
  return { type, compile } as unknown as GoalDefinition<never>;
}

/** A goal type whose status is a count of satisfied parts out of a total. */
function counted<T extends Goal["type"]>(
  type: T,
  parts: (
    pack: Pack,
    goal: Extract<Goal, { type: T }>,
    width: number,
    height: number,
  ) => (ctx: TurnContext, events: readonly GameEvent[]) => { done: boolean; progress: number },
): GoalDefinition<never> {
  return goal(type, (pack, g, width, height) => {
    const status = parts(pack, g, width, height);
    return (ctx, events) => {
      const { done, progress } = status(ctx, events);
      return statusOf(g, done, progress);
    };
  });
}

/** The goal types the DSL defines. */
export const BUILTIN_GOALS: readonly GoalDefinition<never>[] = [
  goal("reach_target", reachTarget),
  goal("all_cleared", allCleared),
  counted("variable_threshold", (_pack, g) => {
    const { variable, target, comparison = "gte" } = g.config;
    return ({ draft }) => {
      const value = own(draft.variables, variable);
      return {
        done: compare(value, comparison, target),
        progress: typeof value === "number" && target !== 0 ? value / target : 0,
      };
    };
  }),
  counted("board_match", (pack, g, width, height) => {
    const status = compileBoardMatch(pack, g, width, height);
    return ({ draft }) => {
      const { matched, total } = status(draft);
      return { done: matched === total, progress: total === 0 ? 1 : matched / total };
    };
  }),
  goal("param_match", paramMatch),
  ...(["sum_constraint", "count_constraint"] as const).map((type) =>
    counted(type, (pack, g, width, height) => {
      const status = compileLineConstraint(pack, g, width, height);
      return ({ draft }) => {
        const { satisfied, total } = status(draft);
        return { done: satisfied === total && total > 0, progress: total === 0 ? 0 : satisfied / total };
      };
    }),
  ),
  // Goals that consume board entities change the draft and emit events.
  counted("sequence_match", (_pack, g) => {
    const status = compileSequenceMatch(g);
    return (ctx, events) => {
      const { index, length } = status(ctx, events);
      return { done: index >= length, progress: length === 0 ? 1 : index / length };
    };
  }),
  counted("balance", (_pack, g) => (ctx) => balanceStatus(ctx, g)),
];

/** A built-in lose condition type, its entries typed as the DSL defines them. */
function lose<T extends LoseCondition["type"]>(
  type: T,
  holds: (ctx: TurnContext, condition: Extract<LoseCondition, { type: T }>) => boolean,
): LoseConditionDefinition<never> {
  return { type, holds } as unknown as LoseConditionDefinition<never>;
}

/** The lose condition types the DSL defines. */
export const BUILTIN_LOSE_CONDITIONS: readonly LoseConditionDefinition<never>[] = [
  lose("max_actions", ({ draft }, c) => draft.actionCount >= c.config.limit),
  lose("variable_threshold", ({ draft }, c) => {
    const { variable, target, comparison = "gte" } = c.config;
    return compare(own(draft.variables, variable), comparison, target);
  }),
  lose("balance_budget_exhausted", balanceLose),
  lose("balance_unreachable", balanceLose),
  // Reserved by the DSL without a defined configuration: it never fires.
  lose("board_state", () => false),
];
