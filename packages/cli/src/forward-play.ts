import {
  type CanonicalState,
  canonicalState,
  type GameAction,
  type GameState,
  type LevelRuntime,
  type Pack,
  runTurn,
  Session,
  type TurnResult,
} from "@gridponder/engine";

/**
 * Plays a level forward only, keeping the current state and nothing behind it. A `Session` keeps every
 * state for undo, so replaying a gold path of millions of actions through one holds millions of
 * states; `trace` and `validate` never undo, so they play through this instead.
 */
export class ForwardPlay {
  readonly level: LevelRuntime;
  private current: GameState;

  /** Throws what `new Session` throws for a level that cannot be prepared. */
  constructor(
    readonly pack: Pack,
    levelId: string,
  ) {
    const start = new Session(pack, levelId);
    this.level = start.level;
    this.current = start.initial;
  }

  /** The current state: `won`, `lost` and `actionCount` included. */
  get state(): GameState {
    return this.current;
  }

  /** Plays one action; a rejected one leaves the state as it was. */
  act(action: GameAction): TurnResult {
    const result = runTurn(this.pack, this.level, this.current, action);
    this.current = result.state;
    return result;
  }

  /** The current state in the conformance format. */
  canonicalState(): CanonicalState {
    return canonicalState(this.pack, this.current, this.level.width, this.level.height);
  }
}
