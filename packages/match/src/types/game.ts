/**
 * A match game (game.json of a match pack): seats, a board and zones, piece types, moves, phases and
 * how the game ends.
 * @module
 */
import type { Effect } from "./effects.js";
import type { Expr } from "./expressions.js";
import type { MoveDefinition } from "./moves.js";

/** A value a variable or attribute may start with: a number, a boolean, an enum label or a cell name. */
export type InitialValue = number | boolean | string;

/**
 * A variable or attribute: a whole number of some meaning. `cell` holds a cell or -1; `seat` a seat
 * number or -1; `piece` a piece or -1; `enum` one of the labels of `enums[enum]`; `bool` 0 or 1.
 */
export interface VariableDefinition {
  type: "int" | "bool" | "cell" | "seat" | "piece" | "enum";
  /** For `enum` variables: which of the game's `enums` lists its labels. */
  enum?: string;
  /** The starting value: 0, false, -1 for cells, seats and pieces, the first label for enums, when left out. */
  initial?: InitialValue;
  /**
   * Whether the value is part of what makes two positions the same, for repetitions; true when left
   * out. A counter of moves is not: the same position reached later is still a repetition.
   */
  position?: boolean;
}

/** Who plays. */
export interface Seats {
  /** The fewest seats the game is played with. */
  min: number;
  /** The most seats (at most 8). */
  max: number;
  /** Names of the seats, by seat number (`White`, `Black`); "Seat 1"… when left out. */
  names?: string[];
  /**
   * Constant attributes of each seat, by name: a list with one value per seat (its last value serves
   * seats beyond it), such as the direction a seat's pawns go.
   */
  attributes?: Record<string, number[]>;
  /** Variables every seat has its own of (a score). */
  variables?: Record<string, VariableDefinition>;
}

/** The board: a grid of cells, `a1` bottom left. */
export interface Board {
  width: number;
  height: number;
  /**
   * Which cells are played on: `all`, `dark` (where column + row is even, `a1` included, as in
   * draughts) or `light`.
   */
  playable?: "all" | "dark" | "light";
}

/**
 * Who sees a zone's pieces: `public` everyone; `hidden` no one (only how many); `owner` only the
 * seat the zone belongs to (a hand); `top` everyone sees the top piece only.
 */
export type Visibility = "public" | "hidden" | "owner" | "top";

/** A zone: an ordered pile of pieces (cards) off the board, the last one on top. */
export interface ZoneDefinition {
  id: string;
  /** `stack` (a pile: stock, discard), `row` (laid out side by side), `hand` (held by a seat). */
  kind: "stack" | "row" | "hand";
  /** Each seat has its own zone of this id (hands). */
  perSeat?: boolean;
  visibility: Visibility;
  /** A name for people; the id when left out. */
  label?: string;
}

/** A type of piece or card. */
export interface PieceType {
  /** A name for people; the id when left out. */
  label?: string;
  /** Attributes each piece of this type has its own of (`moved`, a card's `suit` and `rank`). */
  attributes?: Record<string, VariableDefinition>;
}

/** One piece a setup puts on the board. */
export interface PiecePlacement {
  at: string;
  type: string;
  owner?: number;
  attributes?: Record<string, InitialValue>;
}

/** How a game starts. */
export interface Setup {
  /**
   * The board as rows of characters, the top row first, one character per column: `.` an empty cell,
   * any other a piece the `legend` names.
   */
  board?: string[];
  /** What each character of `board` stands for. */
  legend?: Record<string, { type: string; owner?: number; attributes?: Record<string, InitialValue> }>;
  /** Pieces put on the board besides `board`'s. */
  pieces?: PiecePlacement[];
  /** Game variables' starting values, beside their `initial`. */
  variables?: Record<string, InitialValue>;
  /** The seat that moves first (0 when left out). */
  first?: number;
  /** Effects run once the board is set (creating, shuffling and dealing cards), with `mover` the first seat. */
  do?: Effect[];
}

/** A stretch of the game with its own moves (a round's play, a stage within a turn). */
export interface Phase {
  /** The moves a seat may make in this phase, by id. */
  moves: string[];
  /** Effects run each time the phase is entered. */
  onEnter?: Effect[];
  /**
   * Checked after every move in this phase, in order: the first whose `if` holds runs its `do` and
   * enters `goto` (the same phase again starts a new round) — unless the game's end conditions, checked
   * after `do`, say the game is over.
   */
  end?: { if: Expr; do?: Effect[]; goto: string }[];
}

/**
 * A result for each seat. `ranking` orders seats by a score: a seat variable's name, or `{ "score":
 * expr }` worked out for each seat with the seat bound to `seat` (how many discs it has); the best
 * wins, ties share.
 */
export type Result =
  | { winner: Expr }
  | { loser: Expr }
  | { draw: true }
  | { ranking: string | { score: Expr }; order?: "high" | "low" };

/** A way the game ends, checked after every move (and at the start), in order. */
export interface EndCondition {
  if: Expr;
  result: Result;
  /** Why the game ended, for people: `checkmate`, `stalemate`, `three in a row`. */
  reason: string;
}

/** game.json of a match pack. */
export interface MatchGame {
  $schema?: string;
  /** The match format's version this game is written for. */
  formatVersion: "0.1";
  seats: Seats;
  board?: Board;
  zones?: ZoneDefinition[];
  /** Piece and card types, by id. */
  pieces: Record<string, PieceType>;
  /** Named lists of labels that `enum` variables and attributes take (suits). */
  enums?: Record<string, string[]>;
  /** Game variables, by name. */
  variables?: Record<string, VariableDefinition>;
  setup: Setup;
  moves: MoveDefinition[];
  /** Effects run at the start of every move, before the move's own (clearing an en passant cell). */
  beforeEachMove?: Effect[];
  /**
   * A move is legal only if this holds once it is made, before the turn passes, with its bindings
   * (the mover's king is not attacked).
   */
  legal?: Expr;
  /**
   * Phases by id, and `startPhase`. Without phases every move may be made on every turn.
   */
  phases?: Record<string, Phase>;
  startPhase?: string;
  end: EndCondition[];
}
