/**
 * The translator's interface as the registries of conditions, values and moves see it: each registry
 * entry translates one construct and calls back through this for the constructs nested in it.
 * @module
 */
import type { Expr, PieceQuery } from "@gridponder/match/validate";
import type { BagelContext } from "./context.js";
import type { CellRef, Cond, Env, PieceSet, Subject, Val } from "./model.js";

/** What a selector (`{ matchMultiple?, conditions }` or a name) picks. */
export type Selection =
  | { kind: "one"; s: Subject }
  | { kind: "pieces"; set: PieceSet }
  /** Per-player containers, for which `pred` holds of the seat. */
  | { kind: "zones"; zone: string; pred: (seat: Expr) => Expr }
  /** Per-player records, for which `pred` holds of the seat. */
  | { kind: "records"; entity: string; pred: (seat: Expr) => Expr }
  /** Spaces of the grid, for which `pred` holds. */
  | { kind: "cells"; pred: (cell: CellRef) => Cond | undefined };

export interface Tr {
  readonly cx: BagelContext;
  /** Resolves a value (a literal or a reference object). */
  value(v: unknown, pointer: string, env: Env, depth: number): Val | undefined;
  /** Translates one condition (shorthands expanded). */
  condition(c: unknown, pointer: string, env: Env, depth: number): Cond | undefined;
  /** Translates a node's `conditions`, all of which must hold; witnesses by index. */
  conditions(
    node: Record<string, unknown>,
    pointer: string,
    env: Env,
    depth: number,
  ): { e: Expr; each: Cond[] } | undefined;
  /** Resolves a selector. */
  select(sel: unknown, pointer: string, env: Env, depth: number): Selection | undefined;
  /** A value as a number expression. */
  num(v: Val, pointer: string): Expr | undefined;
  /** A value as one subject. */
  subject(v: Val, pointer: string): Subject | undefined;
  /** How many seats at most (the translation unrolls per-seat searches over them). */
  readonly seats: number;
}

/** A piece query over one place. */
export type { PieceQuery };
