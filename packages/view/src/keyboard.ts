/**
 * Keys for a keyboard without a board to tap: every game action the default keys and the pack's key
 * bindings leave unreached gets a key of its own, one per combination of its listed param values, so
 * a terminal (or any keyboard-only player) can play every action. An action that takes a cell leaves
 * it open for a cursor to fill.
 * @module
 */
import type { ActionInput } from "@gridponder/engine";
import type { ActionDefinition, JsonValue } from "@gridponder/schema";
import type { ViewContext } from "./context.js";
import { actionLabel, inputModel, keyDirection, resolveGesture } from "./input.js";

/** A game action a key of its own plays. */
export interface KeyedAction {
  /** One printable character. */
  readonly key: string;
  /** The action in words (`Flood red`, `Rotate (clockwise)`). */
  readonly label: string;
  /** The action with every param but the cell filled in. */
  readonly action: ActionInput;
  /** The param that takes a cell (from a cursor), or `null` when the key plays the action at once. */
  readonly positionParam: string | null;
}

/** Keys handed out in this order: digits, then letters. */
const CANDIDATE_KEYS = [..."1234567890abcdefghijklmnopqrstuvwxyz"];

/**
 * Every combination of an action's direction and enum params, the position param left open; `null`
 * when a param has no finite list of values (integers), so no key can stand for it.
 */
function combinations(def: ActionDefinition): Record<string, JsonValue>[] | null {
  let combos: Record<string, JsonValue>[] = [{}];
  for (const [name, spec] of Object.entries(def.params ?? {})) {
    if (spec.type === "position") continue;
    if (spec.type === "integer") return null;
    const values: readonly JsonValue[] = spec.values;
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  }
  return combos;
}

/** Whether the view's own keys (defaults and pack bindings) already do something with `key`. */
function taken(ctx: ViewContext, key: string): boolean {
  if (keyDirection(ctx, key) !== null) return true;
  // A selection is given so that a swipe needing one still counts as bound.
  return resolveGesture(ctx, { type: "key", key }, { selection: [0, 0] }) !== null;
}

/**
 * Keys for the game's actions that the direction keys do not play, in the order of the game's
 * actions. Keys are digits then letters, skipping those the view's keys use and those in `reserved`
 * (the caller's own, such as a quit key); actions past the last free key get none.
 */
export function keyedActions(ctx: ViewContext, reserved: readonly string[] = []): KeyedAction[] {
  const bySwipe = new Set(
    inputModel(ctx).buttons.flatMap((b) =>
      b.group === "direction" && b.outcome.kind === "action" ? [b.outcome.action.action] : [],
    ),
  );
  const free = CANDIDATE_KEYS.filter((k) => !reserved.includes(k) && !taken(ctx, k))[Symbol.iterator]();
  const out: KeyedAction[] = [];
  for (const def of ctx.pack.game.actions) {
    if (bySwipe.has(def.id)) continue;
    const positionParam =
      Object.entries(def.params ?? {}).find(([, spec]) => spec.type === "position")?.[0] ?? null;
    for (const params of combinations(def) ?? []) {
      const key = free.next();
      if (key.done) return out;
      out.push({
        key: key.value,
        label: actionLabel(ctx, def.id, params),
        action: { ...params, action: def.id } as ActionInput,
        positionParam,
      });
    }
  }
  return out;
}
