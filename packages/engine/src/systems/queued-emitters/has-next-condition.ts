import type { ConditionDefinition } from "../../contract/runtime.js";

/** `emitter_has_next`: an emitter still holds an item to release. */
export const emitterHasNext: ConditionDefinition<{ emitterId: string }> = {
  type: "emitter_has_next",
  compile(_pack, { emitterId }) {
    return (d) => {
      const mco = d.multiCellObjects.find((o) => o.id === emitterId);
      if (!mco) return false;
      const slots = mco.params.pipeSlots;
      if (Array.isArray(slots)) return slots.some((s) => s !== null);
      const queue = mco.params.queue;
      const index = typeof mco.params.currentIndex === "number" ? mco.params.currentIndex : 0;
      return Array.isArray(queue) && index < queue.length;
    };
  },
};
