import type { ActionInput, Entity, GameState } from "@gridponder/engine";
import type { SearchSpace } from "../../search-space.js";
import { StateTable } from "../../tables/state-table.js";
import type { Heuristic, MarkerHeuristic } from "../../types.js";
import { enlarged, NEVER_REACHED, slotWord } from "./slot-word.js";
import { SlotWords } from "./slot-words.js";

/** Successor memo entry: not computed yet / the engine rejected the action or the level was lost. */
export const UNKNOWN = -1;
export const DEAD = -2;

/** Thrown when a state's marker layer holds something other than at most one plain marker. */
export class NotAMarkerLayer extends Error {}

/**
 * A level's states split into a core (everything but the marker layer, interned once) and the
 * marker's value (0 for none, 1 + the cell it stands on), with what a marker search remembers about
 * each core from one run to the next: its state, whether it is won, its successors under the actions
 * that ignore the marker (played once per core), the outcome of origin-free teleports per group of
 * cores, and its heuristic estimate. Also the words of the current run's (core, marker) slots (see
 * `slot-word.ts` and `slot-words.ts`).
 */
export class MarkerStateCache {
  readonly field: number;
  readonly cells: number;
  /** Marker values: 0 for none, 1 + cell index for a marker on that cell. */
  readonly values: number;
  /** Indices of the actions that never touch the marker layer, and of those that may. */
  readonly free: number[] = [];
  readonly tied: number[] = [];
  readonly cores: StateTable;
  readonly coreStates: GameState[] = [];
  private capacity = 0;
  /** Per (core, marker) slot: its depth and path count (see `slotWord`). */
  readonly slots: SlotWords;
  /** Per core and free action: the successor core (markers carry over unchanged), UNKNOWN or DEAD. */
  successors = new Int32Array(0);
  /** Per core: 1 when its states are won. */
  won = new Uint8Array(0);
  /**
   * Per core: its heuristic estimate, or with a marker heuristic its base (see `MarkerHeuristic`);
   * -1 before it is needed.
   */
  estimates = new Float64Array(0);
  readonly perMarker: MarkerHeuristic | null;
  private readonly key: Int32Array;
  /** The key of the core being expanded, that key without the avatar's cell. */
  private readonly coreKey: Int32Array;
  private readonly originFreeKey: Int32Array;
  /**
   * Origin-free teleports: cores that differ only in the avatar's cell form a group (numbered by the
   * table), and the outcome of such a teleport is remembered per group, marker and tied action: the
   * resulting core (UNKNOWN, or DEAD when rejected or lost) and marker.
   */
  private readonly groups: StateTable;
  /** The core being expanded; whether its key is in `coreKey` and announced to the search space. */
  private expanding = -1;
  private primed = false;
  /** Per core: its group, or -1 before it is needed. */
  private coreGroup = new Int32Array(0);
  private teleportCore = new Int32Array(0);
  private teleportMarker = new Int32Array(0);
  readonly emptyLayer: readonly null[];
  private readonly markerLayers: (readonly (Entity | null)[] | undefined)[];
  /** The marker entity, once a state holding it was met (or another thread named its kind). */
  marker: Entity | null = null;
  /** The marker value of the state last placed. */
  placedMarker = 0;

  /** `mostDenseSlots`: the slot words turn sparse past this many slots (default: see `SlotWords`). */
  constructor(
    readonly space: SearchSpace,
    readonly heuristic: Heuristic | null,
    mostDenseSlots?: number,
  ) {
    this.slots = new SlotWords(NEVER_REACHED, mostDenseSlots);
    const bound = space.bound as NonNullable<SearchSpace["bound"]>;
    this.field = bound.field;
    this.cells = space.level.width * space.level.height;
    this.values = this.cells + 1;
    bound.touches.forEach((touches, a) => {
      (touches ? this.tied : this.free).push(a);
    });
    this.cores = new StateTable(space.keyWidth);
    this.key = new Int32Array(space.keyWidth);
    this.coreKey = new Int32Array(space.keyWidth);
    this.originFreeKey = new Int32Array(space.keyWidth);
    this.groups = new StateTable(space.keyWidth);
    const h = (heuristic ?? undefined) as Partial<MarkerHeuristic> | undefined;
    this.perMarker = h?.base && h.at ? (h as MarkerHeuristic) : null;
    // Plain arrays copied from an engine layer, not frozen: the engine copies layers it writes, and
    // V8 copies frozen or holey arrays on a slow path.
    const empty = (space.start.layers[this.field] as readonly (Entity | null)[]).slice();
    for (let i = 0; i < empty.length; i++) empty[i] = null;
    this.emptyLayer = empty as null[];
    this.markerLayers = new Array(this.values);
  }

  /**
   * Starts a run: forgets the previous run's slots (the cores and their successors stay) and puts the
   * start at depth 0. Returns the start's slot.
   */
  startRun(): number {
    this.slots.clear();
    const start = this.place(this.space.start, true) * this.values + this.placedMarker;
    this.slots.set(start, slotWord(0, 1));
    return start;
  }

  /** Sets the core whose actions are played next (its key is read only when a turn is played). */
  startExpanding(core: number): void {
    this.expanding = core;
    this.primed = false;
  }

  /** The successor core of `core` under free action number `i`, played once and remembered. */
  successor(core: number, i: number): number {
    const at = core * this.free.length + i;
    const known = this.successors[at] as number;
    if (known !== UNKNOWN) return known;
    this.prime();
    const child = this.space.next(
      this.coreStates[core] as GameState,
      this.space.actions[this.free[i] as number] as ActionInput,
    );
    const to = child === null || child.lost ? DEAD : this.place(child, true);
    // `place` may have grown the tables.
    this.successors[at] = to;
    return to;
  }

