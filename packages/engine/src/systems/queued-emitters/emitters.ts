/**
 * Emitters: multi-cell objects (pipes) that release queued items onto the board, one per exit. The
 * `queued_emitters` system releases them every turn; the `release_from_emitter` effect on demand.
 * @module
 */
import type { JsonValue } from "@gridponder/schema";
import { isPos, stepOf } from "../../board/geometry.js";
import { jsonEqual } from "../../board/json.js";
import type { Entity, Params, Pos } from "../../contract/model.js";
import type { Pack, TurnContext } from "../../contract/runtime.js";
import type { MultiCellObjectState } from "../../contract/state.js";

/**
 * Emitters are multi-cell objects (pipes) whose params hold a `queue` of items and one exit
 * (`exitPosition` + `exitDirection`) or two (plus `exit2Position` + `exit2Direction`). An item leaves
 * an exit onto its spawn cell, the cell one step beyond the exit in the exit's direction.
 *
 * A queue entry is a number (an entity of the emitter's `itemKind` param, default `number`, with that
 * `value`), a kind name, or `{ "kind": …, ...params }`.
 */

interface Exit {
  readonly position: Pos;
  readonly spawn: Pos;
  /** The spawn cell lies off the board: the exit counts as clear and what leaves it is gone. */
  readonly offBoard: boolean;
}

function exitOf(
  draft: TurnContext["draft"],
  position: JsonValue | undefined,
  direction: JsonValue | undefined,
) {
  if (!isPos(position) || typeof direction !== "string") return null;
  const delta = stepOf(direction);
  if (!delta) return null;
  const spawn: Pos = [position[0] + delta[0], position[1] + delta[1]];
  return { position, spawn, offBoard: !draft.inBounds(spawn[0], spawn[1]) } satisfies Exit;
}

/**
 * Queue items' entities by pack, item kind and item: an item is released, probed and checked on many
 * turns, and making its entity anew builds and interns a params object each time.
 */
const itemEntities = new WeakMap<Pack, Map<string, Map<string | number, Entity | null>>>();

function itemEntity(pack: Pack, emitter: MultiCellObjectState, item: JsonValue): Entity | null {
  if (item === null || item === undefined) return null;
  if (typeof item === "number" || typeof item === "string") {
    const kind =
      typeof item === "string"
        ? ""
        : typeof emitter.params.itemKind === "string"
          ? emitter.params.itemKind
          : "number";
    let byKind = itemEntities.get(pack);
    if (byKind === undefined) {
      byKind = new Map();
      itemEntities.set(pack, byKind);
    }
    let byItem = byKind.get(kind);
    if (byItem === undefined) {
      byItem = new Map();
      byKind.set(kind, byItem);
    }
    let entity = byItem.get(item);
    if (entity === undefined) {
      entity = makeItemEntity(pack, kind, item);
      // Bounded, as the pack's own interning is: queues are short, but nothing caps them.
      if (byItem.size < 1024) byItem.set(item, entity);
    }
    return entity;
  }
  if (typeof item === "object" && !Array.isArray(item) && typeof item.kind === "string") {
    const { kind, ...params } = item;
    return pack.kinds.has(kind) ? pack.entity(kind, params as Params) : null;
  }
  return null;
}

/** A number item is an entity of `kind` with that `value`; a string item names a kind (`kind` is ""). */
function makeItemEntity(pack: Pack, kind: string, item: string | number): Entity | null {
  if (typeof item === "number") return pack.kinds.has(kind) ? pack.entity(kind, { value: item }) : null;
  return pack.kinds.has(item) ? pack.entity(item) : null;
}

/** An exit can take an item out when nothing stands on the exit cell or the spawn cell of the item's layer. */
function exitClear(ctx: TurnContext, exit: Exit, layer: number): boolean {
  const { draft } = ctx;
  const [x, y] = exit.position;
  return (
    (!draft.inBounds(x, y) || draft.get(layer, x, y) === null) &&
    (exit.offBoard || draft.get(layer, exit.spawn[0], exit.spawn[1]) === null)
  );
}

