import type { AvatarTarget, GameState, LevelRuntime, Pack } from "@gridponder/engine";
import { avatarReach, avatarTargetOf, reachTargetsStayPut } from "../models/index.js";
import type { Heuristic, HeuristicFactory, MarkerHeuristic } from "../types.js";
import { areaGrowthHeuristic } from "./area-growth-heuristic.js";
import { joiningBoxesHeuristic } from "./joining-boxes-heuristic.js";
import { patternHeuristic } from "./pattern-heuristic.js";
import { placementHeuristic } from "./placement-heuristic.js";
import { relaxedCarryHeuristic } from "./relaxed-carry/heuristic.js";

/** No estimate at all: A* becomes uniform-cost search. Always admissible. */
export const zeroHeuristic: Heuristic = { name: "zero", estimate: () => 0 };

const manhattan = (a: readonly number[], b: readonly number[]) =>
  Math.abs((a[0] as number) - (b[0] as number)) + Math.abs((a[1] as number) - (b[1] as number));

/**
 * For levels whose every goal declares an avatar target (`avatarTarget` in its search declarations, as
 * `reach_target` does), whose avatar moves at most one cell per action (the
 * engine's `avatarReach`) and whose targets stay put (the engine's `reachTargetsStayPut`): the
 * Manhattan distance to the nearest target cell. A blocked move the engine keeps pending can later
 * put the avatar on its target cell in one action, so that jump is allowed for as well.
 */
export const reachTargetHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) => {
  const targets: AvatarTarget[] = [];
  for (const goal of level.goals) {
    const target = avatarTargetOf(pack, goal);
    if (target === null) return null;
    targets.push(target);
  }
  if (targets.length === 0) return null;
  if (avatarReach(level) > 1 || !reachTargetsStayPut(pack, level)) return null;
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
      for (const target of targets) {
        const cells = targetsIn(state, target.kind, target.tag);
        if (cells.length === 0) return Number.POSITIVE_INFINITY;
        let nearest = Number.POSITIVE_INFINITY;
        for (const t of cells) {
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
  areaGrowthHeuristic,
  placementHeuristic,
  relaxedCarryHeuristic,
  patternHeuristic,
  joiningBoxesHeuristic,
];

/**
 * The best admissible heuristic this level allows, or `null` when only the zero heuristic fits: the
 * one heuristic that applies, or the largest estimate of all that apply (see `strongestOf`).
 */
export function levelHeuristic(pack: Pack, level: LevelRuntime): Heuristic | null {
  const found: Heuristic[] = [];
  for (const make of HEURISTICS) {
    const h = make(pack, level);
    if (h) found.push(h);
  }
  return found.length === 0 ? null : found.length === 1 ? (found[0] as Heuristic) : strongestOf(found);
}

/**
 * The largest of several admissible estimates, itself admissible. Tables are built for each (a table
 * threads fill together only when exactly one heuristic shares one). When any answers per marker cell
 * (`MarkerHeuristic`), so does the combination: the others, which never read the marker layer, are
 * asked once per core.
 */
export function strongestOf(heuristics: readonly Heuristic[]): Heuristic {
  const shared = heuristics.filter((h) => h.shareTable !== undefined);
  const sharer = shared.length === 1 ? (shared[0] as Heuristic) : null;
  const entries = heuristics.reduce((n, h) => n + (h.tableEntries ?? 0), 0);
  const combined: Heuristic = {
    name: heuristics.map((h) => h.name).join(" + "),
    ...(entries > 0 ? { tableEntries: entries } : {}),
    prepare(deadline, team) {
      for (const h of heuristics) h.prepare?.(deadline, h === sharer ? team : undefined);
    },
    ...(sharer?.shareTable && sharer.startTable
      ? { shareTable: sharer.shareTable.bind(sharer), startTable: sharer.startTable.bind(sharer) }
      : {}),
    estimate(state) {
      let best = 0;
      for (const h of heuristics) {
        best = Math.max(best, h.estimate(state));
        if (best === Number.POSITIVE_INFINITY) break;
      }
      return best;
    },
  };
  const perMarker = heuristics.map((h) => {
    const m = h as Partial<MarkerHeuristic>;
    return m.base && m.at ? (h as MarkerHeuristic) : null;
  });
  if (perMarker.every((m) => m === null)) return combined;
  // Per core: each heuristic's base (a marker heuristic's) or estimate (another's), `count` in a row.
  const count = heuristics.length;
  const bases: number[] = [];
  const marker: MarkerHeuristic = {
    ...combined,
    base(state) {
      const id = bases.length / count;
      for (let i = 0; i < count; i++) {
        const m = perMarker[i];
        bases.push(m ? m.base(state) : (heuristics[i] as Heuristic).estimate(state));
      }
      return id;
    },
    at(id, m) {
      let best = 0;
      for (let i = 0; i < count; i++) {
        const b = bases[id * count + i] as number;
        const p = perMarker[i];
        best = Math.max(best, p ? p.at(b, m) : b);
      }
      return best;
    },
  };
  return marker;
}

/** The best admissible heuristic this level allows (the zero heuristic when there is none). */
export function defaultHeuristic(pack: Pack, level: LevelRuntime): Heuristic {
  return levelHeuristic(pack, level) ?? zeroHeuristic;
}
