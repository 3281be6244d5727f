import type { Goal } from "@gridponder/schema";
import type { GameEvent } from "../contract/events.js";
import type { GoalCheck, GoalDefinition, GoalStatus, Pack, TurnContext } from "../contract/runtime.js";

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

export function statusOf(goal: Goal, done: boolean, progress: number): GoalStatus {
  return { id: goal.id, type: goal.type, done, progress: done ? 1 : clamp01(progress) };
}

type Entry<T extends Goal["type"]> = Extract<Goal, { type: T }>;

/** The declarations a built-in goal type adds to its `compile` (see `GoalDefinition`). */
type Declarations<T extends Goal["type"]> = Omit<
  GoalDefinition<Entry<T>>,
  "type" | "compile" | "configSchema"
>;

/** A built-in goal type, its entries typed as the DSL defines them. */
export function goal<T extends Goal["type"]>(
  type: T,
  compile: (pack: Pack, goal: Entry<T>, width: number, height: number) => GoalCheck,
  declarations: Declarations<T> = {},
): GoalDefinition<never> {
  return { type, compile, ...declarations } as unknown as GoalDefinition<never>;
}

/** A goal type whose status is a count of satisfied parts out of a total. */
export function counted<T extends Goal["type"]>(
  type: T,
  parts: (
    pack: Pack,
    goal: Entry<T>,
    width: number,
    height: number,
  ) => (ctx: TurnContext, events: readonly GameEvent[]) => { done: boolean; progress: number },
  declarations: Declarations<T> = {},
): GoalDefinition<never> {
  return goal(
    type,
    (pack, g, width, height) => {
      const status = parts(pack, g, width, height);
      return (ctx, events) => {
        const { done, progress } = status(ctx, events);
        return statusOf(g, done, progress);
      };
    },
    declarations,
  );
}
