import type { Cell, Gesture, Scene, SpriteRef, Timeline } from "@gridponder/view";

/** What the player needs of a board renderer: the 3D `IsoRenderer` and the 2D fallback both fit. */
export interface BoardRenderer {
  setScene(scene: Scene): void;
  play(timeline: Timeline): Promise<void>;
  /** Jumps to the end of the running timeline. */
  finish(): void;
  readonly animating: boolean;
  resize(): void;
  cellAt(clientX: number, clientY: number): Cell | null;
  /** A cell's centre in CSS px relative to the container. */
  project(cell: Cell): { x: number; y: number };
  dispose(): void;
  /** Whether a drag may mean a diagonal swipe (the pack binds one). */
  diagonalSwipes: boolean;
  /** Resolves once every image requested so far has loaded or failed. */
  whenReady(): Promise<void>;
}

export interface BoardRendererOptions {
  readonly container: HTMLElement;
  readonly assetUrl: (ref: SpriteRef) => string;
  readonly onGesture?: (gesture: Gesture) => void;
  readonly reducedMotion?: boolean;
  readonly pixelRatio?: number;
}
