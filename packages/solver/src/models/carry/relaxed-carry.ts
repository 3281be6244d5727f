import {
  type Entity,
  type GameState,
  type LevelRuntime,
  type Pack,
  type PendingMove,
  Session,
} from "@gridponder/engine";
import { PENDING_MOVE_MEMORY, type SettleView, settlementOf } from "@gridponder/engine/search-contract";
import { type PendingMoveKey, pendingMoveKey } from "../facts/pending-move.js";
import { analyseCarryLevel, type CarryLevel } from "./analysis.js";
import { basketDomain, RelaxedLayout } from "./layout.js";
import { RelaxedModel } from "./model.js";
import { type PlotGates, plotGates } from "./plot-gates.js";

export type { RelaxedSpace } from "./space.js";

/**
 * The relaxed model of a carry level (see `analyseCarryLevel` and `RelaxedModel`), with the map from
 * engine states to its states. The model holds at most as many carriers as there are plots: a state
 * with more carriers than plots left has one image per set of its carriers as large as that, and its
 * relaxed distance is the least over them (see `relaxedCarry`). The marker's cell is part of a relaxed
 * state, so states can also be mapped without it (`basesOf`) and given a marker cell later
 * (`markerOffset`), for marker searches.
 */
export interface RelaxedCarry {
  readonly carry: CarryLevel;
  readonly layout: RelaxedLayout;
  readonly model: RelaxedModel;
  /** Whether some ground can be slippery, now or later. */
  readonly slippery: boolean;
  /** What the plots wait for (see `plotGates`): where it waits, pickups are tracked by default. */
  readonly gates: PlotGates;
  /**
   * The indices of a state's relaxed images, its marker read from the state: one per set of its
   * carriers as large as the plots left (none when it has fewer: it can never win); `null` when the
   * state falls outside the model.
   */
  imagesOf(state: GameState): number[] | null;
  /** The same without the marker. */
  basesOf(state: GameState): number[] | null;
  /**
   * What to add to a `basesOf` index for the marker on board cell `marker - 1` (0: none, so 0); -1
   * when the marker's cell is outside the model.
   */
  markerOffset(marker: number): number;
}

/**
 * The relaxed model of a carry level, built from its systems' roles, or `null` when the level is not
 * one (see `analyseCarryLevel`) or its model would not fit in memory.
 *
 * Carriers beyond the plots left are not part of a relaxed state: the relaxed distance of a state is
 * the least over the sets of as many of its carriers as plots are left, with the others taken off the
 * board. That is still a lower bound: a solution plants some such set, and in the relaxed model a
 * carrier off the board only takes away what it did to the others (it blocked a push, a slide, a
 * recall or the avatar, which the model lets stop or arm a pending move anywhere anyway), so each step
 * of the solution maps onto a relaxed step of that set. The model shrinks by a factor of about the
 * number of carrier cells per extra carrier (twinseed's ice levels: 12 times), at a small cost in
 * strength. `everyCarrier` keeps every carrier instead (for comparisons).
 */
