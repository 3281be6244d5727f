import type { Pack } from "@gridponder/engine";
import type { Colors } from "../context.js";
import { plural } from "../plural.js";
import { type Controls, controlsOf } from "./controls.js";
import { levelFrame, storyFrame } from "./frame.js";
import type { Key } from "./keys.js";
import { LevelPlay } from "./level-play.js";
import type { Entry } from "./sequence.js";

const DIRECTION_KEYS = new Map<Key, "up" | "down" | "left" | "right">([
  ["up", "up"],
  ["down", "down"],
  ["left", "left"],
  ["right", "right"],
  ["w", "up"],
  ["s", "down"],
  ["a", "left"],
  ["d", "right"],
]);
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
  private readonly controls: Controls;
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
    this.controls = controlsOf(pack);
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
    else this.pressInLevel(play, k);
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

  private pressInLevel(play: LevelPlay, key: Key): void {
    if (play.session.lost && !["u", "r", "h"].includes(key)) {
      play.message = "The level is lost: u undoes, r restarts, h shows a hint";
      return;
    }
    const direction = DIRECTION_KEYS.get(key);
    if (direction) {
      const cursorMoves = play.cursorMode || (!this.controls.move && this.controls.usesCursor);
      if (cursorMoves) play.moveCursor(direction);
      else play.move(direction);
    } else if (key === "u") play.undo();
    else if (key === "r") play.reset();
    else if (key === "h") play.hint();
    else if (key === "t") {
      if (this.controls.usesCursor) play.cursorMode = !play.cursorMode;
      else play.message = "No action of this game takes a position, so there is no cursor";
    } else if (key === "enter" || key === "space") play.applyAtCursor();
    else {
      const binding = this.controls.bindings.find((b) => b.key === key);
      if (!binding) play.message = `The key ${JSON.stringify(key)} does nothing here`;
      else if (binding.positionParam === null) play.act(binding.action);
      else {
        play.selected = binding;
        play.cursorMode = true;
        play.message = `Move the cursor and press Enter or space to ${binding.label}`;
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
    this.play = entry?.type === "level" ? new LevelPlay(this.pack, entry.id, this.controls) : null;
    if (!entry) this.finished = true;
  }
}
