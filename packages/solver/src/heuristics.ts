import type { GameState, LevelRuntime, Pack } from "@gridponder/engine";
import { floodFillHeuristic } from "./flood-heuristic.js";
import { placementHeuristic } from "./placement-heuristic.js";
import { relaxedCarryHeuristic } from "./relaxed-carry/heuristic.js";
import type { Heuristic, HeuristicFactory } from "./types.js";

/** No estimate at all: A* becomes uniform-cost search. Always admissible. */
export const zeroHeuristic: Heuristic = { name: "zero", estimate: () => 0 };

/** Systems under which the avatar moves at most one cell per action (leaving aside pending moves). */
const ONE_STEP_SYSTEMS = new Set(["avatar_navigation", "push_objects"]);

const manhattan = (a: readonly number[], b: readonly number[]) =>
  Math.abs((a[0] as number) - (b[0] as number)) + Math.abs((a[1] as number) - (b[1] as number));

/**
 * For levels whose goals are all `reach_target` and whose avatar moves one cell per action: the
 * Manhattan distance to the nearest target cell. A blocked move the engine keeps pending can later
 * put the avatar on its target cell in one action, so that jump is allowed for as well.
 */
export const reachTargetHeuristic: HeuristicFactory = (_pack: Pack, level: LevelRuntime) => {
  const goals = level.goals;
  if (goals.length === 0 || goals.some((g) => g.type !== "reach_target")) return null;
  if (level.systems.some((s) => !ONE_STEP_SYSTEMS.has(s.type))) return null;
  const { width, height } = level;
  const targetsIn = (state: GameState, kind?: string, tag?: string) => {
    const cells: [number, number][] = [];
    state.layers.forEach((layer) => {
      for (let i = 0; i < width * height; i++) {
        const e = layer[i];
        if (e && ((kind !== undefined && e.kind === kind) || (tag !== undefined && e.info.tags.has(tag))))
          cells.push([i % width, Math.floor(i / width)]);
      }
    });
    return cells;
  };
  return {
    name: "reach-target distance",
    estimate(state) {
      const at = state.avatar.position;
      if (!at) return Number.POSITIVE_INFINITY;
      const pending = (state.memory.pendingMove as { to?: readonly number[] } | undefined)?.to;
      let worst = 0;
      for (const goal of goals) {
        if (goal.type !== "reach_target") continue;
        const targets = targetsIn(state, goal.config.targetKind, goal.config.targetTag);
        if (targets.length === 0) return Number.POSITIVE_INFINITY;
        let nearest = Number.POSITIVE_INFINITY;
        for (const t of targets) {
          nearest = Math.min(nearest, manhattan(at, t));
          if (pending) nearest = Math.min(nearest, 1 + manhattan(pending, t));
        }
        worst = Math.max(worst, nearest);
      }
      return worst;
    },
  };
};

/** The admissible heuristics the solver knows, in order of preference. */
export const HEURISTICS: readonly HeuristicFactory[] = [
  reachTargetHeuristic,
  floodFillHeuristic,
  placementHeuristic,
  relaxedCarryHeuristic,
];

/** The best admissible heuristic this level allows, or `null` when only the zero heuristic fits. */
export function levelHeuristic(pack: Pack, level: LevelRuntime): Heuristic | null {
  for (const make of HEURISTICS) {
    const h = make(pack, level);
    if (h) return h;
  }
  return null;
}

/** The best admissible heuristic this level allows (the zero heuristic when there is none). */
export function defaultHeuristic(pack: Pack, level: LevelRuntime): Heuristic {
  return levelHeuristic(pack, level) ?? zeroHeuristic;
}
