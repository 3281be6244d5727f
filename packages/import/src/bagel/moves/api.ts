/**
 * What the move registries share: the context a move rule is translated in (its `then` flow, the turn it
 * belongs to), and the shape of a translated player move.
 * @module
 */
import type { Choice, Effect, Expr, MoveDefinition } from "@gridponder/match/validate";
import type { Tr } from "../api.js";
import type { Env } from "../model.js";

/** How the turn goes on after a move rule: what SetActivePlayers, EndTurn and PassTurn translate to. */
export interface Flow {
  /** Effects for SetActivePlayers to a stage (conditions already checked by the caller). */
  toStage(stage: string, pointer: string, whenNoMoves: boolean): Effect[] | undefined;
  /** Effects that end the turn. */
  endTurn(pointer: string, pass: boolean): Effect[] | undefined;
}

export interface MoveScope {
  tr: Tr;
  flow: Flow;
  env: Env;
  depth: number;
  /** The `then` chains entered so far, to refuse cycles (a move whose `then` reaches itself). */
  path: readonly unknown[];
}

/** A player move before its id, flow and priority are settled. */
export interface PlayerMove {
  piece?: MoveDefinition["piece"];
  pattern: MoveDefinition["pattern"];
  if: Expr;
  choose?: Choice[];
  do: Effect[];
  /** The environment `then` effects are translated in (what the move's arguments were). */
  thenEnv: Env;
  /** Effects to run before the move's own: what the move's conditions found, kept before the board changes. */
  before: Effect[];
  undoable?: boolean;
}

export type EffectHandler = (
  scope: MoveScope,
  node: Record<string, unknown>,
  pointer: string,
) => Effect[] | undefined;
export type PlayerHandler = (
  scope: MoveScope,
  node: Record<string, unknown>,
  pointer: string,
) => PlayerMove | undefined;
