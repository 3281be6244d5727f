import type { Goal, LoseCondition } from "@gridponder/schema";
import type { GameEvent } from "../events.js";
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

/**
 * Evaluates a goal against the state after the turn. Goals that consume board entities
 * (`sequence_match`) change the draft and emit events.
 */
export function evaluateGoal(ctx: TurnContext, goal: Goal, events: readonly GameEvent[]): GoalStatus {
  const { draft, pack } = ctx;
  const status = (done: boolean, progress: number): GoalStatus => ({
    id: goal.id,
    type: goal.type,
    done,
    progress: done ? 1 : clamp01(progress),
  });
  switch (goal.type) {
    case "reach_target": {
      const a = draft.avatar;
      if (!a.enabled || !a.position) return status(false, 0);
      const [x, y] = a.position;
      for (let li = 0; li < pack.layers.length; li++) {
        const e = draft.get(li, x, y);
        if (!e) continue;
        if (goal.config.targetKind !== undefined && e.kind === goal.config.targetKind) return status(true, 1);
        if (goal.config.targetTag !== undefined && e.info.tags.has(goal.config.targetTag))
          return status(true, 1);
      }
      return status(false, 0);
    }
    case "all_cleared": {
      const { kind, tag, layer } = goal.config;
      const layers = layer !== undefined ? [pack.layerIndex.get(layer) ?? -1] : pack.layers.map((_, i) => i);
      let remaining = 0;
      for (const li of layers) {
        if (li < 0) continue;
        for (const e of draft.layerCells(li)) {
          if (e && (kind === undefined || e.kind === kind) && (tag === undefined || e.info.tags.has(tag)))
            remaining++;
        }
      }
      const key = `goal:${goal.id}:initial`;
      let initial = draft.memory<number>(key);
      if (initial === undefined) {
        initial = remaining;
        draft.setMemory(key, remaining);
      }
      return status(remaining === 0, initial === 0 ? 1 : 1 - remaining / initial);
    }
    case "variable_threshold": {
      const { variable, target, comparison = "gte" } = goal.config;
      const value = draft.variables[variable];
      const done = compare(value, comparison, target);
      return status(done, typeof value === "number" && target !== 0 ? value / target : 0);
    }
    case "board_match": {
      const { matched, total } = boardMatchStatus(ctx, goal);
      return status(matched === total, total === 0 ? 1 : matched / total);
    }
    case "param_match": {
      const c = goal.config;
      const marker = pack.layerIndex.get(c.markerLayer) ?? -1;
      const check = pack.layerIndex.get(c.checkLayer) ?? -1;
      let total = 0;
      let ok = 0;
      for (let y = 0; y < draft.height; y++) {
        for (let x = 0; x < draft.width; x++) {
          if (draft.get(marker, x, y)?.kind !== c.markerKind) continue;
          total++;
          const e = draft.get(check, x, y);
          if (e?.kind === c.checkKind && e.params?.[c.checkParam] === c.checkValue) ok++;
        }
      }
      return status(total > 0 && ok === total, total === 0 ? 0 : ok / total);
    }
    case "sum_constraint":
    case "count_constraint": {
      const { satisfied, total } = lineConstraintStatus(ctx, goal);
      return status(satisfied === total && total > 0, total === 0 ? 0 : satisfied / total);
    }
    case "sequence_match": {
      const { index, length } = sequenceMatchStatus(ctx, goal, events);
      return status(index >= length, length === 0 ? 1 : index / length);
    }
    case "balance": {
      const s = balanceStatus(ctx, goal);
      return status(s.done, s.progress);
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
