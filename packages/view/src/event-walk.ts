/**
 * The walk over one turn's events that moves visual ids with the objects the events name. Used by
 * `trackIdentities`; positions are `[x, y]` cells, layers are indices into the game's layers.
 * @module
 */

import type { GameEvent, Pack, PieceChange } from "@gridponder/engine";
import { DIRECTION_DELTAS, isPos } from "@gridponder/engine";
import type {
  MotionPhase,
  MoveMode,
  TracedChange,
  TracedMerge,
  TracedMotion,
  TracedRemoval,
} from "./traced.js";
import type { Cell, Scene } from "./types.js";

/** The id the walk keeps on a cell, and the kind it expects there. */
export interface Entry {
  readonly id: string;
  /** The kind expected at the cell; `null` when an event changed it to something unnamed. */
  kind: string | null;
}

/** An id taken off its cell during the turn, and the animation it would leave with. */
export interface Gone {
  readonly entry: Entry;
  animation: string | null;
  readonly cell: Cell;
  /** The index of the event that took it off. */
  readonly event: number;
}

const AVATAR_ID = "avatar";
const MCO_PREFIX = "mco:";

function sameCell(a: Cell, b: Cell): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The straight cell-by-cell path between two cells on a row, column or diagonal; else the two. */
export function straightPath(from: Cell, to: Cell): Cell[] {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return [from, to];
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  const out: Cell[] = [];
  for (let i = 0; i <= n; i++) out.push([from[0] + sx * i, from[1] + sy * i]);
  return out;
}

/**
 * The unit step of a direction name, or `null`.
 * Exported for the view's own modules; `DIRECTION_DELTAS` of `@gridponder/engine` is the public form. Not
 * part of the public API.
 * @internal
 */
export function directionDelta(direction: unknown): Cell | null {
  return typeof direction === "string" ? (DIRECTION_DELTAS[direction] ?? null) : null;
}

/** Changes that may sit between a push and the avatar step that made it. */
const PUSH_COMPANIONS: ReadonlySet<PieceChange | undefined> = new Set<PieceChange>([
  "place",
  "carried_merge",
  "avatar_leave",
]);

/** What an event does to the pieces, as its registry entry declares; `undefined` for nothing. */
export function pieceChange(pack: Pack, event: GameEvent): PieceChange | undefined {
  return pack.registry.events.get(event.type)?.pieces;
}

/** The walk over one turn's events, keeping `(layer, cell) → id` as the board changes. */
export class Walk {
  private readonly width: number;
  private readonly cellCount: number;
  /** Ids on zero-or-one layers, by `layer * cellCount + cell`. */
  readonly at = new Map<number, Entry>();
  /** Ids taken off the board this turn that a later event may bring back (a move in two events). */
  readonly gone = new Map<number, Gone>();
  /** Ids overwritten by a moving object: merge partners, or removed at the end. */
  readonly displaced = new Map<number, Entry>();
  readonly motions: TracedMotion[] = [];
  readonly merges: TracedMerge[] = [];
  readonly changes: TracedChange[] = [];
  readonly removals: TracedRemoval[] = [];
  /** The index in the turn's events of the event being walked (set by the caller). */
  event = -1;
  readonly origins = new Map<number, Cell>();
  /** Pushes waiting for the avatar step that made them (indices into `motions`). */
  private pendingPushes: number[] = [];
  private readonly exactlyOne: boolean[];
  /** Positional ids of the previous scene's pieces on `exactly_one` layers, and their kinds. */
  private readonly ground = new Map<number, Entry>();
  private readonly mcoKinds = new Map<string, string>();

  constructor(
    private readonly pack: Pack,
    prev: Scene,
  ) {
    this.width = prev.width;
    this.cellCount = prev.width * prev.height;
    this.exactlyOne = prev.layers.map((l) => l.exactlyOne);
    for (const layer of prev.layers) {
      for (let i = 0; i < layer.cells.length; i++) {
        const p = layer.cells[i];
        if (!p) continue;
        const entry = { id: p.id, kind: p.kind };
        if (layer.exactlyOne) this.ground.set(layer.index * this.cellCount + i, entry);
        else this.at.set(layer.index * this.cellCount + i, entry);
      }
    }
    for (const p of prev.pieces) {
      if (p.role === "multi_cell") this.mcoKinds.set(p.id, p.kind);
    }
  }

