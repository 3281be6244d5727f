import type { PushObjectsConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../contract/model.js";
import type { PendingMove, PushRule, TurnContext } from "../contract/runtime.js";
import { hasAnyTag } from "./entities.js";
import { stepOf } from "./geometry.js";

/** What settling a pending move reads: the board's cells and the avatar's item (a state or a draft). */
export interface SettleView {
  inBounds(x: number, y: number): boolean;
  get(layer: number, x: number, y: number): Entity | null;
  readonly avatar: { readonly item: string | null };
}

/** How `push_objects` settles a pending move now: with a tool, by a push into `to`, or not at all. */
export type Settlement =
  | {
      readonly by: "tool";
      readonly blocker: Entity;
      readonly tool: Required<PushObjectsConfig>["toolInteractions"][number];
    }
  | { readonly by: "push"; readonly blocker: Entity; readonly to: Pos }
  | null;

/**
 * The one place that decides whether `push_objects` settles a pending move on the board as it is: a
 * tool interaction for the blocker with the item in hand comes first; otherwise a pushable blocker
 * moves one cell on, onto valid ground that holds no object. Used by the system itself and by
 * searches that need to know whether a stale pending move would fire on the next turn.
 */
export function settlementOf(
  config: Required<PushObjectsConfig>,
  view: SettleView,
  objects: number,
  ground: number | undefined,
  move: PendingMove,
): Settlement {
  const [tx, ty] = move.to;
  const blocker = view.get(objects, tx, ty);
  if (!blocker) return null;
  const item = view.avatar.item;
  for (const tool of config.toolInteractions) {
    if (item !== null && item === tool.item && blocker.info.tags.has(tool.targetTag))
      return { by: "tool", blocker, tool };
  }
  const delta = stepOf(move.direction);
  if (!delta) return null;
  const to = pushDestination(config, view, objects, ground, blocker, move.to, delta);
  return to === null ? null : { by: "push", blocker, to };
}

/**
 * Where a push moves `blocker`, standing at `at`, one step of `delta` on, or `null` when the rule
 * refuses it: the blocker carries a pushable tag, and the next cell is on the board, has ground with a
 * valid target tag and holds no object. Every system that pushes asks this (see `PushRule`).
 */
export function pushDestination(
  rule: PushRule,
  view: Pick<SettleView, "inBounds" | "get">,
  objects: number,
  ground: number | undefined,
  blocker: Entity,
  at: Pos,
  delta: Pos,
): Pos | null {
  if (!hasAnyTag(blocker, rule.pushableTags)) return null;
  const to: Pos = [at[0] + delta[0], at[1] + delta[1]];
  if (!view.inBounds(to[0], to[1])) return null;
  const groundEntity = ground === undefined ? null : view.get(ground, to[0], to[1]);
  if (groundEntity === null || !hasAnyTag(groundEntity, rule.validTargetTags)) return null;
  if (view.get(objects, to[0], to[1]) !== null) return null;
  return to;
}

/**
 * Reports a pushed entity the way the DSL defines it: `object_pushed` (from, to, direction), then
 * `object_placed` on its new cell of `layer` (a layer id).
 */
export function reportPush(
  ctx: TurnContext,
  entity: Entity,
  from: Pos,
  to: Pos,
  direction: string,
  layer: string,
): void {
  ctx.emit({ type: "object_pushed", kind: entity.kind, fromPosition: from, toPosition: to, direction });
  ctx.emit({ type: "object_placed", position: to, kind: entity.kind, params: entity.params ?? {}, layer });
}

/** Moves an entity of `layer` (an index) from one cell to the next and reports the push. */
export function pushEntity(
  ctx: TurnContext,
  layer: number,
  entity: Entity,
  from: Pos,
  to: Pos,
  direction: string,
): void {
  ctx.draft.set(layer, from[0], from[1], null);
  ctx.draft.set(layer, to[0], to[1], entity);
  reportPush(ctx, entity, from, to, direction, ctx.pack.layers[layer]?.id as string);
}
