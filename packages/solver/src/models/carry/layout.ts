import type { CarryLevel } from "./analysis.js";
import { type PendingRegions, pendingRegions } from "./pending-regions.js";

/**
 * Numbers the relaxed states of a carry level densely, so distances fit one byte array:
 * `((((present · pendingValues + pending) · blocks + block) · (avatarCells + 1) + marker) · avatarCells + avatar)`.
 * A block is a pair of plots left (a bit mask of 2^plots) and carrier set that can occur together
 * (see `consistent`): the blocks of each mask in a row, its sets in rank order. Only those pairs are
 * numbered (with three plots and three carriers, one in seven).
 * `present` is the set of tracked pickups still on the board (see `CarryLevel.pickups`), one bit
 * each: at most `maxPickups` of them, those a plot waits for first (`firstPickups`, see `plotGates`),
 * then those that open a wall (every pickup of an item, or none), then those a carrier could be
 * pushed onto.
 * `pending` is 0 without a pending move, else `1 + 2 · region` of its target (see `PendingRegions`),
 * plus 1 when it fires on the next turn (unless that turn arms another).
 * `baskets` ranks the set of carrier cells (among the cells a carrier can ever reach) in the
 * combinatorial number system, sets of every size up to the number of carriers at the start; the
 * marker is 0 for none, else 1 + its avatar-cell number.
 */
export class RelaxedLayout {
  /** Avatar-cell number per board cell (-1: the avatar never stands there), and back. */
  readonly avatarIndex: Int32Array;
  readonly avatarCells: Int32Array;
  /** Carrier-cell number per board cell (-1: no carrier ever gets there), and back. */
  readonly basketIndex: Int32Array;
  readonly basketCells: Int32Array;
  readonly maxBaskets: number;
  readonly combos: number;
  readonly masks: number;
  /** The (plots left, carrier set) pairs that can occur (see `consistent`), and where each mask's start. */
  readonly blocks: number;
  private readonly blockBase: Int32Array;
  /** Per mask: the first rank of its sets, and one past the last. */
  private readonly firstCombo: Int32Array;
  private readonly endCombo: Int32Array;
  /** Per block: its mask. */
  private readonly blockMask: Int32Array;
  readonly size: number;
  /** binomial[n * (maxBaskets + 1) + k]. */
  private readonly binomial: Float64Array;
  /** Where the sets of each size start among the ranks. */
  private readonly sizeBase: Int32Array;
  /** Per rank: its size and its members (board cells), `maxBaskets` slots each. */
  readonly comboSize: Uint8Array;
  readonly comboCells: Int32Array;

  /** The regions pending moves' targets are told apart by, and how many pending values there are. */
  readonly regions: PendingRegions;
  readonly pendingValues: number;

  /** Per board cell: the bit of the tracked pickup there, or -1. */
  readonly pickupBit: Int32Array;
  /** The tracked pickups, as `CarryLevel.pickups` indices, by bit. */
  readonly tracked: readonly number[];
  /**
   * Per board cell: -1 when it holds no wall; else the tracked pickups (bits) any of which, once
   * gone, lets the avatar hold an item that removes the wall (0: nothing ever does).
   */
  readonly opens: Int32Array;
  /** The states per set of tracked pickups present. */
  readonly baseSize: number;
  /**
   * The states there would be with every pair of plots left and carrier set numbered. The budgets
   * that choose regions and pickups (`relaxedCarry`) count these: they were measured so, and the time
   * a fill takes follows the states it reaches, which numbering fewer pairs does not change.
   */
  readonly pairsSize: number;

