/**
 * Goal grids: the target pattern of a goal that names target cells (`board_match`) as a mini-grid of
 * appearances.
 * @module
 */
import type { CellTarget, GoalDefinition, GoalEntry, LevelRuntime, Params } from "@gridponder/engine";
import { appearanceOf } from "./appearance.js";
import type { ViewContext } from "./context.js";
import type { Appearance, GoalGridView } from "./types.js";

/**
 * The target cells of one goal that names them (`cellTargets`, as `board_match` declares): per cell,
 * the entity the topmost target layer wants.
 */
function goalGridOf(
  ctx: ViewContext,
  level: LevelRuntime,
  goalId: string,
  targets: readonly CellTarget[],
): GoalGridView {
  const { width, height } = level;
  const cells: (Appearance | null)[] = new Array(width * height).fill(null);
  const layerOrder = (id: string) => ctx.pack.layerIndex.get(id) ?? -1;
  const layers = [...new Set(targets.map((t) => t.layerId))].sort((a, b) => layerOrder(a) - layerOrder(b));
  for (const layerId of layers) {
    for (const t of targets) {
      if (t.layerId !== layerId || t.kind === null) continue;
      cells[t.cell] = appearanceOf(ctx, t.kind, t.params as Params | null);
    }
  }
  return { goalId, width, height, cells };
}

/** The mini-grids of a level's goals that name target cells, in goal order. */
export function goalGridsOf(ctx: ViewContext, level: LevelRuntime): GoalGridView[] {
  return level.goals.flatMap((g) => {
    const definition = ctx.pack.registry.goals.get(g.type) as GoalDefinition<GoalEntry> | undefined;
    const targets = definition?.search?.cellTargets?.(g, level.width, level.height);
    return targets === undefined ? [] : [goalGridOf(ctx, level, g.id, targets)];
  });
}
