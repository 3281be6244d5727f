import type { SequenceMatchGoal } from "@gridponder/schema";
import { removeEntity } from "../board/ops.js";
import type { GameEvent } from "../contract/events.js";
import type { TurnContext } from "../contract/runtime.js";
import { counted } from "./define.js";
import { tileValue } from "./values.js";

type Target = SequenceMatchGoal["config"]["sequence"][number];

function matches(value: unknown, want: Target): boolean {
  return value === want || (value !== null && value !== undefined && String(value) === String(want));
}

/**
 * With `scanTrigger: "on_merge"` a step is produced, not found: each `tiles_merged` event of the turn,
 * in order, completes the current step when its `resultValue` is the step's value, so one slide can
 * complete several steps. The merged tile stays on the board and no event is emitted (the traces of
 * Number Crunch show both, whatever `consumeOnMatch` says).
 */
function advanceOnMerge(sequence: readonly Target[], index: number, events: readonly GameEvent[]): number {
  for (const e of events) {
    if (index >= sequence.length) break;
    if (e.type === "tiles_merged" && matches(e.resultValue, sequence[index] as Target)) index++;
  }
  return index;
}

/**
 * With `scanTrigger: "turn_end"` (the default) the board is scanned after each turn: while the current
 * value is on the board (or, with `collected_by_avatar`, held by the avatar) the step completes, the
 * matching entity is consumed when `consumeOnMatch`, and `goal_step_completed` is emitted.
 */
function advanceByScan(ctx: TurnContext, goal: SequenceMatchGoal, index: number): number {
  const { draft, pack } = ctx;
  const { sequence, consumeOnMatch = true, matchBy = "exists_on_board" } = goal.config;
  const objects = pack.layerIndex.get("objects") ?? 0;
  while (index < sequence.length) {
    const want = sequence[index] as Target;
    if (matchBy === "collected_by_avatar") {
      if (!matches(draft.avatar.item, want)) break;
    } else {
      const cells = draft.layerCells(objects);
      let found = -1;
      for (let i = 0; i < cells.length && found < 0; i++) {
        const e = cells[i];
        if (e && (matches(tileValue(e), want) || e.kind === want)) found = i;
      }
      if (found < 0) break;
      if (consumeOnMatch) removeEntity(ctx, objects, [found % draft.width, Math.floor(found / draft.width)]);
    }
    ctx.emit({ type: "goal_step_completed", goalId: goal.id, stepIndex: index });
    index++;
  }
  return index;
}

/**
 * Compiles a sequence goal: the returned function advances it with the turn's events and reports how
 * far it is.
 */
export function compileSequenceMatch(
  goal: SequenceMatchGoal,
): (ctx: TurnContext, events: readonly GameEvent[]) => { index: number; length: number } {
  // Built once: a key made per turn is a new string to hash on every lookup.
  const key = `goal:${goal.id}:index`;
  return (ctx, events) => sequenceMatchStatus(ctx, goal, key, events);
}

function sequenceMatchStatus(
  ctx: TurnContext,
  goal: SequenceMatchGoal,
  key: string,
  events: readonly GameEvent[],
): { index: number; length: number } {
  const { draft } = ctx;
  const before = draft.memory<number>(key) ?? 0;
  const { sequence, scanTrigger = "turn_end" } = goal.config;
  // Only a played turn advances the goal; progress queries (no action) just read it.
  if (ctx.turn.action === null) return { index: before, length: sequence.length };
  const index =
    scanTrigger === "on_merge" ? advanceOnMerge(sequence, before, events) : advanceByScan(ctx, goal, before);
  if (index !== before) draft.setMemory(key, index);
  return { index, length: sequence.length };
}

/** `sequence_match`: the sequence is made (or collected) in order; consumes board entities. */
export const sequenceMatchGoal = counted(
  "sequence_match",
  (_pack, g) => {
    const status = compileSequenceMatch(g);
    return (ctx, events) => {
      const { index, length } = status(ctx, events);
      return { done: index >= length, progress: length === 0 ? 1 : index / length };
    };
  },
  {
    describe: (g) => {
      const seq = g.config.sequence.map(String).join(", ");
      return g.config.matchBy === "collected_by_avatar"
        ? `Collect ${seq} in this order`
        : `Make ${seq} in this order`;
    },
  },
);