  /**
   * `mostRegions`: at most that many pending regions (see `pendingRegions`); 1, the whole board.
   * `maxPickups`: at most that many tracked pickups, `firstPickups` (`CarryLevel.pickups` indices)
   * first.
   */
  constructor(
    readonly level: CarryLevel,
    basketDomain: Uint8Array,
    maxBaskets: number,
    mostRegions = 1,
    maxPickups = 0,
    firstPickups: readonly number[] = [],
  ) {
    const avatar: number[] = [];
    const basket: number[] = [];
    this.avatarIndex = new Int32Array(level.cells).fill(-1);
    this.basketIndex = new Int32Array(level.cells).fill(-1);
    for (let i = 0; i < level.cells; i++) {
      if (level.avatarCell[i] === 1) {
        this.avatarIndex[i] = avatar.length;
        avatar.push(i);
      }
      if (basketDomain[i] === 1) {
        this.basketIndex[i] = basket.length;
        basket.push(i);
      }
    }
    this.avatarCells = Int32Array.from(avatar);
    this.regions = pendingRegions(level.width, level.height, this.avatarCells, mostRegions);
    this.pendingValues = 1 + 2 * this.regions.count;
    this.basketCells = Int32Array.from(basket);
    this.maxBaskets = maxBaskets;
    const n = basket.length;
    const k1 = maxBaskets + 1;
    this.binomial = new Float64Array((n + 1) * k1);
    for (let i = 0; i <= n; i++) {
      for (let k = 0; k <= maxBaskets; k++) {
        this.binomial[i * k1 + k] =
          k === 0
            ? 1
            : i === 0
              ? 0
              : (this.binomial[(i - 1) * k1 + k - 1] as number) + (this.binomial[(i - 1) * k1 + k] as number);
      }
    }
    this.sizeBase = new Int32Array(maxBaskets + 2);
    for (let k = 0; k <= maxBaskets; k++)
      this.sizeBase[k + 1] = (this.sizeBase[k] as number) + (this.binomial[n * k1 + k] as number);
    this.combos = this.sizeBase[maxBaskets + 1] as number;
    this.masks = 1 << level.plots.length;
    // A mask's sets: as many carriers as its plots left, up to as many as the model holds less the
    // plots planted; sets of one size after another, so a range of ranks.
    this.blockBase = new Int32Array(this.masks + 1);
    this.firstCombo = new Int32Array(this.masks);
    this.endCombo = new Int32Array(this.masks);
    for (let mask = 0; mask < this.masks; mask++) {
      let left = 0;
      for (let m = mask; m !== 0; m &= m - 1) left++;
      const most = Math.min(maxBaskets, maxBaskets - (level.plots.length - left));
      const first = this.sizeBase[Math.min(left, maxBaskets + 1)] as number;
      const end = most < left ? first : (this.sizeBase[most + 1] as number);
      this.firstCombo[mask] = first;
      this.endCombo[mask] = end;
      this.blockBase[mask + 1] = (this.blockBase[mask] as number) + (end - first);
    }
    this.blocks = this.blockBase[this.masks] as number;
    this.blockMask = new Int32Array(this.blocks);
    for (let mask = 0; mask < this.masks; mask++)
      this.blockMask.fill(mask, this.blockBase[mask] as number, this.blockBase[mask + 1] as number);
    ({
      pickupBit: this.pickupBit,
      tracked: this.tracked,
      opens: this.opens,
    } = gates(level, basketDomain, maxPickups, firstPickups));
    this.baseSize = this.pendingValues * this.blocks * (avatar.length + 1) * avatar.length;
    this.pairsSize =
      this.pendingValues *
      this.masks *
      this.combos *
      (avatar.length + 1) *
      avatar.length *
      2 ** this.tracked.length;
    const size = this.baseSize * 2 ** this.tracked.length;
    if (size > 2 ** 31 - 1) throw new RangeError("relaxed state space too large");
    this.size = size;
    this.comboSize = new Uint8Array(this.combos);
    this.comboCells = new Int32Array(this.combos * Math.max(1, maxBaskets)).fill(-1);
    // Enumerate each size's sets in rank order (colex): members c1 < c2 < ... with rank Σ C(ci, i).
    const members = new Int32Array(maxBaskets);
    for (let k = 0; k <= maxBaskets; k++) {
      const visit = (slot: number, below: number): void => {
        if (slot < 0) {
          const rank = this.rankOf(members, k);
          this.comboSize[rank] = k;
          for (let j = 0; j < k; j++)
            this.comboCells[rank * maxBaskets + j] = this.basketCells[members[j] as number] as number;
          return;
        }
        for (let c = slot; c < below; c++) {
          members[slot] = c;
          visit(slot - 1, c);
        }
      };
      visit(k - 1, n);
    }
  }

