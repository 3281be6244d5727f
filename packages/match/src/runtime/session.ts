/**
 * A match being played: the seat to move, its legal actions, acting, undo and redo, the move log and
 * how the game ended. The same session contract as a puzzle session (act, legal actions, observe,
 * undo/redo, outcome), so players, agents and share links serve both.
 * @module
 */
import type { CompiledSetup } from "../compile/game.js";
import type { CompiledGame, CompiledMove } from "../contract.js";
import { actionKey, actionOf, type MatchAction, parseActionKey } from "./actions.js";
import { type Observation, observe } from "./observe.js";
import { MatchRuntime, type Move, type Outcome } from "./runtime.js";

/** What acting did. */
export interface MatchTurn {
  readonly accepted: boolean;
  /** Why the action was refused. */
  readonly reason?: string;
  /** The action as played (its canonical form). */
  readonly action: MatchAction | null;
  /** The seat that moved. */
  readonly seat: number;
  readonly outcome: Outcome | null;
}

interface Played {
  readonly move: Move;
  readonly key: string;
  readonly mark: number;
  readonly seat: number;
  readonly undoable: boolean;
}

export interface MatchSessionOptions {
  /** The seed of the game's random numbers (shuffles, draws); 1 by default. */
  readonly seed?: number;
}

export class MatchSession {
  readonly seed: number;
  private readonly runtime: MatchRuntime;
  private readonly played: Played[] = [];
  private undone: string[] = [];
  private ended: Outcome | null;

  constructor(
    readonly game: CompiledGame,
    readonly setup: CompiledSetup,
    options: MatchSessionOptions = {},
  ) {
    this.seed = (options.seed ?? 1) | 0;
    this.runtime = MatchRuntime.start(game, setup, this.seed);
    this.ended = this.runtime.outcome(this.runtime.s.current);
  }

  /** The runtime at the current position, for search (bots clone it; never change it in place). */
  get position(): MatchRuntime {
    return this.runtime;
  }

  get seatCount(): number {
    return this.game.seatCount;
  }

  /** The seat to move. */
  get current(): number {
    return this.runtime.s.current;
  }

  get outcome(): Outcome | null {
    return this.ended;
  }

  get ply(): number {
    return this.runtime.s.ply;
  }

  /** The actions played from the start, as canonical keys (what a share link carries). */
  get log(): string[] {
    return this.played.map((p) => p.key);
  }

  get actions(): MatchAction[] {
    return this.played.map((p) => actionOf(this.game, p.move));
  }

  /** The legal actions of the seat to move; none once the game is over. */
  legalActions(): MatchAction[] {
    if (this.ended) return [];
    return this.runtime.legal().map((m) => actionOf(this.game, m));
  }

  /** The legal moves as the runtime plays them, in the order of `legalActions`. */
  legalMoves(): readonly Move[] {
    return this.ended ? [] : this.runtime.legal();
  }

  /** What a seat sees (null: a spectator). */
  observe(seat: number | null): Observation {
    return observe(this.runtime, seat, this.ended);
  }

  /** Plays an action (or its key) for the seat to move. A refused action changes nothing. */
  act(action: MatchAction | string): MatchTurn {
    const seat = this.current;
    const refuse = (reason: string): MatchTurn => ({
      accepted: false,
      reason,
      action: null,
      seat,
      outcome: this.ended,
    });
    if (this.ended) return refuse("the game is over");
    const wanted = typeof action === "string" ? parseActionKey(action, this.game) : action;
    if (wanted === null || typeof wanted !== "object" || typeof wanted.move !== "string")
      return refuse("not an action");
    let key: string;
    try {
      key = actionKey(wanted);
    } catch {
      return refuse("not an action");
    }
    const moves = this.runtime.legal();
    const move = moves.find((m) => actionKey(actionOf(this.game, m)) === key);
    if (!move) return refuse(`"${key}" is not a legal move for ${this.game.seatNames[seat]}`);
    this.commitMove(move, key);
    this.undone = [];
    return { accepted: true, action: actionOf(this.game, move), seat, outcome: this.ended };
  }

  /** Plays a move the runtime listed (what bots return). */
  playMove(move: Move): MatchTurn {
    return this.act(actionOf(this.game, move));
  }

  private commitMove(move: Move, key: string): void {
    const seat = this.current;
    const undoable = move.steps.every((s) => (this.game.moves[s.def] as CompiledMove).undoable);
    const mark = this.runtime.play(move);
    this.played.push({ move, key, mark, seat, undoable });
    this.ended = this.runtime.outcome(seat);
  }

  /** Whether the last move may be taken back: it exists and reveals nothing it would hide again. */
  get canUndo(): boolean {
    const last = this.played[this.played.length - 1];
    return last?.undoable === true;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  undo(): boolean {
    if (!this.canUndo) return false;
    const last = this.played.pop() as Played;
    this.runtime.undo(last.mark);
    this.undone.push(last.key);
    this.ended =
      this.played.length === 0
        ? this.runtime.outcome(this.current)
        : this.runtime.outcome((this.played[this.played.length - 1] as Played).seat);
    return true;
  }

  redo(): boolean {
    const key = this.undone.pop();
    if (key === undefined) return false;
    const redo = this.undone;
    const turn = this.act(key);
    this.undone = redo;
    return turn.accepted;
  }

  /** Plays actions in order; stops at the first refused and returns how far it got. */
  replay(actions: readonly (MatchAction | string)[]): number {
    let n = 0;
    for (const a of actions) {
      if (!this.act(a).accepted) break;
      n++;
    }
    return n;
  }
}
