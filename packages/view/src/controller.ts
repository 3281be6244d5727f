/**
 * The view controller: an engine session plus everything a player shows of it. It keeps the scene
 * with its visual ids in step with the session (turns, undo, redo, reset) and hands out the timeline
 * of each change for a renderer to play.
 * @module
 */
import { type ActionInput, type GameAction, type Pack, Session, type TurnResult } from "@gridponder/engine";
import { createViewContext, type ViewContext } from "./context.js";
import { buildHud, followsGoldPath, goldActions, nextHintStop } from "./hud.js";
import { inputModel, needsSelection, resolveGesture } from "./input.js";
import { buildScene } from "./scene.js";
import { advanceScene } from "./timeline.js";
import { transitionScene } from "./transition.js";
import type {
  AssetCatalog,
  Cell,
  Command,
  Gesture,
  Hud,
  InputModel,
  Piece,
  Scene,
  Timeline,
} from "./types.js";

/** Options of a {@link ViewController}. */
export interface ViewControllerOptions {
  readonly assets?: AssetCatalog;
  /** Every timeline snaps (duration 0). */
  readonly reducedMotion?: boolean;
}

/** What {@link ViewController.handle} did with a gesture. */
export type HandleOutcome =
  | {
      readonly kind: "action";
      readonly action: ActionInput;
      readonly result: TurnResult;
      /** `null` when the engine refused the action. */
      readonly timeline: Timeline | null;
    }
  | {
      readonly kind: "command";
      readonly command: Exclude<Command, "hint">;
      readonly timeline: Timeline | null;
    }
  | {
      readonly kind: "hint";
      /** The reset played first when the history had left the gold path, else `null`. */
      readonly timeline: Timeline | null;
      /** The gold-path actions the hint plays next, for the caller to `act` one by one. */
      readonly actions: readonly ActionInput[];
    }
  | { readonly kind: "select"; readonly cell: Cell | null }
  | null;

/** What {@link ViewController.fastForward} played. */
export interface FastForwardResult {
  /** How many actions were played: the first `played` of those given. */
  readonly played: number;
  /** The index of the action the engine refused (the replay stopped there), or `null`. */
  readonly refused: number | null;
}

/** A hint: whether the level must start over first, and the gold-path actions to play. */
export interface HintPlan {
  readonly reset: boolean;
  readonly actions: readonly ActionInput[];
}

/**
 * A playable level as a player shows it. The scene history runs alongside the session's: undo brings
 * back the very scene (ids included) that preceded a turn, so the pieces of that turn slide back. Turns
 * played by {@link ViewController.fastForward} keep no scene: undoing one builds the scene of the
 * state it returns to.
 */
export class ViewController {
  readonly session: Session;
  readonly ctx: ViewContext;
  readonly input: InputModel;
  reducedMotion: boolean;
  private current: Scene;
  private readonly initial: Scene;
  /** The scenes before the newest turns of the session's history, oldest first. */
  private past: Scene[] = [];
  private future: Scene[] = [];
  /** How many of the oldest turns of the session's history have no scene in `past` (fast-forwarded). */
  private sceneless = 0;
  private selectionCell: Cell | null = null;

  constructor(pack: Pack, levelId: string, options: ViewControllerOptions = {}) {
    this.session = new Session(pack, levelId);
    this.ctx = createViewContext(pack, options.assets);
    this.input = inputModel(this.ctx);
    this.reducedMotion = options.reducedMotion === true;
    this.initial = buildScene(this.ctx, this.session.level, this.session.state);
    this.current = this.initial;
  }

  /** The scene of the current state, with the visual ids carried through the turns played. */
  get scene(): Scene {
    return this.current;
  }

  /** The selected cell (games whose swipes move the block on a selected cell), or `null`. */
  get selection(): Cell | null {
    return this.selectionCell;
  }

  hud(): Hud {
    return buildHud(this.ctx, this.session);
  }

  /** Plays an action: the turn's result and its timeline (`null` when the engine refused it). */
  act(action: GameAction): { result: TurnResult; timeline: Timeline | null } {
    const result = this.session.act(action);
    if (!result.accepted) return { result, timeline: null };
    const { scene, timeline } = advanceScene(this.ctx, this.session.level, this.current, result, {
      reducedMotion: this.reducedMotion,
    });
    this.past.push(this.current);
    this.future = [];
    this.current = scene;
    this.followSelection();
    return { result, timeline };
  }

  /**
   * Plays `actions` in order without a scene or timeline per turn, for long replays (a saved game, a
   * shared link): a scene per turn costs memory in proportion to the board's size, so only the end
   * state's scene is built, and the turns keep none (see {@link ViewController.undo}). Stops at the
   * first action the engine refuses.
   */
  fastForward(actions: readonly GameAction[]): FastForwardResult {
    let played = 0;
    for (const action of actions) {
      if (!this.session.act(action).accepted) break;
      played++;
    }
    if (played > 0) {
      // The history below the played turns keeps no scenes either: undo builds each when it gets there.
      this.sceneless += this.past.length + played;
      this.past = [];
      this.future = [];
      this.selectionCell = null;
      this.current = this.marked(buildScene(this.ctx, this.session.level, this.session.state));
    }
    return { played, refused: played < actions.length ? played : null };
  }

  /** How many scenes the controller keeps for undo and redo (none for fast-forwarded turns). */
  get keptScenes(): number {
    return this.past.length + this.future.length;
  }

  undo(): Timeline | null {
    if (this.past.length === 0 && this.sceneless > 0) {
      // A fast-forwarded turn: its scene is built now, from the state the session steps back to.
      if (!this.session.undo()) return null;
      this.sceneless--;
      this.future.push(this.current);
      return this.show(buildScene(this.ctx, this.session.level, this.session.state), "undo");
    }
    return this.travel(this.past, this.future, () => this.session.undo(), "undo");
  }