  key(layer: number, cell: Cell): number {
    return layer * this.cellCount + cell[1] * this.width + cell[0];
  }

  private inBoard(cell: Cell): boolean {
    return cell[0] >= 0 && cell[1] >= 0 && cell[0] < this.width && cell[1] * this.width < this.cellCount;
  }

  layerOf(event: GameEvent, kindField = "kind"): number | undefined {
    if (typeof event.layer === "string") {
      const li = this.pack.layerIndex.get(event.layer);
      if (li !== undefined) return li;
    }
    const kind = event[kindField];
    return typeof kind === "string" ? this.pack.kinds.get(kind)?.layerIndex : undefined;
  }

  /**
   * The layer an event is about (from `layer`, else its kind field) and the cell in its `at` field,
   * with the cell in `fromPosition` when it has one; `null` when the layer or cell is missing.
   */
  located(
    e: GameEvent,
    kindField = "kind",
    at = "position",
  ): { layer: number; cell: Cell; from: Cell | null } | null {
    const cell = e[at];
    if (!isPos(cell)) return null;
    const layer = this.layerOf(e, kindField);
    if (layer === undefined) return null;
    return { layer, cell, from: isPos(e.fromPosition) ? e.fromPosition : null };
  }

  /** Takes the id off a cell: the one standing there, else one that left it earlier this turn. */
  take(layer: number, cell: Cell): Entry | null {
    const k = this.key(layer, cell);
    const here = this.at.get(k);
    if (here) {
      this.at.delete(k);
      const under = this.displaced.get(k);
      if (under) {
        this.displaced.delete(k);
        this.at.set(k, under);
      }
      return here;
    }
    const gone = this.gone.get(k);
    if (gone) {
      this.gone.delete(k);
      return gone.entry;
    }
    return null;
  }

  /** Puts an id on a cell; whatever stood there is displaced (a merge partner, or overwritten). */
  put(layer: number, cell: Cell, entry: Entry): void {
    const k = this.key(layer, cell);
    const there = this.at.get(k);
    if (there && there.id !== entry.id) {
      const older = this.displaced.get(k);
      if (older) this.remove(older, null);
      this.displaced.set(k, there);
    }
    this.at.set(k, entry);
  }

  /** Records that an id leaves; `site` when an event removed it from a known cell. */
  remove(entry: Entry, animation: string | null, site?: { cell: Cell; event: number }): void {
    this.removals.push({
      id: entry.id,
      kind: entry.kind ?? "",
      animation,
      exitDirection: null,
      cell: site?.cell ?? null,
      event: site?.event ?? null,
      makesWayFor: null,
    });
  }

  motion(
    id: string,
    kind: string,
    mode: MoveMode,
    path: readonly Cell[],
    options: { phase?: MotionPhase; waitsFor?: number; turn?: number; together?: number[] } = {},
  ): number {
    this.motions.push({
      id,
      kind,
      mode,
      path,
      phase: options.phase ?? "motion",
      together: options.together ?? [],
      carried: false,
      waitsFor: options.waitsFor ?? 0,
      turn: options.turn ?? 0,
      event: this.event,
    });
    return this.motions.length - 1;
  }

  /** Moves the id on `from` to `to`, recording the motion. Returns the motion's index, or -1. */
  move(
    layer: number,
    from: Cell,
    to: Cell,
    mode: MoveMode,
    kind: string,
    options: { phase?: MotionPhase; waitsFor?: number; path?: readonly Cell[] } = {},
  ): number {
    const entry = this.take(layer, from);
    if (!entry) return -1;
    this.put(layer, to, entry);
    const path = options.path ?? (mode === "jump" ? [from, to] : straightPath(from, to));
    return this.motion(entry.id, entry.kind ?? kind, mode, path, options);
  }

  change(layer: number, cell: Cell, kind: string | null, animation: string | null, toKind: string | null) {
    const k = this.key(layer, cell);
    const ground = this.exactlyOne[layer];
    const entry = ground ? this.ground.get(k) : this.at.get(k);
    if (!entry) return;
    this.changes.push({
      id: entry.id,
      kind: kind ?? entry.kind,
      animation,
      cell,
      event: this.event,
      makesWayFor: null,
    });
    // A ground piece keeps its last known kind when the new one is not named.
    if (!ground || toKind !== null) entry.kind = toKind;
  }

