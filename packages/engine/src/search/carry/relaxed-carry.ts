import type { LevelRuntime } from "../../level.js";
import type { Entity } from "../../model.js";
import type { Pack } from "../../pack.js";
import { PENDING_MOVE_MEMORY } from "../../pending-move.js";
import { Session } from "../../session.js";
import { settlementOf } from "../../settle-pending.js";
import type { GameState } from "../../state.js";
import type { PendingMove } from "../../systems/types.js";
import { analyseCarryLevel, type CarryLevel } from "./analysis.js";
import { basketDomain, RelaxedLayout } from "./layout.js";
import { RelaxedModel } from "./model.js";

/**
 * A finite relaxed model of a level whose distances to the goal are lower bounds on the engine's, as
 * a search fills them in backwards from the goal states. Virtual states sit between two real ones at
 * no cost of their own.
 */
export interface RelaxedSpace {
  /** The number of states (indices run from 0) and of virtual states. */
  readonly size: number;
  readonly virtualSize: number;
  /** Calls `emit` with every goal state. */
  goals(emit: (index: number) => void): void;
  /** Whether a state can occur at all; the others need no distance. */
  possible(index: number): boolean;
  /** Calls `rest` with each state one step before `index`, and `virtual` with each virtual state just before it. */
  predecessors(index: number, rest: (from: number) => void, virtual: (v: number) => void): void;
  /** Calls `rest` with each state one step before virtual state `v`. */
  virtualPredecessors(v: number, rest: (from: number) => void): void;
}

/**
 * The relaxed model of a carry level (see `analyseCarryLevel` and `RelaxedModel`), with the map from
 * engine states to its states. The marker's cell is part of a relaxed state, so states can also be
 * mapped without it (`baseOf`) and given a marker cell later (`withMarker`), for marker searches.
 */
export interface RelaxedCarry {
  readonly carry: CarryLevel;
  readonly layout: RelaxedLayout;
  readonly model: RelaxedModel;
  /** Whether some ground can be slippery, now or later. */
  readonly slippery: boolean;
  /** The index of a state's relaxed image, its marker read from the state; -1 outside the model. */
  indexOf(state: GameState): number;
  /** The same without the marker. */
  baseOf(state: GameState): number;
  /** A `baseOf` index with the marker on board cell `marker - 1` (0: none); -1 outside the model. */
  withMarker(base: number, marker: number): number;
}

/**
 * The relaxed model of a carry level, built from its systems' roles, or `null` when the level is not
 * one (see `analyseCarryLevel`) or its model would not fit in memory.
 */
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
    slippery: carry.slippery.some((s) => s === 1),
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
    withMarker(base, marker) {
      if (base < 0 || marker === 0) return base;
      const m = layout.avatarIndex[marker - 1] as number;
      return m < 0 ? -1 : base + (1 + m) * k;
    },
  };
}

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
 * The relaxed pending value of a state: 0 without a pending move; 2 when the push role would settle
 * it on the next turn (see `settlementOf`), as it does unless that turn arms another; 1 otherwise.
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
