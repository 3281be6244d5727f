import type { CarryLevel } from "./analysis.js";
import { decode, pendingRegion, type RelaxedLayout, type RelaxedState, readyToFire } from "./layout.js";
import type { RelaxedSpace } from "./space.js";

/**
 * Cascade bits: the avatar entered its cell this turn; it slid (objects may have drifted); a pickup
 * on its cell is settled (picked up or not).
 */
const ENTERED = 1;
const SLID = 2;
const PICKED = 4;

/** A relaxed state to decode into. */
const blankState = (): RelaxedState => ({ present: 0, pending: 0, mask: 0, combo: 0, marker: -1, avatar: 0 });

/**
 * The relaxed model of a carry level: a state keeps only the avatar's cell, the carriers' cells, the
 * marker's cell, the plots still to plant, the tracked pickups still on the board and a pending value
 * (none, or a blocked move pending: the region of its target, see `RelaxedLayout`, and whether it
 * fires on the next turn). A wall (see `CarryLevel.walls`) stands until one of the pickups that opens
 * it is gone: nothing enters it, a bump into it arms a pending move. A tracked pickup keeps carriers
 * off its cell until the avatar enters the cell, which may pick it up. Every other
 * object is gone, and what it might have done is allowed either way: a move may be blocked anywhere;
 * ground that can be slippery may carry on or stop; a carrier may drown where the ground can drown it
 * or not; a pending move may become ready to fire on any turn that could have made that possible (the
 * avatar slid, so objects may have drifted, or it entered a pickup), and its fire puts the avatar
 * anywhere in its target's region (in the engine, on the target itself) and may push a carrier
 * there. So every turn of the engine maps onto a relaxed step, and relaxed distances are lower bounds
 * on real ones.
 *
 * A turn is modelled as an action that starts a cascade state (the relaxed state plus the direction
 * the avatar may still slide in, -1 for none, and the direction of a carrier just pushed to the
 * avatar's side, -1 for none), then slide steps, then a stop. `successors` follows it forwards;
 * `predecessors` backwards, step by step, so the table can be filled from the goal.
 *
 * Cascade facts this relies on, each one a promise of the roles the level's systems declare (see
 * `SystemRole` in `@gridponder/engine/search-contract`), never read off how a system is written:
 * one slide step per pass, the avatar's slide before any object's, a pushed object slides only in a
 * pass where the avatar did not, only onto ground with the slide's `ontoTag` (`SlideRole`); the avatar
 * slides only after an arrival with a direction, so a recall (which arrives without one, `RecallRole`)
 * never starts a slide; a slide into a carrier pushes it by the push role's rules; and a stale pending
 * move fires in the movement phase, before the cascade, exactly when `settlementOf` says
 * (`PushRole`, `AvatarStepRole`).
 */
export class RelaxedModel implements RelaxedSpace {
  private readonly inB: Uint8Array;
  private readonly scratch = blankState();
  /**
   * The tracked pickups on the board (see `RelaxedLayout`) at the point of the turn being followed,
   * forwards or backwards.
   */
  private present = 0;
  /** A virtual state's plots left and carriers (see `virtualPredecessors`). */
  private readonly pair = { mask: 0, combo: 0 };
  /**
   * Per set of tracked pickups present: the cells holding a wall, and the cells a carrier can neither
   * stand on nor be pushed onto (a wall or a pickup); then those of `present`.
   */
  private readonly wallAt: Uint8Array[] = [];
  private readonly shutAt: Uint8Array[] = [];
  private wallNow: Uint8Array;
  private shutNow: Uint8Array;
  /** The cells that hold a wall while some set of the tracked pickups is on the board. */
  private readonly wallSomewhere: Uint8Array;
  readonly hasMarker: boolean;

  constructor(
    readonly level: CarryLevel,
    readonly layout: RelaxedLayout,
  ) {
    this.inB = new Uint8Array(level.cells);
    this.hasMarker = level.marker !== null;
    for (let present = 0; present < layout.size / layout.baseSize; present++) {
      const walls = new Uint8Array(level.cells);
      const shut = new Uint8Array(level.cells);
      for (let c = 0; c < level.cells; c++) {
        walls[c] = layout.wall(c, present) ? 1 : 0;
        shut[c] = walls[c] === 1 || layout.pickupAt(c, present) ? 1 : 0;
      }
      this.wallAt.push(walls);
      this.shutAt.push(shut);
    }
    this.wallNow = this.wallAt[0] as Uint8Array;
    this.shutNow = this.shutAt[0] as Uint8Array;
    const somewhere = new Uint8Array(level.cells);
    for (const walls of this.wallAt)
      for (let c = 0; c < level.cells; c++) if (walls[c] === 1) somewhere[c] = 1;
    this.wallSomewhere = somewhere;
  }

