/**
 * What the B.A.G.E.L. importer reasons with: the subjects conditions are checked against (a grid space,
 * a piece or card, a container, a per-player record, a player), the values references resolve to, and
 * the evaluation context (`target`, `originalTarget`, `loopTarget`, …) as the source language names it.
 * @module
 */
import type { Effect, Expr, PieceQuery } from "@gridponder/match/validate";

/** A cell given as a base cell moved by an offset, so that equal cells can be recognised before emitting. */
export interface CellRef {
  base: Expr;
  dx: Expr;
  dy: Expr;
}

/** What a condition or a reference is about. */
export type Subject =
  /** A space of the grid. */
  | { kind: "cell"; cell: CellRef }
  /** The grid itself. */
  | { kind: "grid" }
  /** A piece or card, with the types it may be. */
  | { kind: "piece"; piece: Expr }
  /** A container (a `Space` entity off the grid): a zone, the seat's own for per-player ones. */
  | { kind: "zone"; zone: string; seat?: Expr }
  /** A per-player record entity (a score): its state lives in seat variables. */
  | { kind: "record"; entity: string; seat: Expr }
  /** A player, as `playOrder` lists them. */
  | { kind: "seat"; seat: Expr };

/** A set of pieces: a piece query, as `matchMultiple` selectors and `map` targets yield them. */
export interface PieceSet {
  /** Where to look: one query per place (the board, a zone). */
  scopes: PieceQuery[];
  /** The scopes name `{ "get": "seat" }`: they are searched once per seat (every player's hand). */
  perSeat?: boolean;
  /** What each piece maps to (with the piece bound to `it`); the piece itself when left out. */
  mapping?: (it: Subject) => Val;
  /**
   * The source's list names some of these pieces more than once (a piece on a space every line found
   * shares); the query finds each once.
   */
  repeats?: boolean;
}

/** A resolved value. */
export type Val =
  | { kind: "num"; e: Expr }
  | { kind: "str"; s: string }
  | { kind: "vec"; items: Expr[] }
  | { kind: "subject"; s: Subject }
  | { kind: "pieces"; set: PieceSet }
  | { kind: "seats" }
  | { kind: "list"; items: Val[] }
  /** A `pick`: some attributes of an entity, to match other entities against. */
  | { kind: "pick"; of: Subject; props: string[] };

/** A witness of a condition: what its `results` paths point to (the line found, the entity matched). */
export interface Witness {
  /** Resolves a path below the condition's result. */
  resolve(path: readonly unknown[], pointer: string): Val | undefined;
  /** Effects that capture what the path names before the move changes the board; see `moves/capture.ts`. */
}

/** The evaluation context of B.A.G.E.L.: what `contextPath` and the defaults of conditions read. */
export interface Env {
  /** The entity or space a condition is checked against. */
  target?: Subject;
  /** The space or entity the player chose (a move's destination being validated). */
  original?: Subject;
  /** The move's `entity` argument: the piece moving. */
  moveEntity?: Subject;
  /** The current item of a `ForEach` or `map`. */
  loop?: Val;
  /** The witnesses of the conditions being resolved, by index (`results`). */
  results?: (Witness | undefined)[];
  /** The witnesses of the move's argument conditions (`moveConditionResults`), by argument name. */
  moveResults?: Record<string, (Witness | undefined)[]>;
  /** Names of moves whose last piece a chain continues (`_meta.previousPayloads.<move>…`). */
  chainOf?: Set<string>;
  /** The container of the entities a selector looks at (what `Position` counts in). */
  container?: import("@gridponder/match/validate").ZoneRef;
  /** Set inside `Some` over every space of the grid: a line from the loop's space is a line anywhere. */
  everyCell?: boolean;
  /**
   * Keeps a value computed before the move changes the board (what a move's conditions found), in a
   * variable of the move's own: a piece unless another type is asked for.
   */
  capture?: (e: Expr, type?: "piece" | "int") => Expr;
  /**
   * Set while a segment of a line's `sequence` is checked on one of its spaces: the segment's first
   * space and this space's place in it (what `ContainsSame` compares with).
   */
  chunk?: { first: CellRef; index: number };
  /** Where the value is read: legal-move conditions, effects, end conditions. */
  where: "move" | "effect" | "end";
}

/** A compiled condition: its expression and, when it finds something, a witness of what. */
export interface Cond {
  e: Expr;
  witness?: Witness;
}

/** Effects, with effects that must run before the move's own (captures of what conditions found). */
export interface Effects {
  before: Effect[];
  list: Effect[];
}

export const TRUE: Expr = true;
export const FALSE: Expr = false;
