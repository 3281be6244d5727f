import type { IceSlideConfig } from "@gridponder/schema";
import { isPos, stepOf } from "../board/geometry.js";
import { moveAvatar } from "../board/ops.js";
import { pushDestination, pushEntity, reportPush } from "../board/push.js";
import type { GameEvent } from "../contract/events.js";
import type { Entity, Pos } from "../contract/model.js";
import type { LevelRuntime, PushRule, SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<IceSlideConfig>>;

const SOLID = "solid";
const WALKABLE = "walkable";

/** The layers ice works on and, by kind index, which kinds are slippery; `null` without both layers. */
interface Prepared {
  readonly ground: number;
  readonly objects: number;
  readonly slippery: Uint8Array;
}

function layersOf(ctx: Ctx): Prepared | null {
  return ctx.prepared as Prepared | null;
}

function isSlippery(ctx: Ctx, e: Entity | null): boolean {
  return e !== null && (ctx.prepared as Prepared).slippery[e.info.index] === 1;
}

/** The rule of the level's first system that pushes, which also governs pushes made while sliding. */
function pushRuleOf(level: LevelRuntime): PushRule | null {
  for (const system of level.systems) {
    const rule = system.behaviour.pushRule?.(system.config as never);
    if (rule !== undefined) return rule;
  }
  return null;
}

function open(ctx: Ctx, ground: number, x: number, y: number): Entity | null {
  if (!ctx.draft.inBounds(x, y)) return null;
  const g = ctx.draft.get(ground, x, y);
  return g && g.kind !== "void" ? g : null;
}

/** One step of an avatar sliding on from slippery ground; true when it moved. */
function slideAvatar(ctx: Ctx, entered: GameEvent, direction: string): boolean {
  const layers = layersOf(ctx);
  const delta = stepOf(direction);
  const at = ctx.draft.avatar.position;
  if (!layers || !delta || !at) return false;
  const { draft } = ctx;
  if (!isPos(entered.position)) return false;
  if (!isSlippery(ctx, draft.get(layers.ground, at[0], at[1]))) return false;
  const next: Pos = [at[0] + delta[0], at[1] + delta[1]];
  const nextGround = open(ctx, layers.ground, next[0], next[1]);
  if (!nextGround) return false;
  const blocker = draft.get(layers.objects, next[0], next[1]);
  if (blocker?.info.tags.has(SOLID)) {
    const push = pushRuleOf(ctx.level);
    if (push === null) return false;
    const beyond = pushDestination(push, draft, layers.objects, layers.ground, blocker, next, delta);
    // Ice never pushes a crate onto void ground, whatever tags the push rule accepts.
    if (beyond === null || !open(ctx, layers.ground, beyond[0], beyond[1])) return false;
    pushEntity(ctx, layers.objects, blocker, next, beyond, direction);
    moveAvatar(ctx, next, direction);
    return true;
  }
  if (!nextGround.info.tags.has(WALKABLE)) return false;
  moveAvatar(ctx, next, direction);
  return true;
}

/** One step of an object that was just pushed onto slippery ground; true when it moved. */
function slideObject(ctx: Ctx, pending: readonly GameEvent[]): boolean {
  const layers = layersOf(ctx);
  if (!layers) return false;
  const { draft } = ctx;
  for (const placed of pending) {
    if (placed.type !== "object_placed" || !isPos(placed.position)) continue;
    const [px, py] = placed.position;
    const push = pending.find(
      (e) =>
        e.type === "object_pushed" && isPos(e.toPosition) && e.toPosition[0] === px && e.toPosition[1] === py,
    );
    if (!push || typeof push.direction !== "string") continue;
    const delta = stepOf(push.direction);
    const entity = draft.get(layers.objects, px, py);
    if (!delta || !entity) continue;
    if (!isSlippery(ctx, draft.get(layers.ground, px, py))) continue;
    const next: Pos = [px + delta[0], py + delta[1]];
    const nextGround = open(ctx, layers.ground, next[0], next[1]);
    if (!nextGround?.info.tags.has(WALKABLE)) continue;
    if (draft.get(layers.objects, next[0], next[1])?.info.tags.has(SOLID)) continue;
    draft.set(layers.objects, px, py, null);
    ctx.emit({ type: "cell_cleared", position: [px, py], previousKind: entity.kind, layer: "objects" });
    draft.set(layers.objects, next[0], next[1], entity);
    reportPush(ctx, entity, [px, py], next, push.direction, "objects");
    return true;
  }
  return false;
}

/**
 * `ice_slide` (cascade phase): whatever lands on slippery ground keeps going, one cell per cascade pass,
 * so a long slide needs a `maxCascadeDepth` as long as the ice. The avatar slides on from an arrival
 * that had a direction (teleports without one stay put) and may push a crate ahead of it; otherwise a
 * crate that was just pushed onto the ice slides on by itself.
 */
export const iceSlide: SystemBehaviour<Required<IceSlideConfig>> = {
  type: "ice_slide",
  search: {
    layersMoved: () => ["objects"],
    avatarReach: Number.POSITIVE_INFINITY,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
    role: (config) => ({ role: "slide", slipperyTag: config.slipperyTag, ontoTag: WALKABLE }),
    // A slide stops at a solid object unless it pushes it by the push system's rules, and an object
    // slides on only after a push this turn.
    solidObjects: (_config, _pack, level) => {
      return { moves: pushRuleOf(level)?.pushableTags ?? [], tools: [] };
    },
  },
  prepare(config, pack): Prepared | null {
    const ground = pack.layerIndex.get("ground");
    const objects = pack.layerIndex.get("objects");
    if (ground === undefined || objects === undefined) return null;
    const slippery = new Uint8Array(pack.kinds.size);
    for (const info of pack.kinds.values()) if (info.tags.has(config.slipperyTag)) slippery[info.index] = 1;
    return { ground, objects, slippery };
  },
  cascade(ctx, pending) {
    const layers = layersOf(ctx);
    const at = ctx.draft.avatar.position;
    // Most passes have nothing on ice: an avatar off the ice and no push settle it at once.
    const onIce =
      layers !== null && at !== null && isSlippery(ctx, ctx.draft.get(layers.ground, at[0], at[1]));
    let entered: GameEvent | null = null;
    let pushes = false;
    for (const e of pending) {
      if (entered === null && e.type === "avatar_entered" && typeof e.direction === "string") entered = e;
      else if (e.type === "object_pushed") pushes = true;
    }
    if (entered && onIce && slideAvatar(ctx, entered, entered.direction as string)) return;
    if (pushes) slideObject(ctx, pending);
  },
};