  /** The pickups present once the avatar picked up the one on `cell`. */
  private pickedUp(cell: number): number {
    return this.present & ~(1 << (this.layout.pickupBit[cell] as number));
  }

  /**
   * The pickups present before the avatar, now on `cell`, picked up the one there; -1 when none is
   * gone from there, or the carriers of `combo` or the marker on `marker` would then stand on a wall
   * or pickup.
   */
  private beforePickup(cell: number, combo: number, marker: number): number {
    const bit = this.layout.pickupBit[cell] as number;
    if (bit < 0 || ((this.present >> bit) & 1) === 1) return -1;
    const before = this.present | (1 << bit);
    return this.stands(combo, marker, before) ? before : -1;
  }

  /** Makes `present` the set of tracked pickups on the board. */
  private setPresent(present: number): void {
    this.present = present;
    this.wallNow = this.wallAt[present] as Uint8Array;
    this.shutNow = this.shutAt[present] as Uint8Array;
  }

  private markBaskets(combo: number, on: 0 | 1): void {
    const { layout } = this;
    const size = layout.comboSize[combo] as number;
    for (let j = 0; j < size; j++) this.inB[layout.comboCells[combo * layout.maxBaskets + j] as number] = on;
  }

  private step(cell: number, d: number): number {
    return cell < 0 ? -1 : (this.level.neighbour[cell * 4 + d] as number);
  }

  /** Whether a carrier stands next to `cell` in direction `d` (in the set `inB` shows). */
  private carrierBeside(cell: number, d: number): boolean {
    const b = this.step(cell, d);
    return b >= 0 && this.inB[b] === 1;
  }

  private carrierCell(cell: number): boolean {
    return cell >= 0 && (this.layout.basketIndex[cell] as number) >= 0;
  }

  /**
   * Whether a carrier may be pushed onto board cell `cell` now: ground it may stand on, no carrier,
   * no wall and no tracked pickup there (a push needs an empty cell).
   */
  private free(cell: number): boolean {
    return this.level.pushInto[cell] === 1 && this.inB[cell] !== 1 && this.shutNow[cell] !== 1;
  }

  /** How many relaxed states there are (indices run from 0). */
  get size(): number {
    return this.layout.size;
  }

  /**
   * Calls `emit` with every goal state: no plot left. Each planting uses a carrier up, so at most the
   * carriers beyond the plots remain.
   */
  goals(emit: (index: number) => void): void {
    const { layout } = this;
    const k = layout.avatarCells.length;
    for (let present = 0; present < layout.size / layout.baseSize; present++) {
      // The avatar and its marker never stand on a wall.
      const walls = this.wallAt[present] as Uint8Array;
      for (let f = 0; f < layout.pendingValues; f++)
        for (let combo = 0; combo < layout.combos; combo++) {
          const b = layout.block(0, combo);
          if (b < 0 || !this.clear(combo, present)) continue;
          for (let m = 0; m <= k; m++) {
            if (m > 0 && walls[layout.avatarCells[m - 1] as number] === 1) continue;
            for (let a = 0; a < k; a++) {
              if (walls[layout.avatarCells[a] as number] === 1) continue;
              emit(present * layout.baseSize + ((f * layout.blocks + b) * (k + 1) + m) * k + a);
            }
          }
        }
    }
  }

  /**
   * Whether the carriers of set `combo` and the marker on `marker` (-1: none) stand clear of the walls
   * and pickups of `present`.
   */
  private stands(combo: number, marker: number, present: number): boolean {
    return (marker < 0 || this.wallAt[present]?.[marker] !== 1) && this.clear(combo, present);
  }

  /** Whether no carrier of set `combo` stands on a wall or a pickup while `present` are there. */
  private clear(combo: number, present: number): boolean {
    const { layout } = this;
    const shut = this.shutAt[present] as Uint8Array;
    const size = layout.comboSize[combo] as number;
    for (let j = 0; j < size; j++)
      if (shut[layout.comboCells[combo * layout.maxBaskets + j] as number] === 1) return false;
    return true;
  }

  // ---------------------------------------------------------------- forwards

  /** Calls `emit` with the index of every relaxed successor of state `index` (repeats possible). */
  successors(index: number, emit: (to: number) => void): void {
    const s = decode(this.layout, index, this.scratch);
    if (s.mask === 0) return;
    const { combo } = s;
    this.setPresent(s.present ?? 0);
    this.markBaskets(combo, 1);
    try {
      // A carrier lost beyond what the plots left allow gives a state that cannot occur (-1).
      this.forward(s, (to) => {
        if (to >= 0) emit(to);
      });
    } finally {
      this.markBaskets(combo, 0);
    }
  }

