import type { ActionInput, GameState, Pack, Registry, Session } from "@gridponder/engine";
import type { BoardRenderer, BoardView, Gesture, SpriteRef, ViewController } from "@gridponder/view";
import type { CompiledPack } from "./compiled-pack.js";
import type { ReplayReport } from "./replay.js";

/** Events a player sends out (as DOM `CustomEvent`s on its element, and to `onEvent`). */
export type PlayerEventType = "turn" | "won" | "lost" | "level-change";

/** What a host page needs to save progress. */
export interface PlayerEventDetail {
  readonly level: string;
  /** The accepted actions from the level's start to now (a replay for `initialActions`). */
  readonly actions: readonly ActionInput[];
  readonly moves: number;
  readonly won: boolean;
  readonly lost: boolean;
}

export interface PlayerOptions {
  readonly pack: CompiledPack;
  /**
   * The system, goal and lose condition types to play the pack with: the built-in ones by default;
   * `builtinRegistry.extend(...)` for a pack that uses custom types.
   */
  readonly registry?: Registry;
  /** The level to open (default: the first in play order). */
  readonly level?: string;
  /** The URL folder holding the compiled pack's files (where `pack.json` is). */
  readonly assetBase: string;
  /**
   * The URL of each sprite, instead of its place under `assetBase`: for packs whose images are not
   * served as files (an editor holding them in memory hands out `blob:` URLs).
   */
  readonly assetUrl?: (ref: SpriteRef) => string;
  /** `auto` (default) draws with WebGL when the browser has it, else on a 2D canvas. */
  readonly renderer?: "auto" | "webgl" | "2d";
  /**
   * Actions replayed (without animation) when the level opens, e.g. a saved game. They stop at the
   * first one the engine refuses; more than the level's share of `REPLAY_BUDGET` are not replayed at
   * all (see `setLevel`, which reports what was replayed).
   */
  readonly initialActions?: readonly ActionInput[];
  /** Snap instead of animating; defaults to the `prefers-reduced-motion` media query. */
  readonly reducedMotion?: boolean;
  /** Show the pack's story screens before levels (default true). */
  readonly story?: boolean;
  /**
   * How the 3D board is first shown: `isometric` or `top-down` (by default the theme's
   * `boardStyle.view`). The player may switch; a host remembering the choice passes it back here.
   */
  readonly view?: BoardView;
  /** Called when the player switches the view (also sent as a `view-change` DOM event). */
  readonly onViewChange?: (view: BoardView) => void;
  readonly onEvent?: (type: PlayerEventType, detail: PlayerEventDetail) => void;
}

export interface PlayerHandle {
  readonly level: string;
  readonly pack: Pack;
  readonly session: Session;
  readonly state: GameState;
  readonly controller: ViewController;
  /** Which board is drawing. */
  readonly rendererKind: "webgl" | "2d";
  readonly renderer: BoardRenderer;
  /** How the board is seen (always `top-down` on the 2D board). */
  readonly view: BoardView;
  /** Shows the board in `view`, as the player's toggle does; the 2D board has only the top-down view. */
  setView(view: BoardView): void;
  /** Plays an action; resolves with whether it was accepted, once its animation has ended. */
  act(action: ActionInput): Promise<boolean>;
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  reset(): Promise<boolean>;
  /** Plays the gold path up to the next hint stop, animated; resolves with the number of actions played. */
  hint(): Promise<number>;
  /** Handles a gesture as if the player made it (keys, swipes, taps, buttons). */
  gesture(gesture: Gesture): void;
  /**
   * Opens a level, replaying `initialActions` as `PlayerOptions.initialActions` does, and reports how
   * many were replayed and why not all (a refused action, or more than the replay budget allows).
   */
  setLevel(
    levelId: string,
    options?: { initialActions?: readonly ActionInput[]; story?: boolean },
  ): ReplayReport;
  /** A cell's centre in viewport CSS px (for pointer input and pixel checks). */
  cellCenter(cell: readonly [number, number]): { x: number; y: number };
  /** Resolves when no animation or hint is running. */
  idle(): Promise<void>;
  destroy(): void;
}
