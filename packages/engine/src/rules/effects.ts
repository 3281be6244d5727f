import type { Effect, JsonValue, ScalarValue } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos } from "../board/geometry.js";
import { moveAvatar, placeEntity, removeEntity } from "../board/ops.js";
import type { GameEvent } from "../contract/events.js";
import type { Params, Pos } from "../contract/model.js";
import type { EffectRunner, Pack, TurnContext, ValueReader } from "../contract/runtime.js";
import { releaseFromEmitter } from "../systems/queued-emitters/emitters.js";
import { applyGravity } from "./gravity.js";
import { compileValue } from "./refs.js";

function layerOf(pack: Pack, id: unknown): number {
  const index = typeof id === "string" ? pack.layerIndex.get(id) : undefined;
  if (index === undefined) throw new Error(`unknown layer ${JSON.stringify(id)}`);
  return index;
}

function posReader(pack: Pack, value: unknown): (ctx: TurnContext, e: GameEvent | null) => Pos | null {
  const read = compileValue(pack, value);
  return (ctx, e) => {
    const p = read(ctx.draft, e);
    return isPos(p) && ctx.draft.inBounds(p[0], p[1]) ? p : null;
  };
}

/** Extra keys of spawn/set_cell are the new entity's params; they may hold references too. */
function paramsReader(
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

function setVariable(ctx: TurnContext, name: string, value: ScalarValue): void {
  const old = own(ctx.draft.variables, name) ?? null;
  ctx.draft.setVariable(name, value);
  ctx.emit({ type: "variable_changed", variable: name, oldValue: old, newValue: value });
}

function setItem(ctx: TurnContext, item: string | null): void {
  const old = ctx.draft.avatar.item;
  ctx.draft.avatar = { ...ctx.draft.avatar, item };
  ctx.emit({ type: "inventory_changed", oldItem: old, newItem: item });
}

/** Compiles one effect of a rule. */
export function compileEffect(pack: Pack, effect: Effect): EffectRunner {
  const [key, raw] = Object.entries(effect)[0] as [string, Record<string, unknown>];
  const f = raw ?? {};
  switch (key) {
    case "spawn":
    case "set_cell": {
      const layer = layerOf(pack, f.layer);
      const pos = posReader(pack, f.position);
      const kind = compileValue(pack, f.kind);
      const params = paramsReader(pack, f, ["position", "layer", "kind"]);
      return (ctx, e) => {
        const p = pos(ctx, e);
        const k = kind(ctx.draft, e);
        if (!p || typeof k !== "string" || !pack.kinds.has(k)) return;
        const previous = ctx.draft.get(layer, p[0], p[1]);
        const entity = pack.entity(k, params(ctx, e));
        if (key === "set_cell" && previous && previous !== pack.layers[layer]?.fill) {
          ctx.draft.set(layer, p[0], p[1], entity);
          ctx.emit({
            type: "cell_transformed",
            position: p,
            fromKind: previous.kind,
            toKind: k,
            layer: f.layer,
          });
        } else {
          placeEntity(ctx, layer, p, entity);
        }
      };
    }
    case "destroy": {
      const layer = layerOf(pack, f.layer);
      const pos = posReader(pack, f.position);
      const animation = typeof f.animation === "string" ? f.animation : undefined;
      return (ctx, e) => {
        const p = pos(ctx, e);
        if (p) removeEntity(ctx, layer, p, animation);
      };
    }
    case "transform": {
      const layer = layerOf(pack, f.layer);
      const pos = posReader(pack, f.position);
      const toKind = compileValue(pack, f.toKind);
      const animation = typeof f.animation === "string" ? f.animation : undefined;
      return (ctx, e) => {
        const p = pos(ctx, e);
        const k = toKind(ctx.draft, e);
        if (!p || typeof k !== "string" || !pack.kinds.has(k)) return;
        const previous = ctx.draft.get(layer, p[0], p[1]);
        ctx.draft.set(layer, p[0], p[1], pack.entity(k, previous?.params ?? null));
        const event: Record<string, unknown> = {
          type: "cell_transformed",
          position: p,
          fromKind: previous?.kind ?? null,
          toKind: k,
          layer: f.layer,
        };
        if (animation !== undefined) event.animation = animation;
        ctx.emit(event as GameEvent);
        // An animated transform also reports the old entity as removed, carrying the animation, so a
        // renderer can play it on the entity that goes away (the traces show this event).
        if (previous && animation !== undefined)
          ctx.emit({ type: "object_removed", position: p, kind: previous.kind, layer: f.layer, animation });
      };
    }
    case "move_entity": {
      const layer = layerOf(pack, f.layer);
      const from = posReader(pack, f.from);
      const to = posReader(pack, f.to);
      return (ctx, e) => {
        const a = from(ctx, e);
        const b = to(ctx, e);
        if (!a || !b) return;
        const entity = removeEntity(ctx, layer, a);
        if (entity) placeEntity(ctx, layer, b, entity, a);
      };
    }
    case "release_from_emitter": {
      const id = String(f.emitterId);
      return (ctx) => releaseFromEmitter(ctx, id);
    }
    case "apply_gravity": {
      const selector = (f.selector ?? {}) as { kind?: string; tag?: string };
      const direction = String(f.direction);
      return (ctx) => applyGravity(ctx, selector, direction);
    }
    case "set_variable": {
      const name = String(f.name);
      const value = compileValue(pack, f.value);
      return (ctx, e) => {
        const v = value(ctx.draft, e);
        if (v === undefined || v === null) return;
        setVariable(ctx, name, v as ScalarValue);
      };
    }
    case "increment_variable": {
      const name = String(f.name);
      const amount = compileValue(pack, f.amount);
      return (ctx, e) => {
        const by = amount(ctx.draft, e);
        if (typeof by !== "number") return;
        const current = own(ctx.draft.variables, name);
        setVariable(ctx, name, (typeof current === "number" ? current : 0) + by);
      };
    }
    case "set_inventory": {
      const item = compileValue(pack, f.item);
      return (ctx, e) => {
        const k = item(ctx.draft, e);
        if (typeof k === "string") setItem(ctx, k);
      };
    }
    case "clear_inventory":
      return (ctx) => setItem(ctx, null);
    case "resolve_move":
      return (ctx) => {
        const move = ctx.turn.pendingMove;
        if (!move) return;
        ctx.turn.pendingMove = null;
        moveAvatar(ctx, move.to, move.direction);
      };
    default:
      throw new Error(`unknown effect ${JSON.stringify(key)}`);
  }
}
