import type { ScalarValue } from "@gridponder/schema";
import type { Entity } from "../contract/model.js";
import type { AvatarState, Draft, GameState, MultiCellObjectState, OverlayState } from "../contract/state.js";
import { copyRecord } from "./records.js";

/**
 * A mutable working copy of a state, used while a turn runs. Every write copies the part it touches
 * the first time (copy-on-write), so unchanged layers stay shared with the previous state.
 */
export class WorkingDraft implements Draft {
  readonly width: number;
  readonly height: number;
  /** The layer list; shared with the last committed state until the first layer write copies it. */
  private layers: (readonly (Entity | null)[])[];
  /** Which layers this draft has copied since the last commit; `null` while the list is shared. */
  private owned: boolean[] | null = null;
  avatar: AvatarState;
  private vars: Readonly<Record<string, ScalarValue>>;
  private varsOwned = false;
  overlay: OverlayState | null;
  private mcos: readonly MultiCellObjectState[];
  private mcosOwned = false;
  actionCount: number;
  won: boolean;
  lost: boolean;
  loseReason: string | null;
  firedOnce: readonly number[];
  private mem: Readonly<Record<string, unknown>>;
  private memOwned = false;

  constructor(base: GameState, width: number, height: number) {
    this.width = width;
    this.height = height;
    this.layers = base.layers as (readonly (Entity | null)[])[];
    this.avatar = base.avatar;
    this.vars = base.variables;
    this.overlay = base.overlay;
    this.mcos = base.multiCellObjects;
    this.actionCount = base.actionCount;
    this.won = base.won;
    this.lost = base.lost;
    this.loseReason = base.loseReason;
    this.firedOnce = base.firedOnce;
    this.mem = base.memory;
  }

  inBounds(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** The entity on a layer at a cell, or `null`; out-of-bounds cells read as `null`. */
  get(layer: number, x: number, y: number): Entity | null {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return null;
    return (this.layers[layer] as (Entity | null)[])[y * this.width + x] ?? null;
  }

  /** Counts layer writes, so derived data (goal tallies) can tell whether the board changed. */
  version = 0;

  set(layer: number, x: number, y: number, entity: Entity | null): void {
    this.version++;
    let owned = this.owned;
    if (owned === null) {
      this.layers = this.layers.slice();
      owned = this.owned = new Array(this.layers.length).fill(false);
    }
    if (!owned[layer]) {
      this.layers[layer] = (this.layers[layer] as (Entity | null)[]).slice();
      owned[layer] = true;
    }
    (this.layers[layer] as (Entity | null)[])[y * this.width + x] = entity;
  }

  /** Whether this draft has written to a layer since it was made (or last committed). */
  ownsLayer(layer: number): boolean {
    return this.owned !== null && this.owned[layer] === true;
  }

  /** A layer's cells as they stand (read-only view). */
  layerCells(layer: number): readonly (Entity | null)[] {
    return this.layers[layer] as (Entity | null)[];
  }

  get variables(): Readonly<Record<string, ScalarValue>> {
    return this.vars;
  }

  setVariable(name: string, value: ScalarValue): void {
    if (!this.varsOwned) {
      // Variables are named by the pack: the copy finds only the names it holds (see `copyRecord`).
      this.vars = copyRecord(this.vars);
      this.varsOwned = true;
    }
    (this.vars as Record<string, ScalarValue>)[name] = value;
  }

  get multiCellObjects(): readonly MultiCellObjectState[] {
    return this.mcos;
  }

  setMultiCellObject(index: number, value: MultiCellObjectState): void {
    if (!this.mcosOwned) {
      this.mcos = this.mcos.slice();
      this.mcosOwned = true;
    }
    (this.mcos as MultiCellObjectState[])[index] = value;
  }

  removeMultiCellObject(index: number): void {
    this.mcos = this.mcos.filter((_, i) => i !== index);
    this.mcosOwned = true;
  }

  memory<T>(key: string): T | undefined {
    return this.mem[key] as T | undefined;
  }

  setMemory(key: string, value: unknown): void {
    if (!this.memOwned) {
      this.mem = { ...this.mem };
      this.memOwned = true;
    }
    (this.mem as Record<string, unknown>)[key] = value;
  }

  /** Forgets a memory entry, so that states without it compare (and key) equal. */
  deleteMemory(key: string): void {
    if (!Object.hasOwn(this.mem, key)) return;
    const { [key]: _gone, ...rest } = this.mem;
    this.mem = rest;
    this.memOwned = true;
  }

  /**
   * Freezes the working copy into a new immutable state. The draft stays usable: ownership is given up,
   * so later writes copy again instead of changing the committed state.
   */
  commit(): GameState {
    const layers = this.layers;
    // The committed state keeps this list, so a later write must copy it again.
    this.owned = null;
    this.varsOwned = false;
    this.mcosOwned = false;
    this.memOwned = false;
    return {
      layers,
      avatar: this.avatar,
      variables: this.vars,
      overlay: this.overlay,
      multiCellObjects: this.mcos,
      actionCount: this.actionCount,
      won: this.won,
      lost: this.lost,
      loseReason: this.loseReason,
      firedOnce: this.firedOnce,
      memory: this.mem,
    };
  }
}
