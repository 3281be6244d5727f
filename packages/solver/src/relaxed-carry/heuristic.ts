import {
  type Entity,
  type GameState,
  type LevelRuntime,
  type Pack,
  PENDING_MOVE_MEMORY,
  type PendingMove,
  Session,
  settlementOf,
} from "@gridponder/engine";
import type { HeuristicFactory, MarkerHeuristic } from "../types.js";
import { analyseCarryLevel, type CarryLevel } from "./analysis.js";
import { basketDomain, RelaxedLayout } from "./layout.js";
import { RelaxedModel } from "./model.js";
import { BEYOND, type Distances, relaxedDistances } from "./table.js";

/**
 * For carry levels on ice (see `analyseCarryLevel`), where the placement distance does not apply:
 * the exact distance to the goal in the relaxed model of `model.ts`, looked up in a table filled
 * backwards from the goal the first time it is needed. The marker is part of the relaxed state, so
 * the heuristic also answers per marker cell (`base` and `at`) for the marker search.
 */
/** A level's relaxed model, with the map from engine states to relaxed state indices. */
export interface RelaxedCarry {
  readonly carry: CarryLevel;
  readonly layout: RelaxedLayout;
  readonly model: RelaxedModel;
  /** The index of a state's relaxed image, its marker read from the state; -1 outside the model. */
  indexOf(state: GameState): number;
  /** The same without the marker (see `MarkerHeuristic.base`). */
  baseOf(state: GameState): number;
}

/** The relaxed model of a carry level, or `null` when the level is not one (see `analyseCarryLevel`). */
export function relaxedCarry(pack: Pack, level: LevelRuntime, start?: GameState): RelaxedCarry | null {
  const first = start ?? new Session(pack, level.id).initial;
  const carry = analyseCarryLevel(pack, level, first);
  if (carry === null) return null;
  const starts: number[] = [];
  (first.layers[carry.objects] ?? []).forEach((e, i) => {
    if (e?.kind === carry.carrier) starts.push(i);
  });
  let layout: RelaxedLayout;
  try {
    layout = new RelaxedLayout(carry, basketDomain(carry, starts), starts.length);
  } catch {
    return null;
  }
  const k = layout.avatarCells.length;
  const baseOf = (state: GameState) => baseIndex(carry, layout, state);
  return {
    carry,
    layout,
    model: new RelaxedModel(carry, layout),
    baseOf,
    indexOf(state) {
      const base = baseOf(state);
      if (base < 0 || carry.marker === null) return base;
      const cells = state.layers[carry.marker.layer] ?? [];
      for (let i = 0; i < cells.length; i++) {
        if (!cells[i]) continue;
        const m = layout.avatarIndex[i] as number;
        return m < 0 ? -1 : base + (1 + m) * k;
      }
      return base;
    },
  };
}

/**
 * For carry levels on ice (see `analyseCarryLevel`), where the placement distance does not apply:
 * the exact distance to the goal in the relaxed model of `model.ts`, looked up in a table filled
 * backwards from the goal the first time it is needed. The marker is part of the relaxed state, so
 * the heuristic also answers per marker cell (`base` and `at`) for the marker search.
 */
export const relaxedCarryHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) => {
  const relaxed = relaxedCarry(pack, level);
  if (relaxed === null || !relaxed.carry.slippery.some((s) => s === 1)) return null;
  const { layout, model } = relaxed;
  let table: Distances | null = null;
  // What `BEYOND` stands for: no way to the goal, or (a table cut short) more than its last distance.
  let beyond = Number.POSITIVE_INFINITY;
  const build = (deadline?: number) => {
    if (table !== null) return table;
    table = relaxedDistances(model, BEYOND - 1, deadline);
    beyond = table.complete ? Number.POSITIVE_INFINITY : table.reached + 1;
    return table;
  };
  const k = layout.avatarCells.length;
  const lookup = (index: number) => {
    if (index < 0) return 0;
    const d = build().dist[index] as number;
    return d === BEYOND ? beyond : d;
  };
  const heuristic: MarkerHeuristic = {
    name: "relaxed carry distance",
    tableEntries: layout.size,
    prepare(deadline) {
      build(deadline);
    },
    estimate: (state) => lookup(relaxed.indexOf(state)),
    base: relaxed.baseOf,
    at(base, marker) {
      if (base < 0) return 0;
      if (marker === 0) return lookup(base);
      const m = layout.avatarIndex[marker - 1] as number;
      return m < 0 ? 0 : lookup(base + (1 + m) * k);
    },
  };
  return heuristic;
};

/** The table index of a state's relaxed image with no marker, or -1 when it falls outside the model. */
function baseIndex(carry: CarryLevel, layout: RelaxedLayout, state: GameState): number {
  const position = state.avatar.position;
  if (!position) return -1;
  const avatar = position[1] * carry.width + position[0];
  if ((layout.avatarIndex[avatar] as number) < 0) return -1;
  const objects = state.layers[carry.objects] as readonly (Entity | null)[];
  const members: number[] = [];
  for (let i = 0; i < carry.cells; i++) {
    if (objects[i]?.kind !== carry.carrier) continue;
    const b = layout.basketIndex[i] as number;
    if (b < 0 || i === avatar) return -1;
    members.push(b);
  }
  if (members.length > layout.maxBaskets) return -1;
  const ground = state.layers[carry.ground] as readonly (Entity | null)[];
  let mask = 0;
  carry.plots.forEach((cell, p) => {
    if (ground[cell]?.kind === carry.target) mask |= 1 << p;
  });
  const pending = pendingValue(carry, state);
  return layout.index(pending, mask, layout.rankOf(members, members.length), -1, avatar);
}

/**
 * The relaxed pending value of a state: 0 without a pending move; 2 when `push_objects` would settle
 * it on the next turn (see the engine's `settlementOf`), as it does unless that turn arms another; 1
 * otherwise.
 */
function pendingValue(carry: CarryLevel, state: GameState): number {
  const move = state.memory[PENDING_MOVE_MEMORY] as PendingMove | undefined;
  if (!move) return 0;
  const { width, height } = carry;
  const view = {
    inBounds: (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height,
    get: (layer: number, x: number, y: number) =>
      x >= 0 && y >= 0 && x < width && y < height ? (state.layers[layer]?.[y * width + x] ?? null) : null,
    avatar: state.avatar,
  };
  return settlementOf(carry.push, view, carry.objects, carry.ground, move) === null ? 1 : 2;
}
