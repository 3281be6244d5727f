import type { SequenceMatchGoal } from "@gridponder/schema";
import type { GameEvent } from "../events.js";
import { removeEntity } from "../ops.js";
import type { TurnContext } from "../systems/types.js";
import { tileValue } from "./values.js";

/**
 * Advances a sequence goal: while the current target value is on the board (or, with
 * `collected_by_avatar`, held by the avatar), the step completes and the entity is consumed.
 * With `scanTrigger: "on_merge"` only turns that merged tiles scan.
 */
export function sequenceMatchStatus(
  ctx: TurnContext,
  goal: SequenceMatchGoal,
  events: readonly GameEvent[],
): { index: number; length: number } {
  const { draft, pack } = ctx;
  const key = `goal:${goal.id}:index`;
  let index = draft.memory<number>(key) ?? 0;
  const {
    sequence,
    consumeOnMatch = true,
    matchBy = "exists_on_board",
    scanTrigger = "turn_end",
  } = goal.config;
  const scan = scanTrigger === "turn_end" || events.some((e) => e.type === "tiles_merged");
  if (scan && ctx.turn.action !== null) {
    const objects = pack.layerIndex.get("objects") ?? 0;
    while (index < sequence.length) {
      const want = sequence[index];
      if (matchBy === "collected_by_avatar") {
        if (draft.avatar.item === null || String(draft.avatar.item) !== String(want)) break;
      } else {
        let found: [number, number] | null = null;
        for (let y = 0; y < draft.height && !found; y++) {
          for (let x = 0; x < draft.width && !found; x++) {
            const e = draft.get(objects, x, y);
            if (e && (tileValue(e) === want || e.kind === want)) found = [x, y];
          }
        }
        if (!found) break;
        if (consumeOnMatch) removeEntity(ctx, objects, found);
      }
      ctx.emit({ type: "goal_step_completed", goalId: goal.id, stepIndex: index });
      index++;
    }
    draft.setMemory(key, index);
  }
  return { index, length: sequence.length };
}