export function relaxedCarry(
  pack: Pack,
  level: LevelRuntime,
  start?: GameState,
  options: RelaxedCarryOptions = {},
): RelaxedCarry | null {
  const first = start ?? new Session(pack, level.id).initial;
  const carry = analyseCarryLevel(pack, level, first);
  if (carry === null) return null;
  const starts: number[] = [];
  (first.layers[carry.objects] ?? []).forEach((e, i) => {
    if (e?.kind === carry.carrier) starts.push(i);
  });
  const held = options.everyCarrier ? starts.length : Math.min(starts.length, carry.plots.length);
  const domain = basketDomain(carry, starts);
  const gates = plotGates(carry, domain);
  let layout: RelaxedLayout;
  try {
    // The model with one region (the whole board) and no pickups first: with its tracked pickups
    // (as many as keep it within `PICKUP_ENTRIES`), its size per pending value sets how many regions
    // fit. Pickups are tracked by default only where a plot waits for one (`plotGates`: a wall or a
    // pickup on it or on every way into it), those first: there the goal itself waits for a tool.
    // Elsewhere they cost more (a larger table, fewer regions) than they gain: tracking every wall's
    // pickups expanded 1.5 - 3.1 times the states on nine twinseed levels, mutants and hard levels.
    const bare = new RelaxedLayout(carry, domain, held);
    const fit = Math.floor(Math.log2(Math.max(1, PICKUP_ENTRIES / bare.pairsSize)));
    const pickups = Math.min(options.maxPickups ?? (gates.waits ? MAX_PICKUPS : 0), fit);
    const whole = pickups === 0 ? bare : new RelaxedLayout(carry, domain, held, 1, pickups, gates.pickups);
    const perValue = whole.pairsSize / whole.pendingValues;
    const most = Math.max(1, Math.floor(((options.maxEntries ?? DEFAULT_MAX_ENTRIES) / perValue - 1) / 2));
    layout = most === 1 ? whole : new RelaxedLayout(carry, domain, held, most, pickups, gates.pickups);
  } catch {
    return null;
  }
  const k = layout.avatarCells.length;
  const firing = pendingMoveKey(pack, level, first);
  const basesOf = (state: GameState) => baseIndices(carry, layout, firing, state);
  const markerOffset = (marker: number) => {
    if (marker === 0) return 0;
    const m = layout.avatarIndex[marker - 1] as number;
    return m < 0 ? -1 : (1 + m) * k;
  };
  return {
    carry,
    layout,
    model: new RelaxedModel(carry, layout),
    slippery: carry.slippery.some((s) => s === 1),
    gates,
    basesOf,
    imagesOf(state) {
      const bases = basesOf(state);
      if (bases === null || carry.marker === null) return bases;
      const cells = state.layers[carry.marker.layer] ?? [];
      let marker = 0;
      for (let i = 0; i < cells.length; i++)
        if (cells[i]) {
          marker = i + 1;
          break;
        }
      const offset = markerOffset(marker);
      return offset < 0 ? null : bases.map((base) => base + offset);
    },
    markerOffset,
  };
}

/**
 * The table indices of a state's relaxed images with no marker (see `RelaxedCarry.imagesOf`), or
 * `null` when the state falls outside the model.
 */
function baseIndices(
  carry: CarryLevel,
  layout: RelaxedLayout,
  firing: PendingMoveKey,
  state: GameState,
): number[] | null {
  const position = state.avatar.position;
  if (!position) return null;
  const avatar = position[1] * carry.width + position[0];
  if ((layout.avatarIndex[avatar] as number) < 0) return null;
  const objects = state.layers[carry.objects] as readonly (Entity | null)[];
  // Carrier-cell numbers rise with the board cell, so the members come out in ascending order.
  const members = scratchMembers;
  members.length = 0;
  for (let i = 0; i < carry.cells; i++) {
    if (objects[i]?.kind !== carry.carrier) continue;
    const b = layout.basketIndex[i] as number;
    if (b < 0 || i === avatar) return null;
    members.push(b);
  }
  const ground = state.layers[carry.ground] as readonly (Entity | null)[];
  let mask = 0;
  let left = 0;
  for (let p = 0; p < carry.plots.length; p++) {
    if (ground[carry.plots[p] as number]?.kind !== carry.target) continue;
    mask |= 1 << p;
    left++;
  }
  // As many carriers as the model holds with this many plots planted: every one, or a set as large as
  // the plots left. Fewer carriers than plots left can never win: no image.
  const size = Math.min(members.length, layout.maxBaskets - (carry.plots.length - left));
  if (size < left) return [];
  if (members.length > MAX_SPREAD_CARRIERS && size < members.length) return null;
  const pending = pendingValue(carry, layout, firing, state);
  let present = 0;
  for (let bit = 0; bit < layout.tracked.length; bit++) {
    const pickup = carry.pickups[layout.tracked[bit] as number] as { cell: number; item: string };
    if (objects[pickup.cell]?.kind === pickup.item) present |= 1 << bit;
  }
  const images: number[] = [];
  const chosen = scratchChosen;
  for (const set of setsOf(members.length, size)) {
    let j = 0;
    for (let b = 0; b < members.length; b++) if ((set >> b) & 1) chosen[j++] = members[b] as number;
    images.push(layout.index(pending, mask, layout.rankOf(chosen, size), -1, avatar, present));
  }
  return images;
}

