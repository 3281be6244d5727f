import type { Pack } from "@gridponder/engine";
import {
  createViewContext,
  inputModel,
  keyDirection,
  resolveGesture,
  type ViewContext,
} from "@gridponder/view";
import type { Colors } from "../context.js";
import { plural } from "../plural.js";
import { levelFrame, storyFrame } from "./frame.js";
import { type Key, keyboardKey } from "./keys.js";
import { LevelPlay } from "./level-play.js";
import type { Entry } from "./sequence.js";

const QUIT_KEYS = new Set(["q", "ctrl-c", "ctrl-d"]);

/** A level the player solved, for the `--json` summary. */
export interface SolvedLevel {
  level: string;
  moves: number;
}

/**
 * The game as a state machine over key presses: story screens, levels, and the end. It knows nothing
 * of terminals; `frame()` is the text to show after each key.
 */
export class Player {
  private index: number;
  private play: LevelPlay | null = null;
  /** The view of the pack: its input model, scenes and words, as the web player has them. */
  private readonly view: ViewContext;
  private readonly levelIds: string[];
  readonly solved: SolvedLevel[] = [];
  /** Set once the player quits or moves past the last screen. */
  finished = false;
  /** Whether the player pressed a quit key. */
  quit = false;

  constructor(
    private readonly pack: Pack,
    private readonly entries: readonly Entry[],
    start: number,
    private readonly colors: Colors,
  ) {
    this.view = createViewContext(pack);
    this.levelIds = entries.flatMap((e) => (e.type === "level" ? [e.id] : []));
    this.index = start;
    this.enter();
  }

  press(key: Key): void {
    if (this.finished) return;
    const k = key.length === 1 ? key.toLowerCase() : key;
    if (QUIT_KEYS.has(k)) {
      this.finished = true;
      this.quit = true;
      return;
    }
    const play = this.play;
    // A story screen, or a solved level, waits for any key to move on.
    if (!play || play.session.won) this.advance();
    else this.pressInLevel(play, key);
  }

  /** The screen to show, with pack prose wrapped to the pane's `columns` when they are known. */
  frame(columns?: number): string {
    if (this.finished) return this.farewell();
    const entry = this.entries[this.index];
    if (this.play) {
      const number = this.levelIds.indexOf(this.play.levelId) + 1;
      return levelFrame(
        this.play,
        {
          gameTitle: this.pack.manifest.title,
          number,
          count: this.levelIds.length,
          last: this.index === this.entries.length - 1,
        },
        this.colors,
        columns,
      );
    }
    return entry?.type === "story" ? storyFrame(entry.title, entry.text, this.colors, columns) : "";
  }

  /** The closing line. */
  farewell(): string {
    const count = `${this.solved.length} of ${plural(this.levelIds.length, "level")} solved`;
    return this.index >= this.entries.length ? `The end. ${count}. Thanks for playing!` : `Bye! ${count}.`;
  }

  /**
   * A key in a level, read through the view's input model as the web player reads it (the game's key
   * bindings, arrows/WASD, undo, redo, reset, hint), then the terminal's own: the cursor and the keys
   * the view gives actions that no default key plays.
   */
  private pressInLevel(play: LevelPlay, key: Key): void {
    const name = keyboardKey(key);
    const direction = keyDirection(this.view, name);
    const outcome = resolveGesture(this.view, { type: "key", key: name }, { selection: play.cursor });
    if (play.session.lost && outcome?.kind !== "command") {
      play.message = "The level is lost: u undoes, r restarts, h shows a hint";
      return;
    }
    const cursorMoves = play.cursorMode || (!inputModel(this.view).swipeCardinal && play.usesCursor);
    if (direction && cursorMoves) play.moveCursor(direction);
    else if (outcome?.kind === "command") play.command(outcome.command);
    else if (outcome?.kind === "action") play.act(outcome.action);
    else if (direction) play.message = "This game has no move action for that direction";
    else if (key === "t") {
      if (play.usesCursor) play.cursorMode = !play.cursorMode;
      else play.message = "No action of this game takes a position, so there is no cursor";
    } else if (key === "enter" || key === "space") play.applyAtCursor();
    else {
      const binding = play.keyed.find((b) => b.key === key);
      if (!binding) play.message = `The key ${JSON.stringify(key)} does nothing here`;
      else if (binding.positionParam === null) play.act(binding.action);
      else {
        play.selected = binding;
        play.cursorMode = true;
        play.message = `Move the cursor and press Enter or space: ${binding.label}`;
      }
    }
    if (play.session.won) this.solved.push({ level: play.levelId, moves: play.session.actionCount });
  }

  private advance(): void {
    this.index++;
    this.enter();
  }

  private enter(): void {
    const entry = this.entries[this.index];
    this.play = entry?.type === "level" ? new LevelPlay(this.view, entry.id) : null;
    if (!entry) this.finished = true;
  }
}
