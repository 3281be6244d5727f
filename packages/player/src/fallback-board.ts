/**
 * The 2D board as the player uses it without WebGL: the canvas renderer's module is loaded when such a
 * board is first made, so a page whose browser has WebGL never downloads it.
 * @module
 */
import type { BoardRenderer, BoardRendererOptions, Cell, Scene, Timeline } from "@gridponder/view";
import type { CanvasRenderer } from "./canvas-renderer.js";

export class FallbackBoard implements BoardRenderer {
  #inner: CanvasRenderer | null = null;
  /** The scene to show once the renderer has loaded. */
  #scene: Scene | null = null;
  #disposed = false;
  #diagonalSwipes = false;
  /** The 2D board is drawn from above only. */
  readonly view = "top-down" as const;
  readonly #loaded: Promise<void>;

  constructor(options: BoardRendererOptions<HTMLElement>) {
    this.#loaded = import("./canvas-renderer.js").then(({ CanvasRenderer }) => {
      if (this.#disposed) return;
      const inner = new CanvasRenderer(options);
      inner.diagonalSwipes = this.#diagonalSwipes;
      this.#inner = inner;
      if (this.#scene) inner.setScene(this.#scene);
    });
  }

  get diagonalSwipes(): boolean {
    return this.#diagonalSwipes;
  }

  set diagonalSwipes(diagonal: boolean) {
    this.#diagonalSwipes = diagonal;
    if (this.#inner) this.#inner.diagonalSwipes = diagonal;
  }

  setScene(scene: Scene): void {
    this.#scene = scene;
    this.#inner?.setScene(scene);
  }

  /** Before the renderer has loaded there is nothing drawn to animate: the turn's end shows at once. */
  play(timeline: Timeline): Promise<void> {
    if (this.#inner) return this.#inner.play(timeline);
    this.#scene = timeline.to;
    return Promise.resolve();
  }

  finish(): void {
    this.#inner?.finish();
  }

  get animating(): boolean {
    return this.#inner?.animating ?? false;
  }

  resize(): void {
    this.#inner?.resize();
  }

  cellAt(clientX: number, clientY: number): Cell | null {
    return this.#inner?.cellAt(clientX, clientY) ?? null;
  }

  project(cell: Cell): { x: number; y: number } {
    return this.#inner?.project(cell) ?? { x: 0, y: 0 };
  }

  dispose(): void {
    this.#disposed = true;
    this.#inner?.dispose();
    this.#inner = null;
  }

  /** Resolves once the renderer has loaded and drawn its images. */
  async whenReady(): Promise<void> {
    await this.#loaded;
    await this.#inner?.whenReady();
  }
}
