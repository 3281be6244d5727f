/**
 * The shapes the compiler produces and the runtime runs, in one file so neither imports the other:
 * compiled expressions and effects are closures over the runtime interface `Rt`.
 * @module
 */
import type { MatchState } from "./runtime/state.js";
import type { MatchGame, Visibility } from "./types/index.js";

/** A compiled expression: a whole number from the runtime's state and bindings. */
export type Fn = (r: Rt) => number;
/** A compiled effect list. */
export type Run = (r: Rt) => void;

/** Binding slots of `Rt.b`; choices follow from `FIRST_CHOICE`. */
export const FROM = 0;
export const TO = 1;
export const PIECE = 2;
export const TARGET = 3;
export const MOVER = 4;
export const SEAT = 5;
export const IT = 6;
export const FIRST_CHOICE = 7;

/** What compiled closures see: the state, the bindings and the game. */
export interface Rt {
  readonly s: MatchState;
  readonly b: Int32Array;
  readonly g: CompiledGame;
  /** How many legal moves the seat to move has. */
  legalCount(): number;
  /** How many times the current position has stood. */
  repetitions(): number;
}

/** What a zone id resolves to. */
export interface CompiledZone {
  readonly id: string;
  readonly label: string;
  readonly kind: "stack" | "row" | "hand";
  readonly perSeat: boolean;
  readonly visibility: Visibility;
  /** The zone slot of each seat (one slot, repeated, when not per seat). */
  readonly slots: readonly number[];
}

/** A threat a piece type makes for `attacked`: an offset stepped once, or slid along. */
export interface Threat {
  readonly dx: number;
  readonly dy: number;
  readonly slide: boolean;
  /** Per piece type, 1 if the threat is that type's. */
  readonly types: Uint8Array;
  /**
   * Per cell, the cells a threatening piece may stand on, nearest first: one cell for a step, the
   * whole line back for a slide (the first piece on it blocks the rest). Worked out once per game.
   */
  readonly rays: readonly Int32Array[];
}

/** A compiled move definition. */
export interface CompiledMove {
  readonly index: number;
  readonly id: string;
  readonly label: string;
  /** `board`: a piece of the mover on the board; `zone`: a piece from a zone; `none`: nothing moves. */
  readonly source: "board" | "zone" | "none";
  /** Per piece type, 1 if the move is for it (all 1 when the move names no type). */
  readonly types: Uint8Array;
  readonly zone: Fn | null;
  readonly pattern: "step" | "slide" | "place" | "none";
  /** `place`: whether the target cell must be empty. */
  readonly placeEmpty: boolean;
  /** Offsets per seat, as dx,dy pairs. */
  readonly offsets: readonly Int32Array[];
  readonly cond: Fn | null;
  readonly choices: readonly CompiledChoice[];
  readonly run: Run;
  readonly priority: number;
  readonly chain: {
    readonly with: readonly number[];
    readonly until: Fn | null;
    /** The move may end after any step. */
    readonly optional: boolean;
  } | null;
  readonly undoable: boolean;
}

export interface CompiledChoice {
  readonly name: string;
  readonly slot: number;
  readonly options: readonly string[];
  /** The value bound for each option: a piece type, an enum label's index or the option's index. */
  readonly values: readonly number[];
  readonly when: Fn | null;
}

export interface CompiledPhase {
  readonly id: string;
  /** Move indexes allowed in the phase. */
  readonly moves: readonly number[];
  readonly onEnter: Run | null;
  readonly end: readonly { readonly cond: Fn; readonly run: Run | null; readonly goto: number }[];
}

export type CompiledResult =
  | { readonly kind: "winner"; readonly seat: Fn }
  | { readonly kind: "loser"; readonly seat: Fn }
  | { readonly kind: "draw" }
  | {
      readonly kind: "ranking";
      /** A seat's score. */
      readonly score: (r: Rt, seat: number) => number;
      readonly high: boolean;
    };

export interface CompiledEnd {
  readonly cond: Fn;
  readonly result: CompiledResult;
  readonly reason: string;
}

/** A variable's or attribute's kind, which names in expressions are read by. */
export type ValueKind = "num" | "bool" | "cell" | "seat" | "piece" | "type" | `enum:${string}`;

export interface VariableInfo {
  readonly name: string;
  readonly index: number;
  readonly kind: ValueKind;
  readonly initial: number;
  /** Part of the position's identity for repetitions. */
  readonly inPosition: boolean;
}

/** A game compiled for a number of seats: names resolved to numbers, rules to closures. */
export interface CompiledGame {
  readonly def: MatchGame;
  readonly seatCount: number;
  readonly seatNames: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  /** 1 for each playable cell. */
  readonly playable: Uint8Array;
  readonly typeNames: readonly string[];
  readonly typeLabels: readonly string[];
  readonly typeIndex: ReadonlyMap<string, number>;
  /** Attribute slots, shared by every type that names the attribute. */
  readonly attrs: readonly VariableInfo[];
  readonly attrIndex: ReadonlyMap<string, number>;
  /** Per type, the attribute slots it has. */
  readonly typeAttrs: readonly (readonly number[])[];
  readonly vars: readonly VariableInfo[];
  readonly varIndex: ReadonlyMap<string, number>;
  readonly seatVars: readonly VariableInfo[];
  readonly seatVarIndex: ReadonlyMap<string, number>;
  readonly seatAttrs: ReadonlyMap<string, Int32Array>;
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly zones: readonly CompiledZone[];
  /** Per zone slot: the zone's index and the seat it belongs to (-1 for a shared zone). */
  readonly slotZone: Int32Array;
  readonly slotSeat: Int32Array;
  readonly moves: readonly CompiledMove[];
  readonly moveIndex: ReadonlyMap<string, number>;
  readonly phases: readonly CompiledPhase[];
  readonly startPhase: number;
  readonly beforeEach: Run | null;
  readonly legal: Fn | null;
  readonly end: readonly CompiledEnd[];
  /** Per attacking seat, the threats of its pieces. */
  readonly threats: readonly (readonly Threat[])[];
  readonly choiceSlots: number;
  /** Whether any zone hides its pieces from some seat. */
  readonly hidesInformation: boolean;
}
