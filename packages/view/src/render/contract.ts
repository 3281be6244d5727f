/**
 * What every renderer of the view model implements. The view names the contract so that renderers
 * depend on the view and their drawing library only, never on each other. No DOM type appears here:
 * an interactive renderer says what it draws into through `Container` (an `HTMLElement` in a browser).
 * @module
 */
import type { BoardView } from "../board-view.js";
import type { Cell, Gesture, Scene, SpriteRef, Timeline } from "../types.js";

/**
 * What a player needs of a board renderer. The three.js `IsoRenderer` is one; a player may bring
 * others (a 2D canvas fallback for browsers without WebGL) and swap them behind this interface.
 */
export interface BoardRenderer {
  /** Shows a scene at rest, replacing what was drawn (and ending a running timeline). */
  setScene(scene: Scene): void;
  /** Plays a timeline from its `from` to its `to` scene; resolves when it ends or is finished. */
  play(timeline: Timeline): Promise<void>;
  /** Jumps to the end of the running timeline. */
  finish(): void;
  /** Whether a timeline is playing. */
  readonly animating: boolean;
  /** Refits the drawing to the container. */
  resize(): void;
  /** The board cell under a client point, or null off the board. */
  cellAt(clientX: number, clientY: number): Cell | null;
  /** A cell's centre in CSS px relative to the container. */
  project(cell: Cell): { x: number; y: number };
  /** Frees everything the renderer holds and removes its canvas. */
  dispose(): void;
  /** Whether a drag may mean a diagonal swipe (the pack binds one). */
  diagonalSwipes: boolean;
  /** Resolves once every image requested so far has loaded or failed. */
  whenReady(): Promise<void>;
  /** How the board is seen: swipes are read, and pads drawn, as this view shows directions. */
  readonly view: BoardView;
  /** Present on renderers that can show the board either way; redraws the current scene in `view`. */
  setView?(view: BoardView): void;
}

/** What every board renderer is made with; `Container` is the element it draws into. */
export interface BoardRendererOptions<Container = unknown> {
  readonly container: Container;
  /** The URL of a sprite file. */
  readonly assetUrl: (ref: SpriteRef) => string;
  /** Swipes and taps on the board. */
  readonly onGesture?: (gesture: Gesture) => void;
  /** Snap instead of animating; by default the `prefers-reduced-motion` media query decides. */
  readonly reducedMotion?: boolean;
  /** Device pixels per CSS px; by default `devicePixelRatio`. */
  readonly pixelRatio?: number;
}
