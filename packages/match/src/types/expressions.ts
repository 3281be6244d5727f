/**
 * Expressions: a typed tree, written as JSON objects with one key each, that conditions and effects
 * are built from. Every value is a whole number at run time: a cell, a piece, a seat, a piece type or
 * an enum label are numbers the compiler resolved from names; `-1` is "none".
 * @module
 */

/**
 * A value a move, a condition or an effect reads. A number or boolean is itself; a string is a name
 * read by context (a piece type beside `is`, an enum label compared with an enum attribute, a choice's
 * option); every other form is an object with one key.
 */
export type Expr = number | boolean | string | ExprNode;

/** Every form of expression with one key. */
export type ExprNode =
  | GetExpr
  | VarExpr
  | SeatVarExpr
  | SeatAttrExpr
  | SeatExpr
  | AttrExpr
  | CellExpr
  | AtExpr
  | OffsetExpr
  | MidExpr
  | ClearExpr
  | XExpr
  | YExpr
  | PieceAtExpr
  | CellOfExpr
  | EmptyExpr
  | OnBoardExpr
  | IsExpr
  | FriendExpr
  | EnemyExpr
  | AndExpr
  | OrExpr
  | NotExpr
  | IfExpr
  | EqExpr
  | NeExpr
  | LtExpr
  | LeExpr
  | GtExpr
  | GeExpr
  | AddExpr
  | SubExpr
  | MulExpr
  | DivExpr
  | ModExpr
  | NegExpr
  | AbsExpr
  | MinExpr
  | MaxExpr
  | AttackedExpr
  | CountExpr
  | SumExpr
  | FindExpr
  | ExistsExpr
  | SizeExpr
  | TopExpr
  | LineExpr
  | FullExpr
  | LegalMovesExpr
  | RepetitionsExpr
  | PlyExpr
  | SeatCountExpr;

/**
 * A value the move or effect being run is bound to: `from` and `to` (cells), `piece` (the piece
 * moving or the card played), `target` (the piece on `to` before the move), `mover` (the seat moving),
 * `seat` (inside `forEachSeat`), `it` (inside a piece query's `where` or `forEachPiece`), or the name
 * of one of the move's choices.
 */
export interface GetExpr {
  get: string;
}

/** A game variable (`variables` in game.json). */
export interface VarExpr {
  var: string;
}

/** A seat variable (`seats.variables`) of a seat; the mover's when `seat` is left out. */
export interface SeatVarExpr {
  seatVar: string;
  seat?: Expr;
}

/** A seat attribute (`seats.attributes`) of a seat; the mover's when `seat` is left out. */
export interface SeatAttrExpr {
  seatAttr: string;
  seat?: Expr;
}

/**
 * A seat: `mover` (the seat whose move is running; the seat to move outside a move), `current` (the
 * seat to move), `next` (the seat after the mover in turn order), `previous`, or a seat number from 0.
 */
export interface SeatExpr {
  seat: "mover" | "current" | "next" | "previous" | number;
}

/** An attribute of a piece or card; `type` and `owner` are every piece's. `-1` for no piece. */
export interface AttrExpr {
  attr: string;
  of: Expr;
}

/** A cell by name: a column letter and a row number from the bottom, `a1` bottom left. */
export interface CellExpr {
  cell: string;
}

/** The cell at column `x` and row `y`, both from 0 at the bottom left; `-1` off the board. */
export interface AtExpr {
  at: [Expr, Expr];
}

/** The cell `by` columns right and rows up from a cell; `-1` off the board or for no cell. */
export interface OffsetExpr {
  offset: Expr;
  by: [Expr, Expr];
}

/** The cell halfway between two cells (rounded toward the first); `-1` if either is none. */
export interface MidExpr {
  mid: [Expr, Expr];
}

/**
 * Whether two cells lie on one row, column or diagonal with every cell strictly between them on the
 * board, playable and empty: a sliding piece's line of sight. False for no cell or cells not in line.
 */
export interface ClearExpr {
  clear: [Expr, Expr];
}

/** A cell's column, from 0 at the left; `-1` for no cell. */
export interface XExpr {
  x: Expr;
}

/** A cell's row, from 0 at the bottom; `-1` for no cell. */
export interface YExpr {
  y: Expr;
}

/** The piece on a cell; `-1` when it is empty or off the board. */
export interface PieceAtExpr {
  pieceAt: Expr;
}

/** The cell a piece stands on; `-1` when it is not on the board. */
export interface CellOfExpr {
  cellOf: Expr;
}

/** Whether a cell is on the board, playable and empty. */
export interface EmptyExpr {
  empty: Expr;
}

