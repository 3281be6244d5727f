/** What the event walk records of a turn, per id: the vocabulary `identity.ts` and `event-walk.ts` share. */
import type { Cell } from "./types.js";

/** How an object got from one cell to another. */
export type MoveMode = "step" | "push" | "slide" | "jump" | "fall" | "swap" | "exit";

/** The stage a motion plays in: the turn's own movement, or the NPC phase after spawns. */
export type MotionPhase = "motion" | "npc";

/** One recorded movement of an id, in event order. */
export interface TracedMotion {
  readonly id: string;
  /** The kind that moved (durations come from its `motion`); `avatar` for the avatar. */
  readonly kind: string;
  readonly mode: MoveMode;
  /** Every cell passed, from the start cell to the end cell (a jump: just the two). */
  readonly path: readonly Cell[];
  readonly phase: MotionPhase;
  /**
   * Motions that happen together with this one (the objects an avatar pushes or carries with this
   * step): indices into the motion list. They were recorded before it and are timed with it.
   */
  readonly together: readonly number[];
  /** Whether this motion is timed by the motion listed in `together` of a later one. */
  readonly carried: boolean;
  /**
   * The motions with a lower index must all have ended before this one starts (a fall, a region swap,
   * a teleport wait for whatever came before them; motions of one batch share the number and move
   * together). 0 when only the id's own earlier motions matter.
   */
  readonly waitsFor: number;
  /** Quarter turns about the vertical axis over the motion (a rotated region: ±1). */
  readonly turn: number;
  /** The index in the turn's events of the event that reported the motion (-1: none did). */
  readonly event: number;
}

/** Two objects becoming one: `absorbed` moves into `into` and disappears; `into` takes the result. */
export interface TracedMerge {
  readonly absorbed: string;
  readonly into: string;
  readonly cell: Cell;
  readonly kind: string;
}

/**
 * Where and when a removal or change happened, and the mover that has to wait for it. A mover that
 * enters a cell after its occupant was removed or changed (the avatar stepping where the rock it broke
 * stood, onto the bridge a sunk crate made) must not be drawn arriving before that: the removal or
 * change plays first, in the motion stage, and the mover starts when it has ended.
 */
export interface TracedSite {
  /** The cell, when an event named it. */
  readonly cell: Cell | null;
  /** The index in the turn's events of the event that removed or changed it, when one did. */
  readonly event: number | null;
  /**
   * The motion (an index into `motions`) of the first mover entering `cell` after `event`, which waits
   * for this removal or change; `null` when no mover does (it then plays in its own stage).
   */
  readonly makesWayFor: number | null;
}

/** An object that stays but changes what it is (a transform), possibly playing an animation. */
export interface TracedChange extends TracedSite {
  readonly id: string;
  /** The kind that plays the animation (the kind before the change). */
  readonly kind: string | null;
  readonly animation: string | null;
}

/** An object that goes away, possibly playing one of its kind's animations. */
export interface TracedRemoval extends TracedSite {
  readonly id: string;
  readonly kind: string;
  readonly animation: string | null;
  /** A multi-cell object leaving the board: the direction it leaves in. */
  readonly exitDirection: string | null;
}
