import type { ActorClaim, DirectionTransform } from "@gridponder/schema";
import { OPPOSITE, stepOf } from "../board/geometry.js";
import type { Entity, Pos } from "../contract/model.js";
import type { TurnContext } from "../contract/runtime.js";

/**
 * Movement shared by `coupled_actors` and `individual_actors`: direction transforms, the front-first
 * order of simultaneous movers, wall tests and the territory claim rule.
 */

/** The direction an actor takes when the player pushes `direction`. */
export function transformDirection(direction: string, transform: DirectionTransform | undefined): string {
  switch (transform) {
    case "invert":
      return OPPOSITE[direction] ?? direction;
    case "mirror_x":
      return direction === "left" ? "right" : direction === "right" ? "left" : direction;
    case "mirror_y":
      return direction === "up" ? "down" : direction === "down" ? "up" : direction;
    default:
      return direction;
  }
}

export interface Mover {
  readonly at: Pos;
  readonly entity: Entity;
  readonly direction: string;
}

const BUCKETS = ["up", "down", "left", "right"];

/**
 * The order simultaneous movers resolve in: grouped by direction (up, down, left, right), each group
 * front-first along its direction, ties by the other coordinate and then kind. A trailing mover can
 * then follow into the cell the one ahead has just left. Movers in other directions take no part.
 */
export function frontFirst(movers: readonly Mover[]): Mover[] {
  const out: Mover[] = [];
  for (let b = 0; b < BUCKETS.length; b++) {
    const bucket = BUCKETS[b] as string;
    const start = out.length;
    for (const m of movers) if (m.direction === bucket) out.push(m);
    // An insertion sort, stable as `Array.prototype.sort` is: a group holds a mover or two, and
    // the library sort's setup costs more than sorting them.
    const d = stepOf(bucket) as Pos;
    for (let i = start + 1; i < out.length; i++) {
      const m = out[i] as Mover;
      let j = i;
      while (j > start && goesBefore(m, out[j - 1] as Mover, d)) {
        out[j] = out[j - 1] as Mover;
        j--;
      }
      out[j] = m;
    }
  }
  return out;
}

/** Whether `a` goes before `b` in a group moving along `d`: further ahead, then lower, then by kind. */
function goesBefore(a: Mover, b: Mover, d: Pos): boolean {
  const ahead = b.at[0] * d[0] + b.at[1] * d[1] - (a.at[0] * d[0] + a.at[1] * d[1]);
  if (ahead !== 0) return ahead < 0;
  const other = d[0] !== 0 ? a.at[1] - b.at[1] : a.at[0] - b.at[0];
  if (other !== 0) return other < 0;
  return a.entity.kind < b.entity.kind;
}

/** Whether a mover may not enter a cell: off the board, or a wall on the ground layer. */
export function walled(
  ctx: TurnContext,
  groundLayer: string,
  wallTag: string,
  x: number,
  y: number,
): boolean {
  if (!ctx.draft.inBounds(x, y)) return true;
  const li = ctx.pack.layerIndex.get(groundLayer);
  return li !== undefined && ctx.draft.get(li, x, y)?.info.tags.has(wallTag) === true;
}

/** Applies the claim rule to a cell an actor has just entered (see the catalog's "Claim overwrite"). */
export function claimCell(
  ctx: TurnContext,
  claim: ActorClaim | undefined,
  groundLayer: string,
  mover: Entity,
  at: Pos,
): void {
  if (!claim) return;
  const mark = Object.hasOwn(claim.map, mover.kind) ? claim.map[mover.kind] : undefined;
  const layer = ctx.pack.layerIndex.get(claim.layer);
  if (mark === undefined || layer === undefined || !ctx.pack.kinds.has(mark)) return;
  const owner = ctx.draft.get(layer, at[0], at[1]);
  if (owner?.kind === mark) return;
  if (owner) {
    const mode = claim.overwrite?.mode ?? "never";
    if (mode === "never") return;
    if (mode === "tagged") {
      const tag = claim.overwrite?.tag;
      const tagLayer = ctx.pack.layerIndex.get(claim.overwrite?.layer ?? groundLayer);
      const cell = tagLayer === undefined ? null : ctx.draft.get(tagLayer, at[0], at[1]);
      if (tag === undefined || !cell?.info.tags.has(tag)) return;
    }
  }
  ctx.draft.set(layer, at[0], at[1], ctx.pack.entity(mark));
  ctx.emit({
    type: "cell_claimed",
    position: at,
    ownerKind: mark,
    actorKind: mover.kind,
    previousOwner: owner?.kind ?? null,
  });
}

/** Moves an actor entity one cell on its layer. */
export function relocate(ctx: TurnContext, layer: number, from: Pos, to: Pos, entity: Entity): void {
  ctx.draft.set(layer, from[0], from[1], null);
  ctx.draft.set(layer, to[0], to[1], entity);
}
