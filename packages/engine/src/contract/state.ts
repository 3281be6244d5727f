import type { ScalarValue } from "@gridponder/schema";
import type { Entity, Params, Pos } from "./model.js";

/** The avatar's state. `position` is `null` when the level has no avatar. */
export interface AvatarState {
  readonly enabled: boolean;
  readonly position: Pos | null;
  readonly facing: string;
  readonly item: string | null;
}

/** A multi-cell object (a pipe, a sliding block) with its run-time params. */
export interface MultiCellObjectState {
  readonly id: string;
  readonly kind: string;
  readonly cells: readonly Pos[];
  readonly params: Params;
}

/** The overlay cursor: a rectangle whose top-left cell is `position`. */
export interface OverlayState {
  readonly position: Pos;
  readonly size: Pos;
}

/**
 * One immutable state of a level. Turns never modify a state: they build the next one, sharing every
 * part that did not change (layers are copied only when written), so keeping the whole history for
 * undo costs little.
 */
export interface GameState {
  /** Cells of each layer, in `game.json` layer order, row-major (`y * width + x`). */
  readonly layers: readonly (readonly (Entity | null)[])[];
  readonly avatar: AvatarState;
  readonly variables: Readonly<Record<string, ScalarValue>>;
  readonly overlay: OverlayState | null;
  readonly multiCellObjects: readonly MultiCellObjectState[];
  readonly actionCount: number;
  readonly won: boolean;
  readonly lost: boolean;
  /** Which lose condition ended the level (its id, or its type when it has none). */
  readonly loseReason: string | null;
  /** Indices (in evaluation order) of `once` rules that have fired in this attempt, ascending. */
  readonly firedOnce: readonly number[];
  /** Private state of systems and goals, by key; values are immutable. */
  readonly memory: Readonly<Record<string, unknown>>;
}

/**
 * A mutable working copy of a state, used while a turn runs. Every write copies the part it touches
 * the first time (copy-on-write), so unchanged layers stay shared with the previous state.
 * Implemented by the engine (see `board/draft.ts`); systems, goals and effects only use it.
 */
export interface Draft {
  readonly width: number;
  readonly height: number;
  avatar: AvatarState;
  overlay: OverlayState | null;
  actionCount: number;
  won: boolean;
  lost: boolean;
  loseReason: string | null;
  firedOnce: readonly number[];
  /** Counts layer writes, so derived data (goal tallies) can tell whether the board changed. */
  readonly version: number;
  inBounds(x: number, y: number): boolean;
  /** The entity on a layer at a cell, or `null`; out-of-bounds cells read as `null`. */
  get(layer: number, x: number, y: number): Entity | null;
  set(layer: number, x: number, y: number, entity: Entity | null): void;
  /** Whether this draft has written to a layer since it was made (or last committed). */
  ownsLayer(layer: number): boolean;
  /** A layer's cells as they stand (read-only view). */
  layerCells(layer: number): readonly (Entity | null)[];
  readonly variables: Readonly<Record<string, ScalarValue>>;
  setVariable(name: string, value: ScalarValue): void;
  readonly multiCellObjects: readonly MultiCellObjectState[];
  setMultiCellObject(index: number, value: MultiCellObjectState): void;
  removeMultiCellObject(index: number): void;
  memory<T>(key: string): T | undefined;
  setMemory(key: string, value: unknown): void;
  /** Forgets a memory entry, so that states without it compare (and key) equal. */
  deleteMemory(key: string): void;
  /** Freezes the working copy into a new immutable state; the draft stays usable. */
  commit(): GameState;
}