/** Beyond this many carriers, a state's sets of them are too many to look up: it gets no estimate. */
const MAX_SPREAD_CARRIERS = 16;

/** The carriers of the state `baseIndices` reads, and a set of them (one search at a time a thread). */
const scratchMembers: number[] = [];
const scratchChosen = new Int32Array(MAX_SPREAD_CARRIERS);

/** Per number of carriers and set size: the sets of that size, as bit masks (built when first asked). */
const setsBySize: number[][][] = [];

function setsOf(n: number, size: number): readonly number[] {
  const byN = setsBySize[n] ?? [];
  setsBySize[n] = byN;
  let sets = byN[size];
  if (sets === undefined) {
    sets = [];
    for (let set = 0; set < 2 ** n; set++) if (popCount(set) === size) sets.push(set);
    byN[size] = sets;
  }
  return sets;
}

function popCount(n: number): number {
  let count = 0;
  for (let m = n; m !== 0; m &= m - 1) count++;
  return count;
}

/**
 * The relaxed pending value of a state (see `RelaxedLayout`): 0 without a pending move, else its
 * target's region, ready when the push role would settle it on the next turn (see `settlementOf`), as
 * it does unless that turn arms another.
 */
function pendingValue(
  carry: CarryLevel,
  layout: RelaxedLayout,
  firing: PendingMoveKey,
  state: GameState,
): number {
  const move = state.memory[PENDING_MOVE_MEMORY] as PendingMove | undefined;
  // A move the engine knows can never fire is no move at all: searches key such a state as the one
  // without it (`pendingMoveKey`), so both must get one estimate, or a search that keys them alike
  // would see estimates drop by more than one a step.
  if (!move || firing(state) === 0) return 0;
  const target = move.to[1] * carry.width + move.to[0];
  // A fire there would put the avatar where it never stands: the move never fires.
  if ((layout.regions.regionOf[target] ?? -1) < 0) return 0;
  const view = scratchView;
  view.width = carry.width;
  view.height = carry.height;
  view.state = state;
  return layout.pendingAt(target, settlementOf(carry.push, view, carry.objects, carry.ground, move) !== null);
}

/** A state seen as `settlementOf` reads it; one, reused (one search at a time a thread). */
class StateView implements SettleView {
  width = 0;
  height = 0;
  state: GameState | null = null;

  inBounds(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  get(layer: number, x: number, y: number): Entity | null {
    if (!this.inBounds(x, y)) return null;
    return (this.state as GameState).layers[layer]?.[y * this.width + x] ?? null;
  }

  get avatar(): GameState["avatar"] {
    return (this.state as GameState).avatar;
  }
}

const scratchView = new StateView();

export interface RelaxedCarryOptions {
  /**
   * At most this many tracked pickups (see `RelaxedLayout`). By default 4 where a plot waits for a
   * pickup to be taken (see `plotGates`), else 0.
   */
  readonly maxPickups?: number;
  /** Keep every carrier in the model, not only as many as there are plots (for comparisons). */
  readonly everyCarrier?: boolean;
  /**
   * The most states the model may have, counted with every pair of plots left and carrier set
   * (`RelaxedLayout.pairsSize`): pending moves' targets are told apart by region (see
   * `PendingRegions`), as many regions as fit in this (at least one, the whole board).
   */
  readonly maxEntries?: number;
}

/**
 * The default of `RelaxedCarryOptions.maxEntries`: a model of this many states, counted with every
 * pair, fills its table in about a second on one core (twinseed's ice levels; the table itself takes
 * about a quarter of that many bytes).
 */
export const DEFAULT_MAX_ENTRIES = 40_000_000;

/** The most pickups a model tracks: each doubles its size. */
const MAX_PICKUPS = 4;
/**
 * The most states a model may have with its tracked pickups (with one region, counted with every
 * pair); beyond it, it tracks fewer.
 */
const PICKUP_ENTRIES = 80_000_000;
