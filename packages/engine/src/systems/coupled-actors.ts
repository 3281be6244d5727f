import type { CoupledActorsConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { stepOf } from "../board/geometry.js";
import type { Pos } from "../contract/model.js";
import type { SystemBehaviour } from "../contract/runtime.js";
import { claimCell, frontFirst, type Mover, relocate, transformDirection, walled } from "./actor-moves.js";

/**
 * `coupled_actors` (action phase): one move action steps every actor on the actor layer at once, each
 * in its own (possibly transformed) direction, front-first, against a live set of occupied cells; a
 * mover that reaches a new cell may claim it. Events report the action's direction.
 */
export const coupledActors: SystemBehaviour<Required<CoupledActorsConfig>> = {
  type: "coupled_actors",
  actorClaims: (config) => ({
    claim: config.claim,
    groundLayer: config.groundLayer ?? "ground",
    budgets: undefined,
    budgetVariable: "actorMovesRemaining",
  }),
  search: {
    layersMoved: (config) => [config.actorLayer],
    avatarReach: 0,
    freeTurns: false,
    // Actors move; a claim leaves its mark kinds.
    kindsCreated: (config) => Object.values(config.claim?.map ?? {}),
  },
  prepare: (config, pack) => pack.layerIndex.get(config.actorLayer),
  action(ctx, action) {
    const { config, draft } = ctx;
    if (action.id !== config.moveAction) return;
    const direction = String(action.params.direction);
    if (!(config.directions as readonly string[]).includes(direction)) return;
    const layer = ctx.prepared as number | undefined;
    if (layer === undefined) return;
    const movers: Mover[] = [];
    const cells = draft.layerCells(layer);
    // By cell, 1 while an actor stands there: boards are small, and a typed table beats a set.
    const occupied = new Uint8Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      const entity = cells[i];
      if (!entity) continue;
      const transform = own(config.directionTransforms, entity.kind);
      movers.push({
        // The cell's shared position, as turns report positions (see `sharedPos` in ops).
        at: ctx.level.cells[i] as Pos,
        entity,
        direction: transformDirection(direction, transform),
      });
      occupied[i] = 1;
    }
    for (const m of frontFirst(movers)) {
      const d = stepOf(m.direction) as Pos;
      const tx = m.at[0] + d[0];
      const ty = m.at[1] + d[1];
      if (walled(ctx, config.groundLayer, config.wallTag, tx, ty) || occupied[ty * draft.width + tx] === 1) {
        ctx.emit({ type: "actor_blocked", position: m.at, kind: m.entity.kind, direction });
        continue;
      }
      const to = ctx.level.cells[ty * draft.width + tx] as Pos;
      occupied[m.at[1] * draft.width + m.at[0]] = 0;
      occupied[ty * draft.width + tx] = 1;
      relocate(ctx, layer, m.at, to, m.entity);
      ctx.emit({ type: "actor_moved", kind: m.entity.kind, fromPosition: m.at, position: to, direction });
      ctx.emit({ type: "actor_entered", kind: m.entity.kind, position: to });
      claimCell(ctx, config.claim, config.groundLayer, m.entity, to);
    }
  },
};
