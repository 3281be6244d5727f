import type { Goal, LoseCondition } from "@gridponder/schema";
import type { GameEvent } from "../events.js";
import type { Entity } from "../model.js";
import type { Draft } from "../state.js";
import type { TurnContext } from "../systems/types.js";
import { balanceLose, balanceStatus } from "./balance.js";
import { boardMatchStatus } from "./board-match.js";
import { compare, lineConstraintStatus } from "./lines.js";
import { sequenceMatchStatus } from "./sequence-match.js";

/** How far a goal is: done or not, and progress from 0 to 1. */
export interface GoalStatus {
  readonly id: string;
  readonly type: Goal["type"];
  readonly done: boolean;
  readonly progress: number;
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/** What an `all_cleared` goal counts: the layers that can hold a matching kind, and those kinds. */
interface ClearedKinds {
  readonly layers: readonly number[];
  /** The indices of the kinds that count. */
  readonly kinds: readonly number[];
  /**
   * The last layer arrays counted and their counts, by position in `layers`. A layer the draft has not
   * written is the committed state's, which never changes again; a state and the turns that leave a
   * layer alone share it, so most turns count nothing.
   */
  readonly lastCells: (readonly unknown[] | null)[];
  readonly lastCount: number[];
}

const clearedKinds = new WeakMap<Goal, ClearedKinds>();

/** Resolved once per goal (goal objects belong to one pack), as the kind table never changes. */
function clearedKindsOf(
  goal: Extract<Goal, { type: "all_cleared" }>,
  pack: TurnContext["pack"],
): ClearedKinds {
  let found = clearedKinds.get(goal);
  if (found === undefined) {
    const { kind, tag, layer } = goal.config;
    const only = layer !== undefined ? (pack.layerIndex.get(layer) ?? -1) : null;
    const kinds: number[] = [];
    const layers = new Set<number>();
    for (const info of pack.kinds.values()) {
      if (kind !== undefined && info.name !== kind) continue;
      if (tag !== undefined && !info.tags.has(tag)) continue;
      if (only !== null && info.layerIndex !== only) continue;
      kinds.push(info.index);
      layers.add(info.layerIndex);
    }
    const sorted = [...layers].sort((a, b) => a - b);
    found = { layers: sorted, kinds, lastCells: sorted.map(() => null), lastCount: sorted.map(() => 0) };
    clearedKinds.set(goal, found);
  }
  return found;
}

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

const initialKeys = new Map<string, string>();

/** The memory key of a goal's starting count, built once: string keys are hashed on every lookup. */
function initialKey(goal: Goal): string {
  let key = initialKeys.get(goal.id);
  if (key === undefined) {
    key = `goal:${goal.id}:initial`;
    initialKeys.set(goal.id, key);
  }
  return key;
}

function statusOf(goal: Goal, done: boolean, progress: number): GoalStatus {
  return { id: goal.id, type: goal.type, done, progress: done ? 1 : clamp01(progress) };
}

/**
 * Evaluates a goal against the state after the turn. Goals that consume board entities
 * (`sequence_match`) change the draft and emit events.
 */
export function evaluateGoal(ctx: TurnContext, goal: Goal, events: readonly GameEvent[]): GoalStatus {
  const { draft, pack } = ctx;
  switch (goal.type) {
    case "reach_target": {
      const a = draft.avatar;
      if (!a.enabled || !a.position) return statusOf(goal, false, 0);
      // Indexing, not destructuring: positions are frozen, and this runs on every turn.
      const x = a.position[0];
      const y = a.position[1];
      for (let li = 0; li < pack.layers.length; li++) {
        const e = draft.get(li, x, y);
        if (!e) continue;
        if (goal.config.targetKind !== undefined && e.kind === goal.config.targetKind)
          return statusOf(goal, true, 1);
        if (goal.config.targetTag !== undefined && e.info.tags.has(goal.config.targetTag))
          return statusOf(goal, true, 1);
      }
      return statusOf(goal, false, 0);
    }
    case "all_cleared": {
      const cleared = clearedKindsOf(goal, pack);
      let remaining = 0;
      for (let j = 0; j < cleared.layers.length; j++) {
        const li = cleared.layers[j] as number;
        const cells = draft.layerCells(li);
        if (cleared.lastCells[j] === cells) {
          remaining += cleared.lastCount[j] as number;
          continue;
        }
        const kinds = kindsOnLayer(draft, cells, pack.kinds.size);
        let n = 0;
        for (const k of cleared.kinds) n += kinds[k] as number;
        // A layer written this turn may still change (a later goal can consume entities): not kept.
        if (!draft.ownsLayer(li)) {
          cleared.lastCells[j] = cells;
          cleared.lastCount[j] = n;
        }
        remaining += n;
      }
      const key = initialKey(goal);
      let initial = draft.memory<number>(key);
      if (initial === undefined) {
        initial = remaining;
        draft.setMemory(key, remaining);
      }
      return statusOf(goal, remaining === 0, initial === 0 ? 1 : 1 - remaining / initial);
    }
    case "variable_threshold": {
      const { variable, target, comparison = "gte" } = goal.config;
      const value = draft.variables[variable];
      const done = compare(value, comparison, target);
      return statusOf(goal, done, typeof value === "number" && target !== 0 ? value / target : 0);
    }
    case "board_match": {
      const { matched, total } = boardMatchStatus(ctx, goal);
      return statusOf(goal, matched === total, total === 0 ? 1 : matched / total);
    }
    case "param_match": {
      const c = goal.config;
      const marker = pack.layerIndex.get(c.markerLayer) ?? -1;
      const check = pack.layerIndex.get(c.checkLayer) ?? -1;
      let total = 0;
      let ok = 0;
      if (marker >= 0) {
        // Runs after every turn: read the two layers' cells directly rather than cell by cell.
        const markers = draft.layerCells(marker);
        const checked = check >= 0 ? draft.layerCells(check) : null;
        for (let i = 0; i < markers.length; i++) {
          if (markers[i]?.kind !== c.markerKind) continue;
          total++;
          const e = checked?.[i];
          if (e?.kind === c.checkKind && e.params?.[c.checkParam] === c.checkValue) ok++;
        }
      }
      return statusOf(goal, total > 0 && ok === total, total === 0 ? 0 : ok / total);
    }
    case "sum_constraint":
    case "count_constraint": {
      const { satisfied, total } = lineConstraintStatus(ctx, goal);
      return statusOf(goal, satisfied === total && total > 0, total === 0 ? 0 : satisfied / total);
    }
    case "sequence_match": {
      const { index, length } = sequenceMatchStatus(ctx, goal, events);
      return statusOf(goal, index >= length, length === 0 ? 1 : index / length);
    }
    case "balance": {
      const s = balanceStatus(ctx, goal);
      return statusOf(goal, s.done, s.progress);
    }
  }
}

/** Whether a lose condition holds after the turn. */
export function evaluateLose(ctx: TurnContext, condition: LoseCondition): boolean {
  const { draft } = ctx;
  switch (condition.type) {
    case "max_actions":
      return draft.actionCount >= condition.config.limit;
    case "variable_threshold": {
      const { variable, target, comparison = "gte" } = condition.config;
      return compare(draft.variables[variable], comparison, target);
    }
    case "balance_budget_exhausted":
    case "balance_unreachable":
      return balanceLose(ctx, condition);
    case "board_state":
      // Reserved by the DSL without a defined configuration: it never fires.
      return false;
  }
}
