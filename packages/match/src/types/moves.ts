/**
 * Moves: what a seat may do on its turn. A move names what moves (a piece of the mover on the board, a
 * card from a zone, or nothing: a placement or a pass), where it may go (a pattern), when it is
 * allowed, and what it does.
 * @module
 */
import type { Effect } from "./effects.js";
import type { Expr, ZoneRef } from "./expressions.js";

/**
 * A displacement of a pattern: columns right and rows up. Either may be an expression of the mover's
 * seat attributes (`{ "seatAttr": "forward" }`), read once per seat.
 */
export type Offset = [Expr, Expr];

/**
 * Where a move may go. `step`: each offset once (a king's step, a knight's leap); `slide`: along each
 * offset repeatedly until off the board or onto an occupied cell (which is itself a target); `place`:
 * any empty cell; `none`: no target (drawing a card, passing).
 */
export type Pattern = { step: Offset[] } | { slide: Offset[] } | { place: "empty" | "any" } | { none: true };

/** A choice the mover makes with the move: one of `options` (names), bound to the choice's name. */
export interface Choice {
  /** The choice's name, which expressions read with `{ "get": name }`. */
  name: string;
  options: string[];
  /** The choice is made only when this holds (after the move's other bindings); else it is bound to -1. */
  when?: Expr;
}

/** Continuing a move with the same piece: a chain, such as a multi-jump. */
export interface Chain {
  /** The moves the piece may continue with, from where it landed. */
  with: string[];
  /** When this holds (with the step's bindings, as `if` sees them) the chain stops here. */
  until?: Expr;
  /**
   * The mover may end the move after any step, though the piece could go on; when left out, a chain
   * goes on while it can (a draughts multi-jump).
   */
  optional?: boolean;
}

/** A move a seat may make. */
export interface MoveDefinition {
  /** The move's id, unique in the game. */
  id: string;
  /** A short name for people (menus, narration); the id when left out. */
  label?: string;
  /**
   * What moves: a piece of the mover's on the board (`{ "piece": types }`), a piece from a zone
   * (`{ "from": zone }`, the mover's own by default for a per-seat zone), or nothing (left out).
   */
  piece?: { type?: string | string[] } | { from: ZoneRef; type?: string | string[] };
  pattern: Pattern;
  /** The move is allowed only when this holds. */
  if?: Expr;
  choose?: Choice[];
  /** What the move does, after the game's `beforeEachMove` effects. */
  do: Effect[];
  /**
   * Moves of a higher priority, when any is legal, leave the seat no other (a forced capture). 0 when
   * left out.
   */
  priority?: number;
  chain?: Chain;
  /**
   * The pattern describes cells this piece attacks: `attacked` looks for it (a pawn's diagonal, not its
   * push). Only for board pieces with `step` or `slide` patterns.
   */
  threatens?: boolean;
  /**
   * Whether a player may take this move back. True when left out; a move that shows a hidden piece (a
   * card drawn) says false, so that undo cannot be used to peek.
   */
  undoable?: boolean;
}