  /** An animation named by a removal that follows a transform of the same cell goes with the change. */
  private lastChangeAt(layer: number, cell: Cell, previous: GameEvent | undefined): boolean {
    return (
      previous !== undefined &&
      pieceChange(this.pack, previous) === "transform" &&
      isPos(previous.position) &&
      sameCell(previous.position, cell) &&
      this.layerOf(previous, "toKind") === layer
    );
  }

  /**
   * What each declared change does to identities (see `PieceChange`); `fall` is walked in batches
   * (`settle`), and `avatar_leave` only keeps pending pushes waiting.
   */
  private readonly handlers: Readonly<
    Partial<Record<PieceChange, (e: GameEvent, previous: GameEvent | undefined) => void>>
  > = {
    push: (e) => this.pushed(e),
    slide: (e) => this.tileMoved(e),
    merge: (e) => this.tilesMerged(e),
    carried_merge: (e) => this.boxesMerged(e),
    avatar_move: (e) => this.avatarEntered(e),
    step: (e) => this.actorMoved(e),
    multi_cell_move: (e) => this.mcoMoved(e),
    multi_cell_exit: (e) => this.mcoExited(e),
    remove: (e, previous) => this.objectRemoved(e, previous),
    clear: (e) => this.cellCleared(e),
    place: (e) => this.objectPlaced(e),
    transform: (e) => this.cellTransformed(e),
    flood: (e) => this.cellsFlooded(e),
    claim: (e) => this.cellClaimed(e),
    release: (e) => this.itemReleased(e),
    permute: (e) => this.regionTransformed(e),
  };

  handle(event: GameEvent, previous: GameEvent | undefined): void {
    const change = pieceChange(this.pack, event);
    if (!PUSH_COMPANIONS.has(change) && change !== "avatar_move") this.settlePushes();
    if (change !== undefined) this.handlers[change]?.(event, previous);
  }

  /** Pushes no avatar step followed are objects sliding on by themselves. */
  settlePushes(): void {
    for (const i of this.pendingPushes) {
      const m = this.motions[i] as TracedMotion;
      this.motions[i] = { ...m, mode: "slide" };
    }
    this.pendingPushes = [];
  }

  private pushed(e: GameEvent): void {
    const at = this.located(e, "kind", "toPosition");
    if (!at?.from) return;
    const i = this.move(at.layer, at.from, at.cell, "push", String(e.kind));
    if (i >= 0) this.pendingPushes.push(i);
  }

  private tileMoved(e: GameEvent): void {
    const at = this.located(e);
    if (!at?.from) return;
    const { layer, from, cell: to } = at;
    const delta = directionDelta(e.direction);
    const distance = typeof e.distance === "number" ? e.distance : 0;
    let path: Cell[] | undefined;
    if (delta && distance > 0) {
      path = [];
      const [w, h] = [this.width, this.cellCount / this.width];
      for (let i = 0; i <= distance; i++) {
        const x = from[0] + delta[0] * i;
        const y = from[1] + delta[1] * i;
        path.push([((x % w) + w) % w, ((y % h) + h) % h]);
      }
      // A wrapped slide cannot be drawn as one straight line: the tile jumps across the edge.
      if (!sameCell(path[path.length - 1] as Cell, to)) path = undefined;
    }
    this.move(layer, from, to, "slide", String(e.kind), { path });
  }

  private mergeAt(layer: number, cell: Cell, kind: string, moverFrom: Cell | null): void {
    const k = this.key(layer, cell);
    let into = this.displaced.get(k);
    let mover = this.at.get(k);
    if (into) {
      this.displaced.delete(k);
    } else if (moverFrom) {
      // The mover was cleared from its cell without a motion event (`emitMotion: false`).
      into = mover;
      mover = this.take(layer, moverFrom) ?? undefined;
    }
    if (!into || !mover) {
      if (mover) mover.kind = kind;
      return;
    }
    this.at.set(k, { id: into.id, kind });
    this.merges.push({ absorbed: mover.id, into: into.id, cell, kind });
  }

  private tilesMerged(e: GameEvent): void {
    const at = this.located(e);
    if (!at) return;
    const sources = Array.isArray(e.sources) ? e.sources : [];
    const from = isPos(sources[0]) && !sameCell(sources[0], at.cell) ? sources[0] : null;
    this.mergeAt(at.layer, at.cell, String(e.kind), from);
  }

