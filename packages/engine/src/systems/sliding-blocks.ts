import type { SlidingBlocksConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos, stepOf } from "../board/geometry.js";
import type { Pos } from "../contract/model.js";
import type { Pack, SystemBehaviour, SystemContext } from "../contract/runtime.js";
import type { MultiCellObjectState } from "../contract/state.js";

type Ctx = SystemContext<Required<SlidingBlocksConfig>>;

const AXIS_DIRECTIONS: Readonly<Record<string, readonly string[]>> = {
  horizontal: ["left", "right"],
  vertical: ["up", "down"],
  both: ["up", "down", "left", "right"],
};

/** What the hook needs from the config, resolved once per level: kind tables and layer indices. */
interface Prepared {
  readonly ground: number | undefined;
  /** Per kind index, 1 when ground of it takes a block: not void, and one of the valid ground tags. */
  readonly groundOk: Uint8Array;
  /** The blocking layers that exist, in config order. */
  readonly blockingLayers: readonly number[];
  /** Per kind index: 0 when it does not block, 1 when it blocks, 2 when it blocks unless coverable. */
  readonly blocks: Uint8Array;
}

function prepare(config: Required<SlidingBlocksConfig>, pack: Pack): Prepared {
  const groundOk = new Uint8Array(pack.kinds.size);
  const blocks = new Uint8Array(pack.kinds.size);
  for (const info of pack.kinds.values()) {
    const has = (tags: readonly string[]) => tags.some((t) => info.tags.has(t));
    groundOk[info.index] = info.name !== "void" && has(config.validGroundTags) ? 1 : 0;
    const blocking = config.blockingTags.length === 0 || has(config.blockingTags);
    blocks[info.index] = !blocking ? 0 : has(config.coverableTags) ? 2 : 1;
  }
  const blockingLayers: number[] = [];
  for (const id of config.blockingLayers) {
    const li = pack.layerIndex.get(id);
    if (li !== undefined) blockingLayers.push(li);
  }
  return { ground: pack.layerIndex.get(config.groundLayer), groundOk, blockingLayers, blocks };
}

function occupies(o: MultiCellObjectState, x: number, y: number): boolean {
  for (const c of o.cells) if (c[0] === x && c[1] === y) return true;
  return false;
}

function veto(ctx: Ctx, reason: string): void {
  ctx.emit({ type: "action_vetoed", reason });
}

/** Whether a block may move onto a board cell (the cells it already covers are judged leniently). */
function cellOpen(ctx: Ctx, block: MultiCellObjectState, index: number, x: number, y: number): boolean {
  const { config, draft } = ctx;
  const { ground, groundOk, blockingLayers, blocks } = ctx.prepared as Prepared;
  const g = ground === undefined ? null : draft.get(ground, x, y);
  if (!g || groundOk[g.info.index] === 0) return false;
  const objects = draft.multiCellObjects;
  for (let i = 0; i < objects.length; i++) {
    if (i !== index && occupies(objects[i] as MultiCellObjectState, x, y)) return false;
  }
  // A blocker the block already stands on does not stop it from moving on over it.
  if (occupies(block, x, y)) return true;
  const role = typeof block.params.role === "string" ? block.params.role : "";
  for (const li of blockingLayers) {
    const e = draft.get(li, x, y);
    if (!e) continue;
    const how = blocks[e.info.index];
    if (how === 0) continue;
    if (how === 2 && !config.coverableBlockedRoles.includes(role)) continue;
    return false;
  }
  return true;
}

/**
 * `sliding_blocks` (action phase): the move action names a cell and a direction; the multi-cell object
 * on that cell slides one cell, if its `axis` allows the direction and every cell it moves onto is
 * open. An object whose role may escape leaves the board from exit ground, counting in
 * `escapedVariable`. Anything else refuses the action, so it does not count.
 */
export const slidingBlocks: SystemBehaviour<Required<SlidingBlocksConfig>> = {
  type: "sliding_blocks",
  search: {
    layersMoved: () => [],
    avatarReach: 0,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
  },
  prepare,
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.moveAction) return;
    const at = action.params.position;
    const direction = String(action.params.direction);
    const delta = stepOf(direction);
    if (!isPos(at) || !delta) return veto(ctx, "a block move needs a position and a direction");
    const index = draft.multiCellObjects.findIndex((o) => occupies(o, at[0], at[1]));
    const block = draft.multiCellObjects[index];
    if (!block) return veto(ctx, "no block on that cell");
    const axis = typeof block.params.axis === "string" ? block.params.axis : "";
    if (!(AXIS_DIRECTIONS[axis] ?? []).includes(direction))
      return veto(ctx, "the block cannot move that way");
    const moved: Pos[] = block.cells.map((c) => [c[0] + delta[0], c[1] + delta[1]]);
    const leaving = moved.filter((c) => !draft.inBounds(c[0], c[1]));
    if (leaving.length > 0) {
      const role = typeof block.params.role === "string" ? block.params.role : "";
      const ground = pack.layerIndex.get(config.groundLayer);
      const onExit = block.cells.every((c, i) => {
        const to = moved[i] as Pos;
        if (draft.inBounds(to[0], to[1])) return true;
        const g = ground === undefined ? null : draft.get(ground, c[0], c[1]);
        return g !== null && config.exitTags.some((t) => g.info.tags.has(t));
      });
      if (!config.escapeRoles.includes(role) || !onExit)
        return veto(ctx, "the block cannot leave the board here");
      draft.removeMultiCellObject(index);
      ctx.emit({ type: "multi_cell_object_exited", id: block.id, kind: block.kind, direction });
      const before = own(draft.variables, config.escapedVariable);
      const count = (typeof before === "number" ? before : 0) + 1;
      draft.setVariable(config.escapedVariable, count);
      ctx.emit({
        type: "variable_changed",
        name: config.escapedVariable,
        oldValue: before ?? null,
        newValue: count,
      });
      return;
    }
    for (const c of moved)
      if (!cellOpen(ctx, block, index, c[0], c[1])) return veto(ctx, "the block is blocked");
    draft.setMultiCellObject(index, { ...block, cells: moved });
    ctx.emit({
      type: "multi_cell_object_moved",
      id: block.id,
      kind: block.kind,
      direction,
      fromCells: block.cells,
      cells: moved,
    });
  },
};