  redo(): Timeline | null {
    return this.travel(this.future, this.past, () => this.session.redo(), "redo");
  }

  /**
   * Undo or redo: when the session can step (`step`), the scene on top of `source` comes back and the
   * current one goes onto `other`. `null` when there is nothing to step to.
   */
  private travel(
    source: Scene[],
    other: Scene[],
    step: () => boolean,
    cause: "undo" | "redo",
  ): Timeline | null {
    const scene = source[source.length - 1];
    if (!scene || !step()) return null;
    source.pop();
    other.push(this.current);
    return this.show(scene, cause);
  }

  /** Starts the level over; `null` when there was nothing to reset. */
  reset(): Timeline | null {
    if (this.past.length === 0 && this.future.length === 0 && this.sceneless === 0) return null;
    this.session.reset();
    this.past = [];
    this.future = [];
    this.sceneless = 0;
    return this.show(this.initial, "reset");
  }

  /**
   * The gold-path actions from the current history to the next hint stop (or to the end of the gold
   * path). Empty when the history has left the gold path (see {@link ViewController.hintPlan}) or the level
   * is over.
   */
  hintActions(): ActionInput[] {
    const level = this.session.level;
    const played = this.session.actions;
    if (this.session.won || this.session.lost || !followsGoldPath(level, played)) return [];
    return this.goldFrom(played.length);
  }

  /**
   * What a hint does: on the gold path, the actions to the next stop; off it (or after a loss), start
   * over and play the actions to the first stop. Nothing once the level is won.
   */
  hintPlan(): HintPlan {
    if (this.session.won) return { reset: false, actions: [] };
    const actions = this.hintActions();
    if (actions.length > 0) return { reset: false, actions };
    return { reset: true, actions: this.goldFrom(0) };
  }

  private goldFrom(played: number): ActionInput[] {
    const level = this.session.level;
    return goldActions(level).slice(played, nextHintStop(level, played));
  }

  /**
   * Turns a gesture into what it does: plays an action, runs undo/redo/reset, prepares a hint (after
   * a reset when one is needed), or, in games whose swipes move a selected block, selects the tapped
   * cell. `null` when the gesture does nothing here.
   */
  handle(gesture: Gesture): HandleOutcome {
    const outcome = resolveGesture(this.ctx, gesture, { selection: this.selectionCell });
    if (outcome === null) {
      if (gesture.type === "tap" && needsSelection(this.ctx)) return this.select(gesture.cell);
      return null;
    }
    if (outcome.kind === "action") {
      const { result, timeline } = this.act(outcome.action);
      return { kind: "action", action: outcome.action, result, timeline };
    }
    switch (outcome.command) {
      case "undo":
        return { kind: "command", command: "undo", timeline: this.undo() };
      case "redo":
        return { kind: "command", command: "redo", timeline: this.redo() };
      case "reset":
        return { kind: "command", command: "reset", timeline: this.reset() };
      case "hint": {
        const plan = this.hintPlan();
        const timeline = plan.reset ? this.reset() : null;
        return { kind: "hint", timeline, actions: plan.actions };
      }
    }
  }

  /** Selects the block on a cell (or clears the selection when none covers it). */
  select(cell: Cell | null): HandleOutcome {
    const covered = cell !== null && this.objectAt(cell) !== null;
    this.selectionCell = covered ? cell : null;
    this.current = this.marked(this.current);
    return { kind: "select", cell: this.selectionCell };
  }

  private objectAt(cell: Cell): Piece | null {
    for (const p of this.current.pieces)
      if (p.role === "multi_cell" && p.cells.some((c) => c[0] === cell[0] && c[1] === cell[1])) return p;
    return null;
  }

  /** Keeps the selection on the block it was made on after that block moved. */
  private followSelection(): void {
    if (this.selectionCell === null) return;
    const before = this.past[this.past.length - 1];
    const id = before?.pieces.find(
      (p) =>
        p.role === "multi_cell" &&
        p.cells.some((c) => c[0] === this.selectionCell?.[0] && c[1] === this.selectionCell?.[1]),
    )?.id;
    const now = id === undefined ? undefined : this.current.pieces.find((p) => p.id === id);
    const offset = before && now ? this.offsetOf(before, now) : null;
    this.selectionCell =
      offset && this.selectionCell
        ? [this.selectionCell[0] + offset[0], this.selectionCell[1] + offset[1]]
        : null;
    this.current = this.marked(this.current);
  }

  private offsetOf(before: Scene, now: Piece): Cell | null {
    const was = before.pieces.find((p) => p.id === now.id);
    return was ? [now.cell[0] - was.cell[0], now.cell[1] - was.cell[1]] : null;
  }

  /** The scene with the selection ring on the selected block only. */
  private marked(scene: Scene): Scene {
    const selected = this.selectionCell === null ? null : this.objectAt(this.selectionCell)?.id;
    if (!scene.pieces.some((p) => p.role === "multi_cell")) return scene;
    const swap = new Map<Piece, Piece>();
    for (const p of scene.pieces) {
      if (p.role !== "multi_cell") continue;
      const want = p.id === selected;
      if ((p.selected === true) !== want) swap.set(p, { ...p, selected: want });
    }
    if (swap.size === 0) return scene;
    return { ...scene, pieces: scene.pieces.map((p) => swap.get(p) ?? p) };
  }

  private show(scene: Scene, cause: "undo" | "redo" | "reset"): Timeline {
    const from = this.current;
    this.selectionCell = null;
    this.current = this.marked(scene);
    return transitionScene(this.ctx, from, this.current, cause, { reducedMotion: this.reducedMotion });
  }
}