  /**
   * The successor core of the core being expanded (its state `core`) with marker `m` under tied action
   * number `t`, its marker left in `placedMarker`; DEAD when rejected or lost. An origin-free teleport is played
   * once for all cores that differ only in the avatar's cell.
   */
  tiedSuccessor(core: GameState, m: number, t: number): number {
    const { space } = this;
    const a = this.tied[t] as number;
    const teleport = space.teleports[a];
    let memo = -1;
    if (m !== 0 && teleport && teleport.appliesAt(core, m - 1)) {
      memo = (this.groupOfCore() * this.values + m) * this.tied.length + t;
      const known = this.teleportCore[memo] as number;
      if (known !== UNKNOWN) {
        this.placedMarker = this.teleportMarker[memo] as number;
        return known;
      }
    }
    this.prime();
    const child = space.next(this.withMarker(core, m), space.actions[a] as ActionInput);
    const to = child === null || child.lost ? DEAD : this.place(child, true);
    if (memo >= 0) {
      this.teleportCore[memo] = to;
      this.teleportMarker[memo] = this.placedMarker;
    }
    return to;
  }

  /**
   * Reads the key of the core being expanded and announces it to the search space (see
   * `SearchSpace.prime`): done only when the core's turns are played, as most of its successors are
   * remembered.
   */
  private prime(): void {
    if (this.primed) return;
    this.cores.keyOf(this.expanding, this.coreKey);
    this.space.prime(this.coreStates[this.expanding] as GameState, this.coreKey);
    this.primed = true;
  }

  /**
   * The heuristic estimate of a core with marker value `m`: for a marker heuristic from the core's
   * base (read once per core), otherwise the core's own estimate (the marker plays no part in it),
   * computed once.
   */
  estimate(core: number, m: number): number {
    const known = this.estimates[core] as number;
    const perMarker = this.perMarker;
    if (perMarker !== null) {
      let base = known;
      if (base === -1) {
        base = perMarker.base(this.coreStates[core] as GameState);
        this.estimates[core] = base;
      }
      return perMarker.at(base, m);
    }
    if (known >= 0) return known;
    const h = (this.heuristic as Heuristic).estimate(this.coreStates[core] as GameState);
    this.estimates[core] = h;
    return h;
  }

  /** The group of the core being expanded (see `groups`), numbered when first needed. */
  private groupOfCore(): number {
    const known = this.coreGroup[this.expanding] as number;
    if (known >= 0) return known;
    this.prime();
    const key = this.originFreeKey;
    key.set(this.coreKey);
    this.space.forgetAvatarCell(key);
    let group = this.groups.find(key);
    if (group < 0) {
      group = this.groups.add(key);
      const size = (group + 1) * this.values * this.tied.length;
      if (size > this.teleportCore.length) {
        const length = Math.max(size, this.teleportCore.length * 2, 1024);
        this.teleportCore = enlarged(this.teleportCore, length, UNKNOWN);
        this.teleportMarker = enlarged(this.teleportMarker, length, 0);
      }
    }
    this.coreGroup[this.expanding] = group;
    return group;
  }

  /**
   * The core of a state (added when new and `add` is set; -1 when unknown otherwise); its marker
   * value is left in `placedMarker`.
   */
  place(state: GameState, add: boolean): number {
    const marker = this.markerOf(state);
    const key = this.key;
    this.space.encode(state, key);
    key[this.field] = 0;
    let core = this.cores.find(key);
    if (core < 0 && add) {
      core = this.cores.add(key);
      this.grow(core + 1);
      this.slots.ensure((core + 1) * this.values);
      this.coreStates[core] = this.withMarker(state, 0);
      this.won[core] = state.won ? 1 : 0;
    }
    this.placedMarker = marker;
    return core;
  }

  private markerOf(state: GameState): number {
    const layer = state.layers[this.field] as readonly (Entity | null)[];
    if (layer === this.emptyLayer) return 0;
    let value = 0;
    for (let i = 0; i < this.cells; i++) {
      const e = layer[i];
      if (e === null || e === undefined) continue;
      if (value !== 0 || e.params !== null) throw new NotAMarkerLayer();
      if (this.marker === null) this.marker = e;
      else if (e !== this.marker && e.kind !== this.marker.kind) throw new NotAMarkerLayer();
      value = i + 1;
    }
    return value;
  }

  /** The state with its marker layer holding marker value `m`. */
  withMarker(state: GameState, m: number): GameState {
    let layer: readonly (Entity | null)[] | undefined;
    if (m === 0) layer = this.emptyLayer;
    else {
      layer = this.markerLayers[m];
      if (layer === undefined) {
        // Without it the state would lose its marker, and its marker's actions would play wrong.
        if (this.marker === null)
          throw new Error("internal error: a marker cell before the marker entity is known");
        const cells: (Entity | null)[] = this.emptyLayer.slice();
        cells[m - 1] = this.marker;
        layer = cells;
        this.markerLayers[m] = layer;
      }
    }
    if (state.layers[this.field] === layer) return state;
    const layers = state.layers.slice();
    layers[this.field] = layer;
    return { ...state, layers };
  }

  /** Makes room for `cores` cores in the per-core tables (the slot words grow by themselves). */
  private grow(cores: number): void {
    if (cores <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, cores);
    this.successors = enlarged(this.successors, capacity * this.free.length, UNKNOWN);
    this.coreGroup = enlarged(this.coreGroup, capacity, -1);
    if (this.heuristic !== null) this.estimates = enlarged(this.estimates, capacity, -1);
    this.won = enlarged(this.won, capacity, 0);
    this.capacity = capacity;
  }
}
