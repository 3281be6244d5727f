import type { CoupledActorsConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { directionDelta } from "../board/geometry.js";
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
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.moveAction) return;
    const direction = String(action.params.direction);
    if (!(config.directions as readonly string[]).includes(direction)) return;
    const layer = pack.layerIndex.get(config.actorLayer);
    if (layer === undefined) return;
    const movers: Mover[] = [];
    const cells = draft.layerCells(layer);
    const occupied = new Set<number>();
    for (let i = 0; i < cells.length; i++) {
      const entity = cells[i];
      if (!entity) continue;
      const transform = own(config.directionTransforms, entity.kind);
      movers.push({
        at: [i % draft.width, Math.floor(i / draft.width)],
        entity,
        direction: transformDirection(direction, transform),
      });
      occupied.add(i);
    }
    for (const m of frontFirst(movers)) {
      const d = directionDelta(m.direction) as Pos;
      const to: Pos = [m.at[0] + d[0], m.at[1] + d[1]];
      if (
        walled(ctx, config.groundLayer, config.wallTag, to[0], to[1]) ||
        occupied.has(to[1] * draft.width + to[0])
      ) {
        ctx.emit({ type: "actor_blocked", position: m.at, kind: m.entity.kind, direction });
        continue;
      }
      occupied.delete(m.at[1] * draft.width + m.at[0]);
      occupied.add(to[1] * draft.width + to[0]);
      relocate(ctx, layer, m.at, to, m.entity);
      ctx.emit({ type: "actor_moved", kind: m.entity.kind, fromPosition: m.at, position: to, direction });
      ctx.emit({ type: "actor_entered", kind: m.entity.kind, position: to });
      claimCell(ctx, config.claim, config.groundLayer, m.entity, to);
    }
  },
};
