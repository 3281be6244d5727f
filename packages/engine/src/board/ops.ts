import type { GameEvent } from "../contract/events.js";
import type { Entity, Pos } from "../contract/model.js";
import type { LevelRuntime, TurnContext } from "../contract/runtime.js";
import type { AvatarState } from "../contract/state.js";

/**
 * The shared `[x, y]` of a cell (`LevelRuntime.cells`, read-only by type, not frozen): states keep
 * positions (the avatar's), and a long undo history should not hold a copy per turn.
 */
export function sharedPos(level: LevelRuntime, x: number, y: number): Pos {
  if (x < 0 || y < 0 || x >= level.width || y >= level.height) return [x, y];
  return level.cells[y * level.width + x] as Pos;
}

/**
 * The avatar state with these fields, shared between states: avatar states are immutable, and reusing
 * them keeps a long undo history from holding a copy per turn. Only on-board positions are interned.
 */
export function avatarState(
  level: LevelRuntime,
  enabled: boolean,
  position: Pos | null,
  facing: string,
  item: string | null,
): AvatarState {
  if (position === null) return { enabled, position, facing, item };
  const cell = position[1] * level.width + position[0];
  if (level.cells[cell] !== position) return { enabled, position, facing, item };
  let byCell = level.avatars;
  if (byCell === null) {
    byCell = new Array(level.width * level.height);
    level.avatars = byCell;
  }
  let variants = byCell[cell];
  if (variants === undefined) {
    variants = [];
    byCell[cell] = variants;
  }
  for (let i = 0; i < variants.length; i++) {
    const a = variants[i] as AvatarState;
    if (a.facing === facing && a.item === item && a.enabled === enabled) return a;
  }
  const made: AvatarState = { enabled, position, facing, item };
  variants.push(made);
  return made;
}

/**
 * Board operations shared by rule effects and systems, each emitting the events the DSL defines for
 * it, so every mechanism that changes the board reports it the same way.
 */

/** Removes the entity on a layer at a cell. An `exactly_one` layer falls back to its default kind. */
export function removeEntity(ctx: TurnContext, layer: number, pos: Pos, animation?: string): Entity | null {
  const { draft, pack } = ctx;
  const entity = draft.get(layer, pos[0], pos[1]);
  if (!entity) return null;
  const info = pack.layers[layer];
  const fill = info?.fill ?? null;
  draft.set(layer, pos[0], pos[1], fill);
  const removed: Record<string, unknown> = {
    type: "object_removed",
    position: pos,
    kind: entity.kind,
    layer: info?.id,
  };
  if (animation !== undefined) removed.animation = animation;
  ctx.emit(removed as GameEvent);
  if (fill === null)
    ctx.emit({ type: "cell_cleared", position: pos, previousKind: entity.kind, layer: info?.id });
  return entity;
}

/**
 * Puts an entity on a cell (replacing whatever was there) and reports it as placed. `from` is the cell
 * it was just taken from when it moves (reported as `fromPosition`, so views keep it one object).
 */
export function placeEntity(ctx: TurnContext, layer: number, pos: Pos, entity: Entity, from?: Pos): void {
  ctx.draft.set(layer, pos[0], pos[1], entity);
  const placed: Record<string, unknown> = {
    type: "object_placed",
    position: pos,
    kind: entity.kind,
    params: entity.params ?? {},
    layer: ctx.pack.layers[layer]?.id,
  };
  if (from !== undefined) placed.fromPosition = from;
  ctx.emit(placed as GameEvent);
}

/** Moves the avatar one step (or a jump) and turns it to face `direction`. */
export function moveAvatar(ctx: TurnContext, to: Pos, direction: string | null): void {
  const { draft } = ctx;
  const from = draft.avatar.position;
  const position = sharedPos(ctx.level, to[0], to[1]);
  const { enabled, facing, item } = draft.avatar;
  draft.avatar = avatarState(ctx.level, enabled, position, direction ?? facing, item);
  ctx.emit({ type: "avatar_exited", position: from });
  // One literal per shape: adding `direction` afterwards gave every event a shape transition.
  ctx.emit(
    direction === null
      ? { type: "avatar_entered", position, fromPosition: from }
      : { type: "avatar_entered", position, fromPosition: from, direction },
  );
}