/** The layer released items land on: that of the given item's kind, else `objects`. */
function layerFor(pack: Pack, entity: Entity | null): number | undefined {
  return entity ? entity.info.layerIndex : pack.layerIndex.get("objects");
}

/** `fromPosition` is the emitter's exit cell the item comes out of, so a view can move it from there. */
function release(ctx: TurnContext, emitterId: string, entity: Entity, exit: Exit, exitNumber: number): void {
  const { spawn } = exit;
  // An exit facing off the board still releases (fuzz: a pipe moved to the edge, `nc_008`); the item
  // is reported and never lands.
  if (!exit.offBoard) ctx.draft.set(entity.info.layerIndex, spawn[0], spawn[1], entity);
  ctx.emit({
    type: "item_released",
    emitterId,
    kind: entity.kind,
    position: spawn,
    params: entity.params ?? {},
    exit: exitNumber,
    fromPosition: exit.position,
  });
}

/** One-exit emitter: the next queued item leaves when the exit and its spawn cell are both empty. */
export function releaseSingle(ctx: TurnContext, index: number, mco: MultiCellObjectState): boolean {
  const { draft, pack } = ctx;
  const queue = mco.params.queue;
  const current = typeof mco.params.currentIndex === "number" ? mco.params.currentIndex : 0;
  if (!Array.isArray(queue) || current >= queue.length) return false;
  const exit = exitOf(draft, mco.params.exitPosition, mco.params.exitDirection);
  const entity = itemEntity(pack, mco, queue[current] ?? null);
  if (!exit || !entity || !exitClear(ctx, exit, entity.info.layerIndex)) return false;
  // What the new params share with the old is frozen already: only the new object needs freezing.
  draft.setMultiCellObject(index, {
    ...mco,
    params: Object.freeze({ ...mco.params, currentIndex: current + 1 }),
  });
  release(ctx, mco.id, entity, exit, 1);
  return true;
}

/**
 * The slots of a two-exit pipe, one per cell in `cells` order (cell 0 is exit 1). They start as the
 * queue laid into the cells in order (entries beyond the pipe's length have no cell and never appear);
 * the state records them as `pipeSlots` from the first time the pipe runs.
 */
export function slotsOf(mco: MultiCellObjectState): JsonValue[] {
  const stored = mco.params.pipeSlots;
  const n = mco.cells.length;
  // Copied item by item: `slice` of a frozen array takes a slow path.
  const out: JsonValue[] = [];
  if (Array.isArray(stored) && stored.length === n) {
    for (let i = 0; i < n; i++) out.push(stored[i] ?? null);
    return out;
  }
  const queue = Array.isArray(mco.params.queue) ? mco.params.queue : [];
  for (let i = 0; i < n; i++) out.push(queue[i] ?? null);
  return out;
}

/**
 * Whether a two-exit pipe has recorded its slots and they are all empty: a turn then releases and
 * moves nothing, and leaves the pipe as it is.
 */
export function isEmptyPipe(mco: MultiCellObjectState): boolean {
  const stored = mco.params.pipeSlots;
  if (!Array.isArray(stored) || stored.length !== mco.cells.length) return false;
  for (let i = 0; i < stored.length; i++) if (stored[i] !== null) return false;
  return true;
}

/**
 * Emit phase of a two-exit pipe: each exit whose slot holds an item and which is clear releases it.
 * Returns whether anything left.
 */
export function emitBoth(
  ctx: TurnContext,
  mco: MultiCellObjectState,
  slots: JsonValue[],
  exits: readonly (Exit | null)[],
): boolean {
  const last = slots.length - 1;
  let released = false;
  for (let e = 0; e < 2; e++) {
    const exit = exits[e];
    const slot = e === 0 ? 0 : last;
    const entity = itemEntity(ctx.pack, mco, slots[slot] ?? null);
    if (!exit || !entity || !exitClear(ctx, exit, entity.info.layerIndex)) continue;
    slots[slot] = null;
    release(ctx, mco.id, entity, exit, e + 1);
    released = true;
  }
  return released;
}

