import type { SidedBoxConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { stepOf } from "../board/geometry.js";
import { moveAvatar, removeEntity } from "../board/ops.js";
import { pushEntity } from "../board/push.js";
import type { Entity, Pos } from "../contract/model.js";
import type { SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<SidedBoxConfig>>;

/**
 * The wall bit of a sided box facing a direction (up 1, right 2, down 4, left 8), or `undefined`. A
 * switch, not a lookup by name: it runs on every move (see `stepOf`).
 */
function wallBit(direction: string): number | undefined {
  switch (direction) {
    case "up":
      return 1;
    case "right":
      return 2;
    case "down":
      return 4;
    case "left":
      return 8;
    default:
      return undefined;
  }
}

/** The layers the system works on, resolved once per level. */
interface Prepared {
  readonly objects: number | undefined;
  readonly ground: number | undefined;
}

function maskOf(ctx: Ctx, e: Entity): number {
  const v = own(e.params, ctx.config.sidesParam);
  return typeof v === "number" ? v : 0;
}

function isSided(ctx: Ctx, e: Entity | null): boolean {
  return e?.info.tags.has(ctx.config.sidedTag) === true;
}

/** `moving` joins `staying`: the walls combine; the moving box keeps its kind and other params. */
function merged(ctx: Ctx, moving: Entity, staying: Entity): Entity {
  const sides = maskOf(ctx, moving) | maskOf(ctx, staying);
  return ctx.pack.entity(moving.kind, { ...(moving.params ?? {}), [ctx.config.sidesParam]: sides });
}

/**
 * Two boxes can join unless they share a wall across the move; a carried box also cannot enter a box
 * whose wall faces it (`inBit`, 0 when that does not apply: a pushed box joins regardless).
 */
function canMerge(ctx: Ctx, moving: Entity, ahead: Entity, inBit: number, perp: number): boolean {
  const a = maskOf(ctx, moving);
  const t = maskOf(ctx, ahead);
  return (t & inBit) === 0 && (a & t & perp) === 0;
}

/** A push that joins the box ahead reports only the push: `boxes_merged` tells the rest. */
function pushed(ctx: Ctx, e: Entity, from: Pos, to: Pos, direction: string): void {
  ctx.emit({ type: "object_pushed", kind: e.kind, fromPosition: from, toPosition: to, direction });
}

/**
 * `sided_box` (action phase): the avatar walks one cell per move and deals with boxes that have
 * individual walls (a bit mask: up 1, right 2, down 4, left 8). Standing in a box against its wall in
 * the move's direction carries the box along; walking into a box's open side steps inside it; walking
 * into a box's back wall pushes it. Boxes that meet join their walls, unless a wall would end up
 * doubled across the move or face the incoming box. Non-sided solids block, except where a tool
 * interaction clears them.
 */
export const sidedBox: SystemBehaviour<Required<SidedBoxConfig>> = {
  type: "sided_box",
  search: {
    layersMoved: () => ["objects"],
    avatarReach: 1,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
    // The avatar steps only onto walkable ground, and boxes go only there: a void cell changes only
    // where the avatar started on one.
    keepsVoidCells: true,
    // Other solids stop the avatar unless a tool clears them.
    solidObjects: (config) => ({ moves: [config.sidedTag], tools: config.toolInteractions }),
    role: (config) => ({
      role: "joining-boxes",
      moveAction: config.moveAction,
      layer: "objects",
      jointTag: config.sidedTag,
      maskParam: config.sidesParam,
    }),
  },
  prepare: (_config, pack): Prepared => ({
    objects: pack.layerIndex.get("objects"),
    ground: pack.layerIndex.get("ground"),
  }),
  action(ctx, action) {
    const { config, draft } = ctx;
    if (action.id !== config.moveAction) return;
    const direction = String(action.params.direction);
    const delta = stepOf(direction);
    const out = wallBit(direction);
    const from = draft.avatar.position;
    if (!delta || out === undefined || !draft.avatar.enabled || !from) return;
    // The wall facing back along the move: up and down, left and right swap bits 1 and 4, 2 and 8.
    const inBit = out < 4 ? out * 4 : out / 4;
    const perp = 15 & ~(out | inBit);
    const { objects, ground } = ctx.prepared as Prepared;
    if (objects === undefined || ground === undefined) return;
    const to: Pos = [from[0] + delta[0], from[1] + delta[1]];
    const walkableGround = (p: Pos, tags: readonly string[] | null): boolean => {
      if (!draft.inBounds(p[0], p[1])) return false;
      const g = draft.get(ground, p[0], p[1]);
      if (!g || g.kind === "void") return false;
      return tags === null || tags.some((t) => g.info.tags.has(t));
    };
    if (!walkableGround(to, null)) return;
    const carried = draft.get(objects, from[0], from[1]);
    const target = draft.get(objects, to[0], to[1]);

    if (carried !== null && isSided(ctx, carried) && (maskOf(ctx, carried) & out) !== 0) {
      if (target === null) {
        pushEntity(ctx, objects, carried, from, to, direction);
        moveAvatar(ctx, to, direction);
        return;
      }
      if (!isSided(ctx, target) || !canMerge(ctx, carried, target, inBit, perp)) return;
      draft.set(objects, from[0], from[1], null);
      const joined = merged(ctx, carried, target);
      draft.set(objects, to[0], to[1], joined);
      ctx.emit({
        type: "boxes_merged",
        position: to,
        kind: joined.kind,
        params: joined.params ?? {},
        fromPosition: from,
      });
      moveAvatar(ctx, to, direction);
      return;
    }

    if (target !== null && isSided(ctx, target)) {
      if ((maskOf(ctx, target) & inBit) === 0) {
        moveAvatar(ctx, to, direction);
        return;
      }
      const beyond: Pos = [to[0] + delta[0], to[1] + delta[1]];
      if (!walkableGround(beyond, config.validGroundTags)) return;
      const there = draft.get(objects, beyond[0], beyond[1]);
      if (there === null) {
        pushEntity(ctx, objects, target, to, beyond, direction);
      } else {
        if (!isSided(ctx, there) || !canMerge(ctx, target, there as Entity, 0, perp)) return;
        draft.set(objects, to[0], to[1], null);
        const joined = merged(ctx, target, there);
        draft.set(objects, beyond[0], beyond[1], joined);
        pushed(ctx, target, to, beyond, direction);
        ctx.emit({
          type: "boxes_merged",
          position: beyond,
          kind: joined.kind,
          params: joined.params ?? {},
          fromPosition: to,
        });
      }
      moveAvatar(ctx, to, direction);
      return;
    }

    if (target?.info.tags.has("solid")) {
      const item = draft.avatar.item;
      const tool = config.toolInteractions.find((t) => item === t.item && target.info.tags.has(t.targetTag));
      if (!tool) return;
      removeEntity(ctx, objects, to, tool.animation);
      if (tool.consumeItem) draft.avatar = { ...draft.avatar, item: null };
      moveAvatar(ctx, to, direction);
      return;
    }
    moveAvatar(ctx, to, direction);
  },
};
