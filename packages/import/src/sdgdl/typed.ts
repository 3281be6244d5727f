/**
 * The translation's context: an expression string being translated, where its faults are reported, and
 * the typed value each syntax node becomes.
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import type { Findings } from "../findings.js";
import type { Scope } from "./scope.js";
import type { Syntax } from "./syntax.js";

/**
 * What a translated value is: a cell, a piece, a seat, a number, a truth, null, a string literal, a
 * piece's kind (its type: `piece` is the piece) or an enum attribute's label (`enumName`).
 */
export type Kind =
  | "cell"
  | "piece"
  | "seat"
  | "num"
  | "bool"
  | "null"
  | "string"
  | "kind"
  | "enum"
  | "pieces"
  | "moves";

export interface Typed {
  e: Expr;
  kind: Kind;
  /** For `kind`: the piece whose kind it is, and the kind attribute's name. */
  piece?: Expr;
  attr?: string;
  /** For `enum`: the enum's name. */
  enumName?: string;
  /** For `string`: the literal. */
  lit?: string;
  /** For `pieces` (a player's entities) and `moves` (a player's legal moves): the player. */
  seat?: Expr;
}

export const NOTHING: Typed = { e: 0, kind: "num" };

/** One expression string being translated. */
export class Cx {
  constructor(
    readonly scope: Scope,
    readonly findings: Findings,
    readonly pointer: string,
    readonly text: string,
    /** Names bound where the string is read: the `p` of an end condition's `for: "player(p)"`. */
    readonly locals: ReadonlyMap<string, Typed> = new Map(),
    /** Where the string is: an action's condition or effect, or an end condition. */
    readonly place: "action" | "end" = "action",
  ) {}

  /** Reports a fault at a node: the message says where in the string. */
  fault(node: Syntax | { at: number }, code: string, message: string, hint?: string): Typed {
    const column = node.at + 1;
    const excerpt = this.text.length > 60 ? `${this.text.slice(0, 57)}…` : this.text;
    this.findings.error(this.pointer, code, `${message} (at character ${column} of "${excerpt}")`, hint);
    return NOTHING;
  }
}