  private forward(s: RelaxedState, emit: (to: number) => void): void {
    const { level, inB } = this;
    const { pending, mask, combo, marker, avatar: a } = s;
    // The pending move's region plus one (0: none), which a turn that keeps the move carries on.
    const armed = pendingRegion(pending) + 1;
    // A pending move that fires on this turn (unless the action arms another) may land anywhere in
    // its target's region.
    const fires = readyToFire(pending);
    const region = armed - 1;
    const C = (
      f: number,
      mk: number,
      cb: number,
      m: number,
      av: number,
      avDir: number,
      pushDir: number,
      how: number,
    ) => this.cascade(f, mk, cb, m, av, avDir, pushDir, how, emit);
    if (this.hasMarker) {
      if (marker < 0) {
        C(armed, mask, combo, a, a, -1, -1, 0);
        if (fires) this.fire(region, mask, combo, a, emit);
      } else if (inB[marker] !== 1) {
        C(armed, mask, combo, -1, marker, -1, -1, ENTERED);
        if (fires) this.fireAfter(marker, region, mask, combo, -1, emit);
      } else if (fires) this.fire(region, mask, combo, marker, emit);
    }
    for (let d = 0; d < 4; d++) {
      if (level.directions[d] === "") continue;
      const t = this.step(a, d);
      if (t < 0 || level.avatarCell[t] !== 1) {
        if (fires) this.fire(region, mask, combo, marker, emit);
        continue;
      }
      // Bumped into a carrier, a wall or something gone from the model: a new pending move, tried at once.
      emit(this.layout.index(this.layout.pendingAt(t, false), mask, combo, marker, a, this.present));
      if (this.wallNow[t] === 1) {
        if (fires) this.fire(region, mask, combo, marker, emit);
        continue;
      }
      if (inB[t] === 1) {
        // A push: the new pending move replaces a stale one, so no stale fire this turn.
        const u = this.step(t, d);
        if (u < 0 || !this.free(u)) continue;
        this.arrive(mask, combo, t, u, (mk, cb, kept) => C(0, mk, cb, marker, t, d, kept ? d : -1, ENTERED));
        continue;
      }
      C(armed, mask, combo, marker, t, d, -1, ENTERED);
      if (fires) this.fireAfter(t, region, mask, combo, marker, emit);
    }
  }

  /**
   * The pending value a turn ends with: the move kept (its region plus one in `armed`, 0 for none),
   * and whether what happened lets it fire next.
   */
  private pendingAfter(armed: number, how: number, a: number): number {
    if (armed === 0) return 0;
    const ready = (how & SLID) !== 0 || ((how & ENTERED) !== 0 && this.level.enabling[a] === 1);
    return 2 * armed - 1 + (ready ? 1 : 0);
  }

  /**
   * `fire` in a turn whose action first moved the avatar onto `entered`: the rules of that entry (a
   * pickup picked up) still apply, after the fire.
   */
  private fireAfter(
    entered: number,
    region: number,
    mask: number,
    combo: number,
    marker: number,
    emit: (to: number) => void,
  ): void {
    this.fire(region, mask, combo, marker, emit);
    const present = this.present;
    if (!this.layout.pickupAt(entered, present)) return;
    this.setPresent(this.pickedUp(entered));
    this.fire(region, mask, combo, marker, emit);
    this.setPresent(present);
  }

  /**
   * A stale pending move fires: the avatar lands on its target, anywhere in the target's region, maybe
   * pushing a carrier there.
   */
  private fire(
    region: number,
    mask: number,
    combo: number,
    marker: number,
    emit: (to: number) => void,
  ): void {
    const { level, inB, layout } = this;
    for (const c of layout.regions.cells[region] as Int32Array) {
      if (this.wallNow[c] === 1) continue;
      if (inB[c] !== 1) {
        for (let avDir = -1; avDir < 4; avDir++)
          this.cascade(0, mask, combo, marker, c, avDir, -1, ENTERED, emit);
        continue;
      }
      for (let dp = 0; dp < 4; dp++) {
        const back = this.step(c, dp ^ 1);
        const v = this.step(c, dp);
        if (back < 0 || level.avatarCell[back] !== 1 || v < 0 || !this.free(v)) continue;
        this.arrive(mask, combo, c, v, (mk, cb, kept) => {
          for (let avDir = -1; avDir < 4; avDir++)
            this.cascade(0, mk, cb, marker, c, avDir, kept ? dp : -1, ENTERED, emit);
        });
      }
    }
  }

