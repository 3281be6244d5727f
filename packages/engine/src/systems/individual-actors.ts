import type { IndividualActorsConfig, ScalarValue } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos, stepOf } from "../board/geometry.js";
import { copyRecord } from "../board/records.js";
import type { Pos } from "../contract/model.js";
import type { SystemBehaviour, SystemContext } from "../contract/runtime.js";
import { claimCell, frontFirst, type Mover, relocate, transformDirection, walled } from "./actor-moves.js";

type Ctx = SystemContext<Required<IndividualActorsConfig>>;

/** What the hook needs from the config, resolved once per level. */
interface Prepared {
  readonly layer: number | undefined;
  /** Whether any kind reacts to the selected actor's steps. */
  readonly reactive: boolean;
}

function veto(ctx: Ctx, reason: string): void {
  ctx.emit({ type: "action_vetoed", reason });
}

function budgetsOf(ctx: Ctx): Record<string, number> | null {
  const value = own(ctx.draft.variables, ctx.config.budgetVariable) as unknown;
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, number>)
    : null;
}

/** After a successful player step, every reactive actor takes one step of its own (front-first). */
function react(ctx: Ctx, layer: number, direction: string): void {
  const { config, draft } = ctx;
  const reactive = config.reactiveKinds;
  const cells = draft.layerCells(layer);
  const movers: Mover[] = [];
  const occupied = new Set<number>();
  for (let i = 0; i < cells.length; i++) {
    const entity = cells[i];
    if (!entity) continue;
    occupied.add(i);
    if (!Object.hasOwn(reactive, entity.kind)) continue;
    const at: Pos = [i % draft.width, Math.floor(i / draft.width)];
    movers.push({ at, entity, direction: transformDirection(direction, own(reactive, entity.kind)) });
  }
  for (const m of frontFirst(movers)) {
    const d = stepOf(m.direction) as Pos;
    const to: Pos = [m.at[0] + d[0], m.at[1] + d[1]];
    const key = to[1] * draft.width + to[0];
    if (walled(ctx, config.groundLayer, config.wallTag, to[0], to[1]) || occupied.has(key)) continue;
    occupied.delete(m.at[1] * draft.width + m.at[0]);
    occupied.add(key);
    relocate(ctx, layer, m.at, to, m.entity);
    ctx.emit({
      type: "actor_reacted",
      kind: m.entity.kind,
      fromPosition: m.at,
      position: to,
      direction: m.direction,
    });
    claimCell(ctx, config.claim, config.groundLayer, m.entity, to);
  }
}

/**
 * `individual_actors` (action phase): tapping an actor selects it (a turn that only selects does not
 * count as a move); the move action steps the selected actor alone, spending its budget when budgets
 * are set. Walls, the board edge and other actors block (the attempt counts); a missing selection or
 * an empty budget refuses the action. Reactive kinds answer each successful step with one of their own.
 */
export const individualActors: SystemBehaviour<Required<IndividualActorsConfig>> = {
  type: "individual_actors",
  actorClaims: (config) => ({
    claim: config.claim,
    groundLayer: config.groundLayer ?? "ground",
    budgets: config.budgets,
    budgetVariable: config.budgetVariable ?? "actorMovesRemaining",
  }),
  search: {
    layersMoved: (config) => [config.actorLayer],
    avatarReach: 0,
    // A turn that only selects an actor is not counted.
    freeTurns: true,
    // Actors move; a claim leaves its mark kinds.
    kindsCreated: (config) => Object.values(config.claim?.map ?? {}),
  },
  // The selection lives in two level variables, which the system names in its config.
  prepare(config, pack): Prepared {
    return {
      layer: pack.layerIndex.get(config.actorLayer),
      reactive: Object.keys(config.reactiveKinds).length > 0,
    };
  },
  selectedPiece(config, state) {
    const kind = own(state.variables, config.selectedVariable);
    const at = own(state.variables, config.selectedPositionVariable) as unknown;
    return typeof kind === "string" && isPos(at) ? { at: [at[0], at[1]], kind } : null;
  },
  action(ctx, action) {
    const { config, draft } = ctx;
    const prepared = ctx.prepared as Prepared;
    const { layer } = prepared;
    if (layer === undefined) return;
    if (action.id === config.selectAction) {
      const at = action.params.position;
      const actor = isPos(at) ? draft.get(layer, at[0], at[1]) : null;
      if (!isPos(at) || !actor?.info.tags.has(config.actorTag))
        return veto(ctx, "there is no actor on that cell");
      draft.setVariable(config.selectedVariable, actor.kind);
      draft.setVariable(config.selectedPositionVariable, [at[0], at[1]] as unknown as ScalarValue);
      if (config.budgets !== undefined && budgetsOf(ctx) === null)
        draft.setVariable(config.budgetVariable, copyRecord(config.budgets) as unknown as ScalarValue);
      ctx.emit({ type: "actor_selected", kind: actor.kind, position: at });
      return;
    }
    if (action.id !== config.moveAction) return;
    const direction = String(action.params.direction);
    if (!(config.directions as readonly string[]).includes(direction)) return;
    const kind = own(draft.variables, config.selectedVariable);
    const at = own(draft.variables, config.selectedPositionVariable) as unknown;
    const actor = isPos(at) ? draft.get(layer, at[0], at[1]) : null;
    if (!isPos(at) || !actor || actor.kind !== kind) return veto(ctx, "no actor is selected");
    const budgets = budgetsOf(ctx);
    if (config.budgets !== undefined && budgets && (own(budgets, actor.kind) ?? 0) <= 0)
      return veto(ctx, "the selected actor has no moves left");
    const d = stepOf(direction) as Pos;
    const to: Pos = [at[0] + d[0], at[1] + d[1]];
    if (
      walled(ctx, config.groundLayer, config.wallTag, to[0], to[1]) ||
      draft.get(layer, to[0], to[1]) !== null
    ) {
      ctx.emit({ type: "actor_blocked", position: at, kind: actor.kind, direction });
      return;
    }
    relocate(ctx, layer, at, to, actor);
    ctx.emit({ type: "actor_moved", kind: actor.kind, fromPosition: at, position: to, direction });
    ctx.emit({ type: "actor_entered", kind: actor.kind, position: to });
    claimCell(ctx, config.claim, config.groundLayer, actor, to);
    if (config.budgets !== undefined && budgets) {
      // A copy with the actor's entry changed in place: the keys keep their order.
      const next = copyRecord(budgets);
      next[actor.kind] = (own(budgets, actor.kind) ?? 0) - 1;
      draft.setVariable(config.budgetVariable, next as unknown as ScalarValue);
    }
    draft.setVariable(config.selectedPositionVariable, [to[0], to[1]] as unknown as ScalarValue);
    if (prepared.reactive) react(ctx, layer, direction);
  },
};