  private boxesMerged(e: GameEvent): void {
    const at = this.located(e);
    if (!at) return;
    // A carried box reports no push: it moves with the avatar's step, as a push does.
    if (!this.displaced.has(this.key(at.layer, at.cell)) && at.from) {
      const i = this.move(at.layer, at.from, at.cell, "push", String(e.kind));
      if (i >= 0) this.pendingPushes.push(i);
    }
    this.mergeAt(at.layer, at.cell, String(e.kind), null);
  }

  private avatarEntered(e: GameEvent): void {
    if (!isPos(e.position)) return;
    const from = isPos(e.fromPosition) ? e.fromPosition : null;
    if (!from || sameCell(from, e.position)) {
      this.settlePushes();
      return;
    }
    const adjacent = Math.max(Math.abs(from[0] - e.position[0]), Math.abs(from[1] - e.position[1])) === 1;
    const jump = e.viaPortal === true || typeof e.direction !== "string" || !adjacent;
    const together = jump ? [] : this.pendingPushes;
    if (jump) this.settlePushes();
    for (const i of together) this.motions[i] = { ...(this.motions[i] as TracedMotion), carried: true };
    this.pendingPushes = [];
    this.motion(
      AVATAR_ID,
      "avatar",
      jump ? "jump" : together.length > 0 ? "push" : "step",
      jump ? [from, e.position] : straightPath(from, e.position),
      { together },
    );
  }

  private actorMoved(e: GameEvent): void {
    const at = this.located(e);
    if (at?.from) this.move(at.layer, at.from, at.cell, "step", String(e.kind));
  }

  private mcoMoved(e: GameEvent): void {
    const from = Array.isArray(e.fromCells) ? e.fromCells[0] : undefined;
    const to = Array.isArray(e.cells) ? e.cells[0] : undefined;
    if (!isPos(from) || !isPos(to)) return;
    this.motion(`${MCO_PREFIX}${String(e.id)}`, String(e.kind), "slide", straightPath(from, to));
  }

  private mcoExited(e: GameEvent): void {
    const id = `${MCO_PREFIX}${String(e.id)}`;
    this.removals.push({
      id,
      kind: String(e.kind ?? this.mcoKinds.get(id) ?? ""),
      animation: null,
      exitDirection: typeof e.direction === "string" ? e.direction : null,
      cell: null,
      event: null,
      makesWayFor: null,
    });
  }

  private objectRemoved(e: GameEvent, previous: GameEvent | undefined): void {
    const at = this.located(e);
    if (!at) return;
    const { layer, cell } = at;
    const animation = typeof e.animation === "string" ? e.animation : null;
    if (this.lastChangeAt(layer, cell, previous)) {
      // The engine reports an animated transform's old entity as removed too: one change, animated.
      const last = this.changes[this.changes.length - 1];
      if (last && last.animation === null && animation !== null)
        this.changes[this.changes.length - 1] = { ...last, animation, kind: String(e.kind) };
      return;
    }
    if (this.exactlyOne[layer]) {
      this.change(layer, cell, String(e.kind), animation, this.pack.layers[layer]?.fill?.kind ?? null);
      return;
    }
    const k = this.key(layer, cell);
    const entry = this.at.get(k);
    if (!entry) return;
    this.at.delete(k);
    const under = this.displaced.get(k);
    if (under) {
      this.displaced.delete(k);
      this.at.set(k, under);
    }
    this.gone.set(k, { entry, animation, cell, event: this.event });
  }

  private cellCleared(e: GameEvent): void {
    const at = this.located(e, "previousKind");
    if (!at || this.exactlyOne[at.layer]) return;
    const k = this.key(at.layer, at.cell);
    const entry = this.at.get(k);
    if (!entry) return;
    this.at.delete(k);
    this.gone.set(k, { entry, animation: null, cell: at.cell, event: this.event });
  }

  private objectPlaced(e: GameEvent): void {
    const at = this.located(e);
    if (!at || this.exactlyOne[at.layer]) return;
    const { layer, cell, from } = at;
    const kind = String(e.kind);
    if (from) {
      const teleport = e.teleport === true;
      const i = this.move(layer, from, cell, teleport ? "jump" : "slide", kind, {
        phase: teleport ? "npc" : "motion",
        waitsFor: this.motions.length,
      });
      if (i >= 0) return;
    }
    const k = this.key(layer, cell);
    const here = this.at.get(k);
    if (here) {
      if (here.kind === kind || here.kind === null) {
        here.kind = kind;
        return;
      }
      // Something else replaced what stood here.
      this.at.delete(k);
      this.remove(here, null);
      return;
    }
    const gone = this.gone.get(k);
    if (gone && gone.entry.kind === kind) {
      this.gone.delete(k);
      this.at.set(k, gone.entry);
    }
  }