  /** The rank of the set whose members (carrier-cell numbers, ascending) are the first `k` of `sorted`. */
  rankOf(sorted: Int32Array | readonly number[], k: number): number {
    const k1 = this.maxBaskets + 1;
    let rank = this.sizeBase[k] as number;
    for (let j = 0; j < k; j++) rank += this.binomial[(sorted[j] as number) * k1 + j + 1] as number;
    return rank;
  }

  private readonly scratch = new Int32Array(16);

  /**
   * The rank of set `combo` with board cell `remove` taken out (-1: none) and board cell `add` put in
   * (-1: none); -1 when that set would hold more than `maxBaskets`. Both must be carrier cells;
   * `remove` must be in the set and `add` not.
   */
  changed(combo: number, remove: number, add: number): number {
    const size = this.comboSize[combo] as number;
    const s = this.scratch;
    let k = 0;
    const base = combo * this.maxBaskets;
    const addIndex = add < 0 ? -1 : (this.basketIndex[add] as number);
    let pending = addIndex;
    for (let j = 0; j < size; j++) {
      const cell = this.comboCells[base + j] as number;
      if (cell === remove) continue;
      const b = this.basketIndex[cell] as number;
      if (pending >= 0 && pending < b) {
        s[k++] = pending;
        pending = -1;
      }
      s[k++] = b;
    }
    if (pending >= 0) s[k++] = pending;
    return k > this.maxBaskets ? -1 : this.rankOf(s, k);
  }

  /**
   * Whether states with this plot mask and carrier set can occur: a planting uses a carrier up, so
   * there are at most as many carriers as at the start less the plots planted, and at least as many
   * as plots left (fewer can never win).
   */
  consistent(mask: number, combo: number): boolean {
    return this.block(mask, combo) >= 0;
  }

  /** The pending value of a move aimed at board cell `target` (an avatar cell), ready to fire or not. */
  pendingAt(target: number, ready: boolean): number {
    return 1 + 2 * (this.regions.regionOf[target] as number) + (ready ? 1 : 0);
  }

  /** The block of plots left `mask` and carrier set `combo`; -1 when they cannot occur together. */
  block(mask: number, combo: number): number {
    const first = this.firstCombo[mask] as number;
    if (combo < first || combo >= (this.endCombo[mask] as number)) return -1;
    return (this.blockBase[mask] as number) + combo - first;
  }

  /** The plots left and the carrier set of block `b`. */
  unblock(b: number, out: { mask: number; combo: number }): void {
    const mask = this.blockMask[b] as number;
    out.mask = mask;
    out.combo = b - (this.blockBase[mask] as number) + (this.firstCombo[mask] as number);
  }

  /**
   * The dense index of a relaxed state; `marker` and `avatar` are board cells (marker -1: none),
   * `present` the tracked pickups still there. -1 when its plots and carriers cannot occur together
   * (see `consistent`): such a state can never win.
   */
  index(pending: number, mask: number, combo: number, marker: number, avatar: number, present = 0): number {
    const b = this.block(mask, combo);
    if (b < 0) return -1;
    const k = this.avatarCells.length;
    const m = marker < 0 ? 0 : 1 + (this.avatarIndex[marker] as number);
    return (
      present * this.baseSize +
      ((pending * this.blocks + b) * (k + 1) + m) * k +
      (this.avatarIndex[avatar] as number)
    );
  }

  /** Whether board cell `cell` is a wall while the tracked pickups `present` are on the board. */
  wall(cell: number, present: number): boolean {
    const opens = this.opens[cell] as number;
    return opens >= 0 && (opens & ~present) === 0;
  }

  /** Whether a tracked pickup stands on board cell `cell` while `present` are on the board. */
  pickupAt(cell: number, present: number): boolean {
    const bit = this.pickupBit[cell] as number;
    return bit >= 0 && ((present >> bit) & 1) === 1;
  }
}