/** Whether a cell is on the board and playable. */
export interface OnBoardExpr {
  onBoard: Expr;
}

/** Whether a piece is of one of these types (false for no piece). */
export interface IsExpr {
  is: [Expr, string | string[]];
}

/** Whether a piece belongs to the mover. */
export interface FriendExpr {
  friend: Expr;
}

/** Whether a piece belongs to a seat other than the mover. */
export interface EnemyExpr {
  enemy: Expr;
}

/** True when every operand is (true for none). Stops at the first false. */
export interface AndExpr {
  and: Expr[];
}

/** True when any operand is (false for none). Stops at the first true. */
export interface OrExpr {
  or: Expr[];
}

/** True when the operand is false (zero). */
export interface NotExpr {
  not: Expr;
}

/** The second value when the first is true, else the third. */
export interface IfExpr {
  if: [Expr, Expr, Expr];
}

/** Whether two values are equal. */
export interface EqExpr {
  eq: [Expr, Expr];
}

/** Whether two values differ. */
export interface NeExpr {
  ne: [Expr, Expr];
}

/** Whether the first value is less than the second. */
export interface LtExpr {
  lt: [Expr, Expr];
}

/** Whether the first value is at most the second. */
export interface LeExpr {
  le: [Expr, Expr];
}

/** Whether the first value is more than the second. */
export interface GtExpr {
  gt: [Expr, Expr];
}

/** Whether the first value is at least the second. */
export interface GeExpr {
  ge: [Expr, Expr];
}

/** The sum of the operands. */
export interface AddExpr {
  add: Expr[];
}

/** The first value minus the second. */
export interface SubExpr {
  sub: [Expr, Expr];
}

/** The product of the operands. */
export interface MulExpr {
  mul: Expr[];
}

/** The first value divided by the second, rounded toward zero; 0 when dividing by zero. */
export interface DivExpr {
  div: [Expr, Expr];
}

/** The remainder of the first value divided by the second, never negative; 0 for a zero divisor. */
export interface ModExpr {
  mod: [Expr, Expr];
}

/** The value negated. */
export interface NegExpr {
  neg: Expr;
}

/** The value without its sign. */
export interface AbsExpr {
  abs: Expr;
}

/** The least operand. */
export interface MinExpr {
  min: Expr[];
}

/** The greatest operand. */
export interface MaxExpr {
  max: Expr[];
}

/**
 * Whether a piece of `by` (every seat but the mover when left out) could capture on this cell by one of
 * its moves marked `threatens`. False for no cell.
 */
export interface AttackedExpr {
  attacked: Expr;
  by?: Expr;
}

/**
 * Which pieces a query looks at: those on the board (the default) or in a zone, of some types, owned by
 * a seat, for which `where` holds (with the piece bound to `it`).
 */
export interface PieceQuery {
  /** `board`, or a zone. */
  in?: "board" | ZoneRef;
  type?: string | string[];
  owner?: Expr;
  where?: Expr;
}

/** How many pieces the query finds. */
export interface CountExpr {
  count: PieceQuery;
}

/** The sum of `value` (with each piece bound to `it`) over the pieces the query finds. */
export interface SumExpr {
  sum: PieceQuery & { value: Expr };
}

/** The first piece the query finds (board cells from a1 along rows; a zone from the bottom); `-1` for none. */
export interface FindExpr {
  find: PieceQuery;
}

/** Whether the query finds a piece. */
export interface ExistsExpr {
  exists: PieceQuery;
}

/** A zone: its id, or a per-seat zone with the seat whose zone it is (the mover's by default). */
export type ZoneRef = string | { zone: string; seat?: Expr };

/** How many pieces a zone holds. */
export interface SizeExpr {
  size: ZoneRef;
}

/** The top piece of a zone (its last); `-1` when it is empty. */
export interface TopExpr {
  top: ZoneRef;
}

/**
 * Whether `length` pieces of `owner` (and of `type`, when given) stand in a straight line: a row, a
 * column or a diagonal.
 */
export interface LineExpr {
  line: { length: number; owner: Expr; type?: string | string[] };
}

/** Whether every playable cell of the board holds a piece. */
export interface FullExpr {
  full: "board";
}

/** How many legal moves the seat to move has. Only in end conditions and phase ends. */
export interface LegalMovesExpr {
  legalMoves: Record<string, never>;
}

/** How many times the current position has stood in this game, this time included. */
export interface RepetitionsExpr {
  repetitions: Record<string, never>;
}

/** How many moves have been made in the game. */
export interface PlyExpr {
  ply: Record<string, never>;
}

/** How many seats play. */
export interface SeatCountExpr {
  seatCount: Record<string, never>;
}
