import type { QueuedEmittersConfig } from "@gridponder/schema";
import type { ConditionDefinition, EffectDefinition, SystemDefinition } from "../../contract/runtime.js";
import {
  clearFlags,
  emitBoth,
  exitsOf,
  isEmptyPipe,
  isTwoExit,
  moveItems,
  releaseSingle,
  slotsOf,
  storeSlots,
} from "./emitters.js";
import { emitterHasNext } from "./has-next-condition.js";
import { releaseFromEmitterEffect } from "./release-effect.js";

/**
 * `queued_emitters` (NPC phase): once per turn, after the cascade, each emitter of `emitterKind` (in
 * board order) releases at most one item per exit. A two-exit pipe then moves its remaining items one
 * slot along; an item that reaches an exit slot leaves on a later turn. Emits `item_released`.
 */
export const queuedEmitters: SystemDefinition<Required<QueuedEmittersConfig>> = {
  type: "queued_emitters",
  // The rule effect and condition that work on emitters belong to this system.
  effects: [releaseFromEmitterEffect as EffectDefinition<never>],
  conditions: [emitterHasNext as ConditionDefinition<never>],
  search: {
    avatarReach: 0,
    freeTurns: false,
  },
  npc(ctx) {
    const objects = ctx.draft.multiCellObjects;
    for (let index = 0; index < objects.length; index++) {
      const mco = ctx.draft.multiCellObjects[index];
      if (!mco || mco.kind !== ctx.config.emitterKind) continue;
      if (!isTwoExit(mco)) {
        releaseSingle(ctx, index, mco);
        continue;
      }
      if (isEmptyPipe(mco)) continue;
      const slots = slotsOf(mco);
      const exits = exitsOf(ctx, mco);
      const clear = clearFlags(ctx, mco, slots, exits);
      emitBoth(ctx, mco, slots, exits);
      storeSlots(ctx, index, mco, moveItems(slots, clear));
    }
  },
};
