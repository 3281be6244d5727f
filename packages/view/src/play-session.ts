/**
 * The session contract both game models keep: a puzzle's session (one seat) and a match's (two to
 * eight). Players, agents and share links that speak only this serve both: who is to move, the legal
 * actions, acting, what a seat sees, undo and redo, the log of actions as keys, and how the game ended.
 * The engines stay as they are; these adapters present each of them through the contract.
 * @module
 */
import type { ActionInput, GameState, Session } from "@gridponder/engine";
import { actionKey, type MatchAction, type MatchSession, type Observation } from "@gridponder/match";

/** How a game ended, for each seat. */
export interface PlayOutcome {
  readonly reason: string;
  readonly results: readonly ("win" | "loss" | "draw")[];
}

export interface PlaySession<Action, Seen> {
  readonly model: "puzzle" | "match";
  readonly seatCount: number;
  /** The seat to move. */
  readonly current: number;
  legalActions(): Action[];
  /** Plays an action for the seat to move; a refused one changes nothing. */
  act(action: Action): { readonly accepted: boolean; readonly reason?: string };
  /** What a seat sees (null: a spectator). */
  observe(seat: number | null): Seen;
  undo(): boolean;
  redo(): boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** The actions played from the start, as text keys (what a share link carries). */
  readonly log: readonly string[];
  /** How the game ended; null while it goes on. */
  readonly outcome: PlayOutcome | null;
}

/** A puzzle session through the contract: one seat, which sees everything. */
export function puzzlePlaySession(session: Session): PlaySession<ActionInput, GameState> {
  return {
    model: "puzzle",
    seatCount: 1,
    current: 0,
    legalActions: () => session.legalActions(),
    act(action) {
      const turn = session.act(action);
      return turn.accepted ? { accepted: true } : { accepted: false, reason: turn.reason ?? "refused" };
    },
    observe: () => session.state,
    undo: () => session.undo(),
    redo: () => session.redo(),
    get canUndo() {
      return session.canUndo;
    },
    get canRedo() {
      return session.canRedo;
    },
    get log() {
      return session.actions.map((a) => JSON.stringify(a));
    },
    get outcome() {
      if (session.won) return { reason: "won", results: ["win"] as const };
      if (session.lost) return { reason: session.state.loseReason ?? "lost", results: ["loss"] as const };
      return null;
    },
  };
}

/** A match session through the contract. */
export function matchPlaySession(session: MatchSession): PlaySession<MatchAction, Observation> {
  return {
    model: "match",
    get seatCount() {
      return session.seatCount;
    },
    get current() {
      return session.current;
    },
    legalActions: () => session.legalActions(),
    act(action) {
      const turn = session.act(action);
      return turn.accepted ? { accepted: true } : { accepted: false, reason: turn.reason ?? "refused" };
    },
    observe: (seat) => session.observe(seat),
    undo: () => session.undo(),
    redo: () => session.redo(),
    get canUndo() {
      return session.canUndo;
    },
    get canRedo() {
      return session.canRedo;
    },
    get log() {
      return session.actions.map((a) => actionKey(a));
    },
    get outcome() {
      return session.outcome;
    },
  };
}