  /**
   * A carrier moves from `from` to `to` (a carrier cell, free): it stays there, or is planted on a plot
   * still to plant, or is destroyed where the ground can destroy it. `then` gets each outcome, with
   * `inB` updated while it runs.
   */
  private arrive(
    mask: number,
    combo: number,
    from: number,
    to: number,
    then: (mask: number, combo: number, kept: boolean) => void,
  ): void {
    const { inB, layout, level } = this;
    inB[from] = 0;
    inB[to] = 1;
    then(mask, layout.changed(combo, from, to), true);
    inB[to] = 0;
    const gone = layout.changed(combo, from, -1);
    const p = level.plot[to] as number;
    if (p >= 0 && (mask >> p) & 1) then(mask & ~(1 << p), gone, false);
    if (level.destroys[to] === 1) then(mask, gone, false);
    inB[from] = 1;
  }

  /**
   * The cascade state (armed, mask, combo, marker, a, avDir, pushDir), `how` telling whether the avatar
   * entered its cell this turn and whether it slid: every turn end it can come to.
   */
  private cascade(
    armed: number,
    mask: number,
    combo: number,
    marker: number,
    a: number,
    avDir: number,
    pushDir: number,
    how: number,
    emit: (to: number) => void,
  ): void {
    const { level, inB, layout } = this;
    // Entering a pickup's cell may pick it up (a rule may hand it out only on some condition).
    const present = this.present;
    if ((how & (ENTERED | PICKED)) === ENTERED && layout.pickupAt(a, present)) {
      this.setPresent(this.pickedUp(a));
      this.cascade(armed, mask, combo, marker, a, avDir, pushDir, how | PICKED, emit);
      this.setPresent(present);
    }
    const pending = this.pendingAfter(armed, how, a);
    emit(layout.index(pending, mask, combo, marker, a, this.present));
    if (mask === 0) return;
    if (pushDir >= 0) this.slideAlone(pending, mask, combo, marker, a, this.step(a, pushDir), pushDir, emit);
    if (avDir < 0 || level.slippery[a] !== 1) return;
    const q = this.step(a, avDir);
    if (q < 0) return;
    const slid = (how & ~PICKED) | SLID | ENTERED;
    if (inB[q] === 1) {
      const w = this.step(q, avDir);
      if (w < 0 || !this.free(w)) return;
      this.arrive(mask, combo, q, w, (mk, cb, kept) =>
        this.cascade(armed, mk, cb, marker, q, avDir, kept ? avDir : -1, slid, emit),
      );
      return;
    }
    if (level.slideInto[q] === 1 && level.avatarCell[q] === 1 && this.wallNow[q] !== 1)
      this.cascade(armed, mask, combo, marker, q, avDir, -1, slid, emit);
  }

  /** The carrier at `u`, just pushed in direction `e`, slides on alone while the ground may carry it. */
  private slideAlone(
    pending: number,
    mask: number,
    combo: number,
    marker: number,
    a: number,
    u: number,
    e: number,
    emit: (to: number) => void,
  ): void {
    const { level, inB } = this;
    if (level.slippery[u] !== 1) return;
    const v = this.step(u, e);
    if (v < 0 || level.slideInto[v] !== 1 || inB[v] === 1 || !this.carrierCell(v)) return;
    // A wall stops it; no tracked pickup lies beside slippery ground (see `CarryLevel.pickups`).
    if (this.wallNow[v] === 1) return;
    this.arrive(mask, combo, u, v, (mk, cb, kept) => {
      emit(this.layout.index(pending, mk, cb, marker, a, this.present));
      if (kept && mk !== 0) this.slideAlone(pending, mk, cb, marker, a, v, e, emit);
    });
  }

  // ---------------------------------------------------------------- backwards

  /**
   * The number of virtual states: a turn's board just before a stale fire lands in a region (no
   * avatar cell).
   */
  get virtualSize(): number {
    return this.virtualBase * (this.layout.size / this.layout.baseSize);
  }

  /** The virtual states per set of tracked pickups present. */
  private get virtualBase(): number {
    const { layout } = this;
    return layout.regions.count * layout.blocks * (layout.avatarCells.length + 1);
  }

  /** The virtual state's index; -1 when its plots and carriers cannot occur together. */
  virtualIndex(region: number, mask: number, combo: number, marker: number, present = 0): number {
    const { layout } = this;
    const b = layout.block(mask, combo);
    if (b < 0) return -1;
    const m = marker < 0 ? 0 : 1 + (layout.avatarIndex[marker] as number);
    return present * this.virtualBase + (region * layout.blocks + b) * (layout.avatarCells.length + 1) + m;
  }

  /** Where `predecessors` sends what it finds (fields, so the recursion passes no callbacks). */
  private rest: (from: number) => void = () => {};
  private virtual: (v: number) => void = () => {};

