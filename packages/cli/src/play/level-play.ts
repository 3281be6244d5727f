import { type Pack, type Pos, Session } from "@gridponder/engine";
import { type ActionObject, describeAction, goldPathOf } from "../actions.js";
import type { ActionBinding, Controls } from "./controls.js";

type Direction = "up" | "down" | "left" | "right";
const STEP: Record<Direction, Pos> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

/**
 * The most moves a level keeps for undo since it was started or restarted. A session keeps every state
 * it passed through; keys piped in by the million would otherwise fill the memory.
 */
export const MAX_KEPT_MOVES = 100_000;

/** One level being played: the session plus what the keyboard adds (cursor, hints, the last message). */
export class LevelPlay {
  readonly session: Session;
  /** Accepted actions the session's undo history holds. */
  private kept = 0;
  /** Gold-path moves the hints have shown so far; the next hint goes to the next stop beyond it. */
  hintShown = 0;
  cursor: Pos;
  cursorMode = false;
  /** The position action Enter/space plays at the cursor. */
  selected: ActionBinding | null;
  message: string | null = null;
  loseReason: string | null = null;

  constructor(
    readonly pack: Pack,
    readonly levelId: string,
    readonly controls: Controls,
  ) {
    this.session = new Session(pack, levelId);
    const avatar = this.session.state.avatar;
    this.cursor = avatar.enabled && avatar.position ? [avatar.position[0], avatar.position[1]] : [0, 0];
    this.selected = controls.bindings.find((b) => b.positionParam !== null) ?? null;
  }

  get def() {
    return this.session.level.def;
  }

  /** The lowest `max_actions` limit, if the level has one. */
  get actionLimit(): number | null {
    const limits = this.session.level.loseConditions.flatMap((c) =>
      c.type === "max_actions" ? [c.config.limit] : [],
    );
    return limits.length > 0 ? Math.min(...limits) : null;
  }

  act(action: ActionObject): void {
    if (this.kept >= MAX_KEPT_MOVES) {
      this.message = `${MAX_KEPT_MOVES.toLocaleString("en-US")} moves are as many as a level keeps: undo (u), restart (r) or quit (q)`;
      return;
    }
    const result = this.session.act(action);
    if (!result.accepted) {
      this.message = `Cannot ${describeAction(action)}${result.reason ? `: ${result.reason}` : ""}`;
      return;
    }
    this.kept++;
    this.message = null;
    this.loseReason = result.lost ? result.loseReason : null;
  }

  move(direction: Direction): void {
    const move = this.controls.move;
    if (!move?.directions.has(direction)) {
      this.message = "This game has no move action for the arrow keys";
      return;
    }
    const action: Record<string, ActionObject[string]> = {
      action: move.id,
      [move.directionParam]: direction,
    };
    if (move.positionParam) action[move.positionParam] = [this.cursor[0], this.cursor[1]];
    this.act(action as ActionObject);
  }

  moveCursor(direction: Direction): void {
    const [dx, dy] = STEP[direction];
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
    this.act({ ...binding.action, [binding.positionParam]: [this.cursor[0], this.cursor[1]] });
  }

  undo(): void {
    const undone = this.session.undo();
    if (undone) this.kept--;
    this.message = undone ? "Undone" : "Nothing to undo";
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
