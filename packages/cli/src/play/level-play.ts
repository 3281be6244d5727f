import { type ActionInput, DIRECTION_DELTAS, type Pack, type Pos, Session } from "@gridponder/engine";
import type { Direction } from "@gridponder/schema";
import {
  actionLimit,
  type Command,
  describeTurn,
  type KeyedAction,
  keyedActions,
  needsSelection,
  type ViewContext,
} from "@gridponder/view";
import { goldPathOf } from "../actions.js";

/**
 * The most moves a level keeps for undo since it was started or restarted. A session keeps every state
 * it passed through; keys piped in by the million would otherwise fill the memory.
 */
export const MAX_KEPT_MOVES = 100_000;

/** Keys the terminal keeps for itself: quit, and the cursor-mode toggle. */
export const TERMINAL_KEYS = ["q", "t"] as const;

/** One level being played: the session plus what the keyboard adds (cursor, hints, the last message). */
export class LevelPlay {
  readonly session: Session;
  /** Accepted actions the session's undo history holds. */
  private kept = 0;
  /** Gold-path moves the hints have shown so far; the next hint goes to the next stop beyond it. */
  hintShown = 0;
  cursor: Pos;
  cursorMode = false;
  /** The game actions keys of their own play (the view's `keyedActions`). */
  readonly keyed: readonly KeyedAction[];
  /** The position action Enter/space plays at the cursor. */
  selected: KeyedAction | null;
  message: string | null = null;
  loseReason: string | null = null;

  constructor(
    readonly view: ViewContext,
    readonly levelId: string,
  ) {
    this.session = new Session(view.pack, levelId);
    this.keyed = keyedActions(view, TERMINAL_KEYS);
    const avatar = this.session.state.avatar;
    this.cursor = avatar.enabled && avatar.position ? [avatar.position[0], avatar.position[1]] : [0, 0];
    this.selected = this.keyed.find((b) => b.positionParam !== null) ?? null;
  }

  get pack(): Pack {
    return this.view.pack;
  }

  get def() {
    return this.session.level.def;
  }

  /** Whether some action takes a cell, so the board shows a cursor. */
  get usesCursor(): boolean {
    return needsSelection(this.view) || this.keyed.some((b) => b.positionParam !== null);
  }

  /** The level's move limit (the view's `actionLimit`), if it has one. */
  get actionLimit(): number | null {
    return actionLimit(this.view.pack, this.session.level);
  }

  /** Plays an action; the message is the view's description of the turn (with the engine's reason for a refusal). */
  act(action: ActionInput): void {
    if (this.kept >= MAX_KEPT_MOVES) {
      this.message = `${MAX_KEPT_MOVES.toLocaleString("en-US")} moves are as many as a level keeps: undo (u), restart (r) or quit (q)`;
      return;
    }
    const result = this.session.act(action);
    const words = describeTurn(this.pack, action, result, this.session.actionCount, null);
    if (!result.accepted) {
      this.message = `${words}${result.reason ? ` (${result.reason})` : ""}`;
      return;
    }
    this.kept++;
    this.message = words;
    this.loseReason = result.lost ? result.loseReason : null;
  }

  moveCursor(direction: Direction): void {
    const [dx, dy] = DIRECTION_DELTAS[direction] ?? [0, 0];
    const { width, height } = this.session.level;
    this.cursor = [
      Math.min(width - 1, Math.max(0, this.cursor[0] + dx)),
      Math.min(height - 1, Math.max(0, this.cursor[1] + dy)),
    ];
  }

  /** Plays the selected position action at the cursor. */
  applyAtCursor(): void {
    const binding = this.selected;
    if (!binding?.positionParam) {
      this.message = "No action here takes a position";
      return;
    }
    this.act({ ...binding.action, [binding.positionParam]: [this.cursor[0], this.cursor[1]] } as ActionInput);
  }

  /** Runs one of the view's commands. */
  command(command: Command): void {
    if (command === "undo") this.undo();
    else if (command === "redo") this.redo();
    else if (command === "reset") this.reset();
    else this.hint();
  }

  undo(): void {
    const undone = this.session.undo();
    if (undone) this.kept--;
    this.message = undone ? "Undone" : "Nothing to undo";
    this.loseReason = null;
  }

  redo(): void {
    const redone = this.session.redo();
    if (redone) this.kept++;
    this.message = redone ? "Redone" : "Nothing to redo";
    this.loseReason = null;
  }

  reset(): void {
    this.session.reset();
    this.kept = 0;
    this.loseReason = null;
    this.message = "Level restarted";
  }

  /**
   * Starts over and replays the gold path up to the first hint stop beyond the moves already shown
   * (to the end when there is none), so each hint reveals a little more of the solution.
   */
  hint(): void {
    const gold = goldPathOf(this.def);
    const stop = (this.def.solution.hintStops ?? []).find((s) => s > this.hintShown) ?? gold.length;
    this.session.reset();
    this.kept = 0;
    this.loseReason = null;
    for (const action of gold.slice(0, stop)) this.act(action);
    this.hintShown = stop;
    if (!this.session.won)
      this.message = `Hint: the first ${stop} of ${gold.length} moves of the solution were played`;
  }
}