/** The tracked pickups and the walls (see `RelaxedLayout`). */
function gates(
  level: CarryLevel,
  basketDomain: Uint8Array,
  maxPickups: number,
  firstPickups: readonly number[],
): { pickupBit: Int32Array; tracked: number[]; opens: Int32Array } {
  const tracked = firstPickups.slice(0, maxPickups);
  const sources = (item: string) => level.pickups.flatMap((p, i) => (p.item === item ? [i] : []));
  for (const item of new Set(level.walls.flatMap((w) => w.items))) {
    const of = sources(item).filter((i) => !tracked.includes(i));
    if (tracked.length + of.length <= maxPickups) tracked.push(...of);
  }
  level.pickups.forEach((p, i) => {
    if (tracked.length < maxPickups && basketDomain[p.cell] === 1 && !tracked.includes(i)) tracked.push(i);
  });
  const pickupBit = new Int32Array(level.cells).fill(-1);
  tracked.forEach((i, bit) => {
    pickupBit[(level.pickups[i] as { cell: number }).cell] = bit;
  });
  const opens = new Int32Array(level.cells).fill(-1);
  for (const wall of level.walls) {
    let bits = 0;
    let known = true;
    for (const item of wall.items)
      for (const i of sources(item)) {
        const bit = tracked.indexOf(i);
        if (bit < 0) known = false;
        else bits |= 1 << bit;
      }
    // An item with an untracked pickup may be held at any time: the wall may be gone.
    if (known) opens[wall.cell] = bits;
  }
  return { pickupBit, tracked, opens };
}

/** A relaxed state taken apart; marker and avatar as board cells (marker -1: none). */
export interface RelaxedState {
  /** The tracked pickups still on the board (see `RelaxedLayout`). */
  present?: number;
  pending: number;
  mask: number;
  combo: number;
  marker: number;
  avatar: number;
}

export function decode(layout: RelaxedLayout, index: number, out: RelaxedState): RelaxedState {
  const k = layout.avatarCells.length;
  const a = index % k;
  let rest = (index - a) / k;
  const m = rest % (k + 1);
  rest = (rest - m) / (k + 1);
  const b = rest % layout.blocks;
  rest = (rest - b) / layout.blocks;
  const pending = rest % layout.pendingValues;
  out.present = (rest - pending) / layout.pendingValues;
  out.pending = pending;
  layout.unblock(b, out);
  out.marker = m === 0 ? -1 : (layout.avatarCells[m - 1] as number);
  out.avatar = layout.avatarCells[a] as number;
  return out;
}

/**
 * The cells a carrier can ever occupy: its start cells, closed under the moves the relaxed model
 * allows a carrier (a push one cell on, with the avatar's cell behind it; a slide on from slippery
 * ground).
 */
export function basketDomain(level: CarryLevel, starts: readonly number[]): Uint8Array {
  const inside = new Uint8Array(level.cells);
  const queue = [...starts];
  for (const s of starts) inside[s] = 1;
  for (let q = 0; q < queue.length; q++) {
    const c = queue[q] as number;
    for (let d = 0; d < 4; d++) {
      const to = level.neighbour[c * 4 + d] as number;
      if (to < 0 || inside[to] === 1 || !carrierMoves(level, c, d)) continue;
      inside[to] = 1;
      queue.push(to);
    }
  }
  return inside;
}

/**
 * Whether the relaxed model lets a carrier on `from` move one cell in direction `d` (an index of
 * `CarryLevel.neighbour`): a push, with the avatar's cell behind it, or a slide on from slippery ground.
 */
export function carrierMoves(level: CarryLevel, from: number, d: number): boolean {
  const to = level.neighbour[from * 4 + d] as number;
  if (to < 0) return false;
  const back = level.neighbour[from * 4 + (d ^ 1)] as number;
  const pushed = level.pushInto[to] === 1 && back >= 0 && level.avatarCell[back] === 1;
  return pushed || (level.slippery[from] === 1 && level.slideInto[to] === 1);
}

/** Whether pending value `p` fires on the next turn (see `RelaxedLayout`). */
export const readyToFire = (p: number): boolean => p > 0 && (p & 1) === 0;

/** The region of pending value `p`'s target (see `RelaxedLayout`), -1 for none. */
export const pendingRegion = (p: number): number => (p > 0 ? (p - 1) >> 1 : -1);