  /**
   * Every state with a step to state `index` (a superset: extra ones only lower distances): `rest`
   * gets ordinary states, `virtual` the virtual states of stale fires that can end there (whose own
   * predecessors come from `virtualPredecessors`).
   */
  predecessors(index: number, rest: (from: number) => void, virtual: (v: number) => void): void {
    const s = decode(this.layout, index, this.scratch);
    const { combo } = s;
    this.setPresent(s.present ?? 0);
    this.rest = rest;
    this.virtual = virtual;
    this.markBaskets(combo, 1);
    try {
      this.backward(s);
    } finally {
      this.markBaskets(combo, 0);
    }
  }

  /**
   * Nothing but the marker's own actions reads the marker (see `markerSteps`), except where it might
   * stand on a wall (`beforePickup`: a pickup picked up behind it), and a state's index moves by a
   * fixed stride per marker cell: so the states of a group share their other predecessors, shifted by
   * the marker's offset.
   */
  get groups(): number {
    const { layout } = this;
    return this.hasMarker ? layout.size / (layout.avatarCells.length + 1) : 0;
  }

  groupOf(index: number): number {
    const k = this.layout.avatarCells.length;
    return this.outerOf(index) * k + (index % k);
  }

  /** The index of `index` with its avatar and marker slots taken out (see `RelaxedLayout.index`). */
  private outerOf(index: number): number {
    const k = this.layout.avatarCells.length;
    return Math.floor(index / (k * (k + 1)));
  }

  private readonly groupScratch = blankState();
  /** The predecessors a group shares, marker left out (see `groupPredecessors`). */
  private readonly shared = { rest: [] as number[], virtual: [] as number[] };
  /** Whether `backward` leaves out the marker's own actions (see `markerSteps`). */
  private sharedOnly = false;

  groupPredecessors(
    index: number,
    member: (index: number) => boolean,
    rest: (from: number) => void,
    virtual: (v: number) => void,
  ): void {
    const { layout } = this;
    const k = layout.avatarCells.length;
    // The group's state with no marker (slot 0); slot j is j * k further on.
    const slot0 = this.outerOf(index) * k * (k + 1) + (index % k);
    // Its own scratch: `predecessors` below uses the other.
    const s = decode(layout, slot0, this.groupScratch);
    const { combo } = s;
    this.setPresent(s.present ?? 0);
    const shared = this.shared;
    shared.rest.length = 0;
    shared.virtual.length = 0;
    this.rest = (from) => shared.rest.push(from);
    this.virtual = (v) => shared.virtual.push(v);
    this.markBaskets(combo, 1);
    try {
      this.sharedOnly = true;
      this.backward(s);
      this.sharedOnly = false;
      this.rest = rest;
      const { pending: f, mask } = s;
      const need = readyToFire(f);
      const steps = shared.rest;
      const virtuals = shared.virtual;
      const a = s.avatar;
      const now = this.present;
      for (let slot = 0; slot <= k; slot++) {
        const at = slot0 + slot * k;
        if (!member(at)) continue;
        const m = slot === 0 ? -1 : (layout.avatarCells[slot - 1] as number);
        if (m >= 0 && this.wallSomewhere[m] === 1) {
          // A marker that may stand on a wall is read: this state alone (which marks no carrier at the end).
          this.predecessors(at, rest, virtual);
          this.setPresent(now);
          this.markBaskets(combo, 1);
          this.rest = rest;
          continue;
        }
        // A state index moves by k per marker slot, a virtual one by 1 (see `RelaxedLayout.index`).
        for (let i = 0; i < steps.length; i++) {
          const from = steps[i] as number;
          rest(from < 0 ? -1 : from + slot * k);
        }
        for (let i = 0; i < virtuals.length; i++) {
          const v = virtuals[i] as number;
          virtual(v < 0 ? -1 : v + slot);
        }
        if (this.wallNow[a] === 1) continue;
        // As `stoppedIn` with nothing pushed: the marker's steps, also with a pickup picked up on `a`.
        const before = this.beforePickup(a, combo, m);
        this.markerSteps(f, mask, combo, m, a, need);
        if (before >= 0) {
          this.setPresent(before);
          this.markerSteps(f, mask, combo, m, a, need);
          this.setPresent(now);
        }
      }
    } finally {
      this.sharedOnly = false;
      this.markBaskets(combo, 0);
    }
  }

