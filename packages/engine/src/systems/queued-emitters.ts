import type { QueuedEmittersConfig } from "@gridponder/schema";
import type { SystemBehaviour, TurnContext } from "./types.js";

/**
 * Releases the next queued item of a one-exit emitter onto the cell beyond its exit, if the exit and
 * that cell are both empty. Used by the `release_from_emitter` effect and by the system each turn.
 * Returns whether an item was released.
 */
export function releaseFromEmitter(ctx: TurnContext, emitterId: string): boolean {
  const { draft, pack } = ctx;
  const index = draft.multiCellObjects.findIndex((o) => o.id === emitterId);
  const mco = draft.multiCellObjects[index];
  if (!mco) return false;
  const queue = mco.params.queue;
  const current = typeof mco.params.currentIndex === "number" ? mco.params.currentIndex : 0;
  if (!Array.isArray(queue) || current >= queue.length) return false;
  const exit = mco.params.exitPosition;
  const dir = mco.params.exitDirection;
  if (!Array.isArray(exit) || typeof dir !== "string") return false;
  const objects = pack.layerIndex.get("objects");
  if (objects === undefined) return false;
  const delta = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }[dir];
  if (!delta) return false;
  const sx = Number(exit[0]) + (delta[0] ?? 0);
  const sy = Number(exit[1]) + (delta[1] ?? 0);
  if (!draft.inBounds(sx, sy) || draft.get(objects, sx, sy) !== null) return false;
  const value = queue[current];
  const kind = pack.kinds.has("number") ? "number" : null;
  if (kind === null) return false;
  const entity = pack.entity(kind, { value: value ?? null });
  draft.set(objects, sx, sy, entity);
  draft.setMultiCellObject(index, { ...mco, params: { ...mco.params, currentIndex: current + 1 } });
  ctx.emit({ type: "item_released", emitterId, kind, position: [sx, sy], params: { value: value ?? null } });
  return true;
}

/** `queued_emitters` (NPC phase): each turn, every emitter releases at most one item. */
export const queuedEmitters: SystemBehaviour<QueuedEmittersConfig> = {
  type: "queued_emitters",
  npc(ctx) {
    const kind = ctx.config.emitterKind ?? "pipe";
    for (const mco of ctx.draft.multiCellObjects) {
      if (mco.kind === kind) releaseFromEmitter(ctx, mco.id);
    }
  },
};