/**
 * Move phase of a two-exit pipe: every item steps one slot toward its nearer exit. The middle item of
 * an odd pipe leans toward the only clear exit and stays put when both or neither are clear. `clear` is
 * taken before the emit phase: an exit that has just released an item still counts as clear this turn
 * (traces: `nc_008`, `nc_011`).
 *
 * The new slots are filled in pipe order and a step only checks the slot in the new row: an item
 * stepping toward exit 2 into a slot whose item then stays (it is blocked at the exit, or it is a
 * middle item that stays) is overwritten by that item and leaves the pipe. The reference engine does
 * this (fuzz: `nc_010_m1`, `nc_013_m1`); it is kept because packs are judged against its traces.
 */
export function moveItems(slots: JsonValue[], clear: readonly [boolean, boolean]): JsonValue[] {
  const n = slots.length;
  const next: JsonValue[] = new Array<JsonValue>(n).fill(null);
  for (let i = 0; i < n; i++) {
    const item = slots[i] ?? null;
    if (item === null) continue;
    const toFirst = i;
    const toSecond = n - 1 - i;
    let step = 0;
    if (toFirst < toSecond) step = -1;
    else if (toSecond < toFirst) step = 1;
    else if (clear[0] !== clear[1]) step = clear[0] ? -1 : 1;
    const target = i + step;
    if (step !== 0 && target >= 0 && target < n && next[target] === null) next[target] = item;
    else next[i] = item;
  }
  return next;
}

export function exitsOf(ctx: TurnContext, mco: MultiCellObjectState): [Exit | null, Exit | null] {
  const p = mco.params;
  return [
    exitOf(ctx.draft, p.exitPosition, p.exitDirection),
    exitOf(ctx.draft, p.exit2Position, p.exit2Direction),
  ];
}

export function clearFlags(
  ctx: TurnContext,
  mco: MultiCellObjectState,
  slots: readonly JsonValue[],
  exits: readonly (Exit | null)[],
) {
  let first: JsonValue = null;
  for (let i = 0; i < slots.length && first === null; i++) first = slots[i] ?? null;
  const probe = itemEntity(ctx.pack, mco, first);
  const layer = layerFor(ctx.pack, probe);
  const flag = (exit: Exit | null) => exit !== null && layer !== undefined && exitClear(ctx, exit, layer);
  return [flag(exits[0] ?? null), flag(exits[1] ?? null)] as const;
}

/** Records the slots; an unchanged pipe keeps its state object, so idle turns copy nothing. */
export function storeSlots(
  ctx: TurnContext,
  index: number,
  mco: MultiCellObjectState,
  slots: JsonValue[],
): void {
  if (jsonEqual(mco.params.pipeSlots, slots)) return;
  // The items come from the frozen queue or slots, so freezing the new arrays and object is enough.
  Object.freeze(slots);
  ctx.draft.setMultiCellObject(index, { ...mco, params: Object.freeze({ ...mco.params, pipeSlots: slots }) });
}

export function isTwoExit(mco: MultiCellObjectState): boolean {
  return mco.params.exit2Position !== undefined && mco.params.exit2Position !== null;
}

/**
 * Releases what an emitter can release right now: the next queued item of a one-exit emitter, or, for
 * a two-exit pipe, the items standing in its exit slots (without moving the others along). Used by the
 * `release_from_emitter` effect. Returns whether anything was released.
 */
export function releaseFromEmitter(ctx: TurnContext, emitterId: string): boolean {
  const index = ctx.draft.multiCellObjects.findIndex((o) => o.id === emitterId);
  const mco = ctx.draft.multiCellObjects[index];
  if (!mco) return false;
  if (!isTwoExit(mco)) return releaseSingle(ctx, index, mco);
  const slots = slotsOf(mco);
  const released = emitBoth(ctx, mco, slots, exitsOf(ctx, mco));
  storeSlots(ctx, index, mco, slots);
  return released;
}