  private backward(s: RelaxedState): void {
    const { level, inB, wallNow, shutNow } = this;
    const { pending: f, mask, combo, marker: m, avatar: a } = s;
    // The avatar never stands on a wall: the state never occurs.
    if (wallNow[a] === 1) return;
    // A pending move that fires next must owe that to this turn (see `pendingAfter`).
    const need = readyToFire(f);
    // Stopped in a cascade state.
    for (let e = -1; e < 4; e++)
      if (e < 0 || this.carrierBeside(a, e)) this.stoppedIn(f, mask, combo, m, a, e, need);
    // A carrier pushed to the avatar's side slid on alone to where it is (or to where it ended).
    for (let e = 0; e < 4; e++) {
      const u0 = this.step(a, e);
      if (u0 < 0 || inB[u0] === 1 || !this.carrierCell(u0)) continue;
      if (shutNow[u0] === 1) continue;
      let u = u0;
      while (level.slippery[u] === 1) {
        const v = this.step(u, e);
        if (v < 0 || level.slideInto[v] !== 1 || !this.carrierCell(v) || wallNow[v] === 1) break;
        if (inB[v] === 1) {
          const before = this.layout.changed(combo, v, u0);
          this.swapBaskets(combo, before);
          this.stoppedIn(f, mask, before, m, a, e, need);
          this.swapBaskets(before, combo);
          break;
        }
        // Or it ended at v (planted or destroyed), unless the model has no room for it before; either
        // way a carrier may have slid on past v.
        const before = this.layout.changed(combo, -1, u0);
        if (before >= 0) {
          this.swapBaskets(combo, before);
          for (let k = 0; k < 2; k++) {
            const mk = this.endedMask(mask, v, k, before);
            if (mk >= 0) this.stoppedIn(f, mk, before, m, a, e, need);
          }
          this.swapBaskets(before, combo);
        }
        u = v;
      }
    }
    // A bump arms a new pending move (which does not fire on the next turn), replacing any other.
    if (f > 0 && !need && this.bumpsInto(a, pendingRegion(f))) this.anyPending(mask, combo, m, a);
  }

  /** Whether the avatar on `a` can bump into a cell of `region` (an avatar cell next to it). */
  private bumpsInto(a: number, region: number): boolean {
    const { level, layout } = this;
    for (let d = 0; d < 4; d++) {
      if (level.directions[d] === "") continue;
      const t = this.step(a, d);
      if (t >= 0 && level.avatarCell[t] === 1 && layout.regions.regionOf[t] === region) return true;
    }
    return false;
  }

  /**
   * Predecessors of a turn that stopped in the cascade state (f, mask, combo, m, a, avDir, pushDir),
   * over every slide direction `avDir` (a stale fire's part does not depend on it).
   */
  private stoppedIn(
    f: number,
    mask: number,
    combo: number,
    m: number,
    a: number,
    pushDir: number,
    need: boolean,
  ): void {
    const now = this.present;
    // The avatar never stood on a wall; its entry into `a` may have picked up a pickup there.
    if (this.wallNow[a] === 1) return;
    const before = this.beforePickup(a, combo, m);
    for (let pass = 0; pass < (before < 0 ? 1 : 2); pass++) {
      this.setPresent(pass === 0 ? now : before);
      this.fireStart(f, mask, combo, m, a, pushDir);
      for (let avDir = -1; avDir < 4; avDir++) this.cascadeStart(f, mask, combo, m, a, avDir, pushDir, need);
    }
    this.setPresent(now);
  }

  /**
   * Predecessors by the marker's own actions of the turn that stopped in (f, mask, combo, m, a) with
   * the avatar still and nothing pushed: the marker dropped where the avatar stands, or the avatar
   * recalled to it from anywhere. The only steps back that read the marker (see `groups`).
   */
  private markerSteps(f: number, mask: number, combo: number, m: number, a: number, need: boolean): void {
    const { inB, layout } = this;
    if (m === a && !need) this.kept(f, mask, combo, -1, a);
    if (m < 0 && (!need || this.level.enabling[a] === 1))
      for (const p of layout.avatarCells)
        if (inB[p] !== 1 && this.wallNow[p] !== 1) this.kept(f, mask, combo, a, p);
  }

  /**
   * The plot mask a carrier that ended at `cell` may have come from: way 0, planted on a plot there;
   * way 1, destroyed there; `before` is the carrier set with it back. -1 when that way is impossible
   * or the state before could not occur.
   */
  private endedMask(mask: number, cell: number, way: number, before: number): number {
    let from = -1;
    if (way === 0) {
      const p = this.level.plot[cell] as number;
      if (p >= 0 && !((mask >> p) & 1)) from = mask | (1 << p);
    } else if (this.level.destroys[cell] === 1) from = mask;
    // Too many carriers for the plots left (see `RelaxedLayout.consistent`) stay too many further back,
    // where carriers only come back: the whole branch would yield states that cannot occur.
    return from >= 0 && this.layout.consistent(from, before) ? from : -1;
  }

  /** Whether a carrier could have stood on `cell` (a carrier cell clear of walls and pickups). */
  private carrierStood(cell: number): boolean {
    return this.carrierCell(cell) && this.open(cell);
  }

  /** Whether a carrier pushed onto `cell` could find it empty of walls and pickups (`present`). */
  private open(cell: number): boolean {
    return this.shutNow[cell] !== 1;
  }

