import type { JsonValue, ScalarValue } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos } from "../../board/geometry.js";
import type { GameEvent } from "../../contract/events.js";
import type { Params, Pos } from "../../contract/model.js";
import type { EffectDefinition, Pack, TurnContext, ValueReader } from "../../contract/runtime.js";
import { compileValue } from "../refs.js";

/** Readers of an effect's fields, shared by the effect types: layers, cells and params. */

export function layerOf(pack: Pack, id: unknown): number {
  const index = typeof id === "string" ? pack.layerIndex.get(id) : undefined;
  if (index === undefined) throw new Error(`unknown layer ${JSON.stringify(id)}`);
  return index;
}

export function posReader(pack: Pack, value: unknown): (ctx: TurnContext, e: GameEvent | null) => Pos | null {
  const read = compileValue(pack, value);
  return (ctx, e) => {
    const p = read(ctx.draft, e);
    return isPos(p) && ctx.draft.inBounds(p[0], p[1]) ? p : null;
  };
}

/** Extra keys of spawn/set_cell are the new entity's params; they may hold references too. */
export function paramsReader(
  pack: Pack,
  fields: Record<string, unknown>,
  skip: string[],
): (ctx: TurnContext, e: GameEvent | null) => Params | null {
  const entries: [string, ValueReader][] = Object.entries(fields)
    .filter(([k]) => !skip.includes(k))
    .map(([k, v]) => [k, compileValue(pack, v)]);
  if (entries.length === 0) return () => null;
  return (ctx, e) => {
    const out: Record<string, JsonValue> = {};
    for (const [k, read] of entries) {
      const v = read(ctx.draft, e);
      if (v !== undefined) out[k] = v as JsonValue;
    }
    return out;
  };
}

export function setVariable(ctx: TurnContext, name: string, value: ScalarValue): void {
  const old = own(ctx.draft.variables, name) ?? null;
  ctx.draft.setVariable(name, value);
  ctx.emit({ type: "variable_changed", variable: name, oldValue: old, newValue: value });
}

export function setItem(ctx: TurnContext, item: string | null): void {
  const old = ctx.draft.avatar.item;
  ctx.draft.avatar = { ...ctx.draft.avatar, item };
  ctx.emit({ type: "inventory_changed", oldItem: old, newItem: item });
}

/** A built-in effect type, its fields typed as the DSL defines them. */
export function effect<F>(definition: EffectDefinition<F>): EffectDefinition<never> {
  return definition as unknown as EffectDefinition<never>;
}