  private cellTransformed(e: GameEvent): void {
    const at = this.located(e, "toKind");
    if (!at) return;
    const animation = typeof e.animation === "string" ? e.animation : null;
    const toKind = typeof e.toKind === "string" ? e.toKind : null;
    this.change(at.layer, at.cell, typeof e.fromKind === "string" ? e.fromKind : null, animation, toKind);
  }

  private cellsFlooded(e: GameEvent): void {
    const layer = this.layerOf(e);
    if (layer === undefined || !Array.isArray(e.positions)) return;
    for (const p of e.positions) if (isPos(p)) this.change(layer, p, null, null, null);
  }

  private cellClaimed(e: GameEvent): void {
    const at = this.located(e, "ownerKind");
    if (!at || typeof e.previousOwner !== "string") return;
    const toKind = typeof e.ownerKind === "string" ? e.ownerKind : null;
    this.change(at.layer, at.cell, e.previousOwner, null, toKind);
  }

  private itemReleased(e: GameEvent): void {
    const at = this.located(e);
    if (at?.from) this.origins.set(this.key(at.layer, at.cell), at.from);
  }

  private regionTransformed(e: GameEvent): void {
    if (!Array.isArray(e.moves) || !Array.isArray(e.layers)) return;
    const moves = e.moves.filter(
      (m): m is [Cell, Cell] => Array.isArray(m) && isPos(m[0]) && isPos(m[1]) && this.inBoard(m[0]),
    );
    const turn = e.transform === "rotate" ? rotationOf(moves) : 0;
    const waitsFor = this.motions.length;
    for (const id of e.layers) {
      const layer = typeof id === "string" ? this.pack.layerIndex.get(id) : undefined;
      if (layer === undefined || this.exactlyOne[layer]) continue;
      // A permutation: every source is read before anything is written.
      const taken = moves.map(([from]) => this.take(layer, from));
      moves.forEach(([from, to], i) => {
        const entry = taken[i];
        if (!entry) return;
        this.at.set(this.key(layer, to), entry);
        if (!sameCell(from, to))
          this.motion(entry.id, entry.kind ?? "", "swap", [from, to], { waitsFor, turn });
      });
    }
  }

  /** Falls reported together (one `apply_gravity` or collapse) move as one permutation. */
  settle(batch: readonly GameEvent[]): void {
    const items: { layer: number; from: Cell; to: Cell; entry: Entry; kind: string }[] = [];
    for (const e of batch) {
      const at = this.located(e);
      if (!at?.from || this.exactlyOne[at.layer]) continue;
      const entry = this.take(at.layer, at.from);
      if (entry) items.push({ layer: at.layer, from: at.from, to: at.cell, entry, kind: String(e.kind) });
    }
    const waitsFor = this.motions.length;
    for (const { layer, from, to, entry, kind } of items) {
      this.put(layer, to, entry);
      entry.kind = kind;
      this.motion(entry.id, kind, "fall", straightPath(from, to), { waitsFor });
    }
  }

  /** Ids still off the board at the end of the turn leave it. */
  finish(): void {
    this.settlePushes();
    for (const { entry, animation, cell, event } of this.gone.values())
      this.remove(entry, animation, { cell, event });
    this.gone.clear();
    for (const entry of this.displaced.values()) this.remove(entry, null);
    this.displaced.clear();
  }
}

/** +1 for a clockwise rotation (seen from above, y down), -1 for counter-clockwise, 0 otherwise. */
function rotationOf(moves: readonly [Cell, Cell][]): number {
  if (moves.length === 0) return 0;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  for (const [from] of moves) {
    minX = Math.min(minX, from[0]);
    minY = Math.min(minY, from[1]);
  }
  const n = Math.round(Math.sqrt(moves.length));
  const clockwise = moves.every(
    ([f, t]) => t[0] - minX === n - 1 - (f[1] - minY) && t[1] - minY === f[0] - minX,
  );
  if (clockwise) return 1;
  const counter = moves.every(
    ([f, t]) => t[0] - minX === f[1] - minY && t[1] - minY === n - 1 - (f[0] - minX),
  );
  return counter ? -1 : 0;
}