  /** Makes `inB` show carrier set `to` instead of set `from`. */
  private swapBaskets(from: number, to: number): void {
    if (from === to) return;
    this.markBaskets(from, 0);
    this.markBaskets(to, 1);
  }

  /** Before a turn that keeps the pending move, it was armed already (firing next turn or not). */
  private kept(f: number, mask: number, combo: number, marker: number, p: number): void {
    const { layout, present } = this;
    if (f === 0) this.rest(layout.index(0, mask, combo, marker, p, present));
    else {
      const armed = 1 + 2 * pendingRegion(f);
      this.rest(layout.index(armed, mask, combo, marker, p, present));
      this.rest(layout.index(armed + 1, mask, combo, marker, p, present));
    }
  }

  /** A turn that armed a new pending move may have started with any pending value. */
  private anyPending(mask: number, combo: number, marker: number, p: number): void {
    for (let x = 0; x < this.layout.pendingValues; x++)
      this.rest(this.layout.index(x, mask, combo, marker, p, this.present));
  }

  /** The cascade state started by a stale fire that put the avatar on `a` (any slide direction after it). */
  private fireStart(f: number, mask: number, combo: number, m: number, a: number, pushDir: number): void {
    if (f !== 0) return;
    const { level, inB, layout } = this;
    const region = layout.regions.regionOf[a] as number;
    if (pushDir >= 0) {
      const v = this.step(a, pushDir);
      const back = this.step(a, pushDir ^ 1);
      if (
        v >= 0 &&
        inB[v] === 1 &&
        back >= 0 &&
        level.avatarCell[back] === 1 &&
        this.carrierStood(a) &&
        this.open(v)
      )
        this.virtual(this.virtualIndex(region, mask, layout.changed(combo, v, a), m, this.present));
      return;
    }
    this.virtual(this.virtualIndex(region, mask, combo, m, this.present));
    if (!this.carrierStood(a)) return;
    for (let e = 0; e < 4; e++) {
      const v = this.step(a, e);
      const back = this.step(a, e ^ 1);
      if (v < 0 || back < 0 || level.avatarCell[back] !== 1 || inB[v] === 1) continue;
      if (level.pushInto[v] !== 1 || !this.carrierCell(v)) continue;
      if (!this.open(v)) continue;
      const before = layout.changed(combo, -1, a);
      if (before < 0) break;
      for (let k = 0; k < 2; k++) {
        const mk = this.endedMask(mask, v, k, before);
        if (mk >= 0) this.virtual(this.virtualIndex(region, mk, before, m, this.present));
      }
    }
  }

  /**
   * Predecessors of the cascade state (f, mask, combo, m, a, avDir, pushDir) other than stale fires:
   * started by the action itself, or reached by a slide step. f is the pending value the turn ends
   * with, and with `need` the turn must have let it fire (the avatar slid, or entered an enabling cell).
   */
  private cascadeStart(
    f: number,
    mask: number,
    combo: number,
    m: number,
    a: number,
    avDir: number,
    pushDir: number,
    need: boolean,
  ): void {
    const { level, inB, layout } = this;
    const entered = !need || level.enabling[a] === 1;
    // Started by the action itself.
    if (avDir >= 0 && level.directions[avDir] !== "") {
      const p = this.step(a, avDir ^ 1);
      if (p >= 0 && level.avatarCell[p] === 1 && inB[p] !== 1 && this.wallNow[p] !== 1) {
        if (pushDir < 0 && entered) this.kept(f, mask, combo, m, p);
        if (f === 0 && this.carrierStood(a)) {
          // The avatar pushed the carrier that stood on its cell.
          const w = this.step(a, avDir);
          if (pushDir === avDir && w >= 0 && inB[w] === 1 && this.open(w))
            this.anyPending(mask, layout.changed(combo, w, a), m, p);
          if (
            pushDir < 0 &&
            w >= 0 &&
            inB[w] !== 1 &&
            level.pushInto[w] === 1 &&
            this.carrierCell(w) &&
            this.open(w)
          ) {
            const before = layout.changed(combo, -1, a);
            if (before >= 0)
              for (let k = 0; k < 2; k++) {
                const mk = this.endedMask(mask, w, k, before);
                if (mk >= 0) this.anyPending(mk, before, m, p);
              }
          }
        }
      }
    }
    if (avDir < 0 && pushDir < 0 && this.hasMarker && !this.sharedOnly)
      this.markerSteps(f, mask, combo, m, a, need);
    // Reached by one slide step of the avatar from the cell behind (which lets a pending move fire).
    if (avDir < 0) return;
    const p = this.step(a, avDir ^ 1);
    if (p < 0 || level.slippery[p] !== 1 || level.avatarCell[p] !== 1 || inB[p] === 1) return;
    if (pushDir < 0 && level.slideInto[a] === 1) this.slidFrom(f, mask, combo, m, p, avDir);
    if (!this.carrierStood(a)) return;
    const w = this.step(a, avDir);
    if (w < 0 || !this.open(w)) return;
    if (pushDir === avDir && inB[w] === 1) {
      const before = layout.changed(combo, w, a);
      this.swapBaskets(combo, before);
      this.slidFrom(f, mask, before, m, p, avDir);
      this.swapBaskets(before, combo);
    } else if (pushDir < 0 && inB[w] !== 1 && level.pushInto[w] === 1 && this.carrierCell(w)) {
      const before = layout.changed(combo, -1, a);
      if (before < 0) return;
      this.swapBaskets(combo, before);
      for (let k = 0; k < 2; k++) {
        const mk = this.endedMask(mask, w, k, before);
        if (mk >= 0) this.slidFrom(f, mk, before, m, p, avDir);
      }
      this.swapBaskets(before, combo);
    }
  }

