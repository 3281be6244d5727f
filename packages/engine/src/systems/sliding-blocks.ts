import type { SlidingBlocksConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { directionDelta, isPos } from "../board/geometry.js";
import type { Pos } from "../contract/model.js";
import type { SystemBehaviour, SystemContext } from "../contract/runtime.js";
import type { MultiCellObjectState } from "../contract/state.js";

type Ctx = SystemContext<Required<SlidingBlocksConfig>>;

const AXIS_DIRECTIONS: Readonly<Record<string, readonly string[]>> = {
  horizontal: ["left", "right"],
  vertical: ["up", "down"],
  both: ["up", "down", "left", "right"],
};

const occupies = (o: MultiCellObjectState, x: number, y: number) =>
  o.cells.some((c) => c[0] === x && c[1] === y);

function veto(ctx: Ctx, reason: string): void {
  ctx.emit({ type: "action_vetoed", reason });
}

/** Whether a block may move onto a board cell (the cells it already covers are judged leniently). */
function cellOpen(ctx: Ctx, block: MultiCellObjectState, index: number, x: number, y: number): boolean {
  const { config, draft, pack } = ctx;
  const ground = pack.layerIndex.get(config.groundLayer);
  const g = ground === undefined ? null : draft.get(ground, x, y);
  if (!g || g.kind === "void" || !config.validGroundTags.some((t) => g.info.tags.has(t))) return false;
  if (draft.multiCellObjects.some((o, i) => i !== index && occupies(o, x, y))) return false;
  // A blocker the block already stands on does not stop it from moving on over it.
  if (occupies(block, x, y)) return true;
  const role = typeof block.params.role === "string" ? block.params.role : "";
  for (const id of config.blockingLayers) {
    const li = pack.layerIndex.get(id);
    const e = li === undefined ? null : draft.get(li, x, y);
    if (!e) continue;
    const blocks = config.blockingTags.length === 0 || config.blockingTags.some((t) => e.info.tags.has(t));
    if (!blocks) continue;
    const coverable = config.coverableTags.some((t) => e.info.tags.has(t));
    if (coverable && !config.coverableBlockedRoles.includes(role)) continue;
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
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (action.id !== config.moveAction) return;
    const at = action.params.position;
    const direction = String(action.params.direction);
    const delta = directionDelta(direction);
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
    if (!moved.every((c) => cellOpen(ctx, block, index, c[0], c[1])))
      return veto(ctx, "the block is blocked");
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
