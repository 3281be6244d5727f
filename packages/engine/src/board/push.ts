import type { PushObjectsConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../contract/model.js";
import type { PendingMove } from "../contract/runtime.js";
import { hasAnyTag } from "./entities.js";
import { directionDelta } from "./geometry.js";

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
  if (!hasAnyTag(blocker, config.pushableTags)) return null;
  const delta = directionDelta(move.direction);
  if (!delta) return null;
  const to: Pos = [tx + delta[0], ty + delta[1]];
  if (!view.inBounds(to[0], to[1])) return null;
  const groundEntity = ground === undefined ? null : view.get(ground, to[0], to[1]);
  if (groundEntity === null || !hasAnyTag(groundEntity, config.validTargetTags)) return null;
  if (view.get(objects, to[0], to[1]) !== null) return null;
  return { by: "push", blocker, to };
}