  /**
   * The cascade states a slide step in direction `avDir` left from cell `p`: before the step a carrier
   * may have just been pushed beside the avatar.
   */
  private slidFrom(f: number, mask: number, combo: number, m: number, p: number, avDir: number): void {
    const now = this.present;
    // As in `stoppedIn`: no wall under the avatar, and maybe a pickup picked up on entering `p`.
    if (this.wallNow[p] === 1) return;
    const before = this.beforePickup(p, combo, m);
    for (let pass = 0; pass < (before < 0 ? 1 : 2); pass++) {
      this.setPresent(pass === 0 ? now : before);
      for (let e = -1; e < 4; e++) {
        if (e >= 0 && !this.carrierBeside(p, e)) continue;
        this.fireStart(f, mask, combo, m, p, e);
        this.cascadeStart(f, mask, combo, m, p, avDir, e, false);
      }
    }
    this.setPresent(now);
  }

  /** Every state with a step to virtual state `v`: a turn with a pending move that fires on it. */
  virtualPredecessors(v: number, rest: (from: number) => void): void {
    const { layout, inB } = this;
    const k1 = layout.avatarCells.length + 1;
    const base = this.virtualBase;
    const inSet = v % base;
    const present = (v - inSet) / base;
    const mIndex = inSet % k1;
    const rest0 = (inSet - mIndex) / k1;
    const b = rest0 % layout.blocks;
    layout.unblock(b, this.pair);
    const { mask, combo } = this.pair;
    // The fire comes from a pending move aimed at this region, ready to fire.
    const ready = 2 + 2 * ((rest0 - b) / layout.blocks);
    const m = mIndex === 0 ? -1 : (layout.avatarCells[mIndex - 1] as number);
    this.markBaskets(combo, 1);
    try {
      // The avatar stood on no carrier and no wall.
      const walls = this.wallAt[present] as Uint8Array;
      // A move, or any action that leaves the board as it was.
      for (const o of layout.avatarCells)
        if (inB[o] !== 1 && walls[o] !== 1) rest(layout.index(ready, mask, combo, m, o, present));
      // A move onto a pickup's cell (picked up once the fire has gone off), or a recall onto it.
      for (let bit = 0; bit < layout.tracked.length; bit++) {
        if ((present >> bit) & 1) continue;
        const before = present | (1 << bit);
        // With the pickup still there, the walls it opens stood too.
        const wallsBefore = this.wallAt[before] as Uint8Array;
        if (!this.clear(combo, before)) continue;
        const cell = (layout.level.pickups[layout.tracked[bit] as number] as { cell: number }).cell;
        for (let d = 0; d < 4 && (m < 0 || wallsBefore[m] !== 1); d++) {
          const o = this.step(cell, d);
          if (o >= 0 && (layout.avatarIndex[o] as number) >= 0 && inB[o] !== 1 && wallsBefore[o] !== 1)
            rest(layout.index(ready, mask, combo, m, o, before));
        }
        if (this.hasMarker && m < 0)
          for (const o of layout.avatarCells)
            if (inB[o] !== 1 && wallsBefore[o] !== 1) rest(layout.index(ready, mask, combo, cell, o, before));
      }
      if (!this.hasMarker) return;
      // The marker dropped where the avatar stood, or the avatar recalled to it.
      if (m >= 0 && inB[m] !== 1 && walls[m] !== 1) rest(layout.index(ready, mask, combo, -1, m, present));
      if (m < 0)
        for (const m0 of layout.avatarCells) {
          if (inB[m0] === 1 || walls[m0] === 1) continue;
          for (const o of layout.avatarCells)
            if (inB[o] !== 1 && walls[o] !== 1) rest(layout.index(ready, mask, combo, m0, o, present));
        }
    } finally {
      this.markBaskets(combo, 0);
    }
  }
}
