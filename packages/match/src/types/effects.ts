/**
 * Effects: what a move, a setup or a phase's end does to the state, in order. Each is a JSON object
 * with one key.
 * @module
 */
import type { Expr, PieceQuery, ZoneRef } from "./expressions.js";

/** One effect. */
export type Effect =
  | MoveEffect
  | RemoveEffect
  | PlaceEffect
  | SetAttrEffect
  | SetTypeEffect
  | SetOwnerEffect
  | SetEffect
  | SetSeatVarEffect
  | IfEffect
  | ForEachSeatEffect
  | ForEachPieceEffect
  | CreateEffect
  | PutEffect
  | MoveTopEffect
  | ShuffleEffect
  | DealEffect
  | AgainEffect
  | ReverseEffect
  | SkipEffect
  | GotoEffect;

/**
 * Moves a piece on the board to a cell (the moving piece when `piece` is left out). A piece already
 * on that cell is captured: taken off the board.
 */
export interface MoveEffect {
  move: { piece?: Expr; to: Expr };
}

/** Takes a piece off the board or out of its zone. No piece (`-1`) does nothing. */
export interface RemoveEffect {
  remove: Expr;
}

/** Puts a new piece of a type on an empty cell, owned by a seat (the mover by default). */
export interface PlaceEffect {
  place: { type: string; at: Expr; owner?: Expr; attributes?: Record<string, Expr> };
}

/** Sets an attribute of a piece. */
export interface SetAttrEffect {
  setAttr: { of: Expr; attr: string; to: Expr };
}

/** Changes a piece's type (a promotion): `to` is a type name, or a choice holding one. */
export interface SetTypeEffect {
  setType: { of: Expr; to: Expr };
}

/** Gives a piece to another seat (a disc turned over in reversi); `-1` leaves it to no seat. */
export interface SetOwnerEffect {
  setOwner: { of: Expr; to: Expr };
}

/** Sets a game variable. */
export interface SetEffect {
  set: { var: string; to: Expr };
}

/** Sets a seat variable of a seat (the mover's by default). */
export interface SetSeatVarEffect {
  setSeatVar: { var: string; seat?: Expr; to: Expr };
}

/** Runs `then` when the condition holds, else `else`. */
export interface IfEffect {
  if: Expr;
  then: Effect[];
  else?: Effect[];
}

/** Runs its effects once per seat in seat order, with the seat bound to `seat`. */
export interface ForEachSeatEffect {
  forEachSeat: Effect[];
}

/**
 * Runs `do` once per piece the query finds (found before the first run, so the effects may move
 * them), with the piece bound to `it`.
 */
export interface ForEachPieceEffect {
  forEachPiece: PieceQuery;
  do: Effect[];
}

/**
 * Creates pieces of a type into a zone: one per combination of the values listed in `each` (a deck:
 * every suit with every rank), owned by no seat.
 */
export interface CreateEffect {
  create: { type: string; into: ZoneRef; each: Record<string, Expr[]> };
}

/** Puts a piece on top of a zone (or at its bottom), from wherever it was. */
export interface PutEffect {
  put: { piece: Expr; into: ZoneRef; at?: "top" | "bottom" };
}

/**
 * Moves pieces from the top of one zone onto another, one at a time (so their order reverses, as when
 * dealing); all of them when `count` is left out, as many as there are when fewer.
 */
export interface MoveTopEffect {
  moveTop: { from: ZoneRef; to: ZoneRef; count?: Expr };
}

/** Shuffles a zone with the game's seeded random numbers. */
export interface ShuffleEffect {
  shuffle: ZoneRef;
}

/**
 * Deals `count` pieces from the top of a zone to the per-seat zone `to` of every seat, one at a time
 * round the table from the seat after the mover.
 */
export interface DealEffect {
  deal: { from: ZoneRef; to: string; count: Expr };
}

/** The mover moves again: the turn does not pass. */
export interface AgainEffect {
  again: true;
}

/** Turn order changes direction. */
export interface ReverseEffect {
  reverse: true;
}

/** The next seat in turn order loses its turn. */
export interface SkipEffect {
  skip: true;
}

/** The game enters a phase once the move is done. */
export interface GotoEffect {
  goto: string;
}
