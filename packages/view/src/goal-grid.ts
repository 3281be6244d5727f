/**
 * Goal grids: a `board_match` goal's target pattern as a mini-grid of appearances.
 * @module
 */
import type { LevelRuntime, Params } from "@gridponder/engine";
import type { BoardMatchGoal, JsonValue, LayerData } from "@gridponder/schema";
import { appearanceOf } from "./appearance.js";
import type { ViewContext } from "./context.js";
import type { Appearance, GoalGridView } from "./types.js";

/** One target cell: a kind name or `{ kind, ...params }`; `null` when empty or unreadable. */
function cellEntity(cell: JsonValue | undefined): { kind: string; params: Params | null } | null {
  if (typeof cell === "string") return { kind: cell, params: null };
  if (cell && typeof cell === "object" && !Array.isArray(cell) && typeof cell.kind === "string") {
    const { kind, position: _position, ...params } = cell;
    return { kind: kind as string, params: Object.keys(params).length > 0 ? (params as Params) : null };
  }
  return null;
}

/** A layer's target as row-major entities over a `width` × `height` board. */
function targetCells(data: LayerData, width: number, height: number) {
  const cells: ({ kind: string; params: Params | null } | null)[] = new Array(width * height).fill(null);
  if (Array.isArray(data)) {
    data.forEach((row, y) => {
      if (!Array.isArray(row)) return;
      row.forEach((cell, x) => {
        if (x < width && y < height) cells[y * width + x] = cellEntity(cell);
      });
    });
  } else {
    // A sparse target names only the cells it cares about: its `default` is not part of the pattern.
    for (const entry of data.entries ?? []) {
      const [x, y] = entry.position;
      if (x >= 0 && y >= 0 && x < width && y < height) cells[y * width + x] = cellEntity(entry as JsonValue);
    }
  }
  return cells;
}

/** The target of one `board_match` goal: per cell, the topmost target layer's entity. */
function goalGridOf(ctx: ViewContext, level: LevelRuntime, goal: BoardMatchGoal): GoalGridView {
  const { width, height } = level;
  const cells: (Appearance | null)[] = new Array(width * height).fill(null);
  const layers = Object.entries(goal.config.targetLayers ?? {}).sort(
    ([a], [b]) => (ctx.pack.layerIndex.get(a) ?? -1) - (ctx.pack.layerIndex.get(b) ?? -1),
  );
  for (const [, data] of layers) {
    targetCells(data, width, height).forEach((e, i) => {
      if (e) cells[i] = appearanceOf(ctx, e.kind, e.params);
    });
  }
  return { goalId: goal.id, width, height, cells };
}

/** The mini-grids of a level's `board_match` goals, in goal order. */
export function goalGridsOf(ctx: ViewContext, level: LevelRuntime): GoalGridView[] {
  return level.goals.flatMap((g) => (g.type === "board_match" ? [goalGridOf(ctx, level, g)] : []));
}
