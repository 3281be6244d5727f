import type {
  BoardRenderer,
  BoardRendererOptions,
  BoardView,
  Cell,
  Gesture,
  Scene,
  Timeline,
  Track,
} from "@gridponder/view";
import { Color, OrthographicCamera, Scene as ThreeScene, type WebGLRenderer } from "three";
import { BatchPool } from "./batches.js";
import { aimCamera } from "./camera-rig.js";
import { Decorations } from "./decorations.js";
import { type CameraFit, cellToScreen, fitCamera, projectionOf } from "./iso.js";
import { cellOnSurface } from "./pick-surface.js";
import { Playback } from "./playback.js";
import { PointerGestures } from "./pointer.js";
import { backgroundOf } from "./scene-actors.js";
import { ActorStage } from "./stage.js";
import { pixelRatioOf, watchViewport } from "./viewport.js";
import { createBoardCanvas } from "./webgl.js";

export interface IsoRendererOptions extends BoardRendererOptions<HTMLElement> {
  /** Whether swipes may be diagonal (the pack binds `swipe_diagonal`); also settable later. */
  readonly diagonalSwipes?: boolean;
  /** Multisampling; by default on below a pixel ratio of 2. */
  readonly antialias?: boolean;
  /** How the board is seen (isometric unless given); `setView` changes it. */
  readonly view?: BoardView;
}

export interface RendererInfo {
  readonly memory: { readonly geometries: number; readonly textures: number };
  readonly render: {
    readonly calls: number;
    readonly triangles: number;
    readonly points: number;
    readonly lines: number;
    readonly frame: number;
  };
}

/**
 * Draws view-model scenes as a three.js scene, isometric or seen from above, and plays their
 * timelines. Frames are drawn on demand: while a timeline plays, and once after anything changes.
 */
export class IsoRenderer implements BoardRenderer {
  /** Whether swipes are read in eight directions (else four). */
  diagonalSwipes: boolean;
  readonly #container: HTMLElement;
  readonly #renderer: WebGLRenderer;
  /** The one three.js scene: batches, decorations and effects are all added to it. */
  readonly #root = new ThreeScene();
  readonly #camera = new OrthographicCamera();
  readonly #pool: BatchPool;
  readonly #stage: ActorStage;
  readonly #decorations: Decorations;
  readonly #playback: Playback;
  readonly #pointer: PointerGestures;
  readonly #unwatchViewport: () => void;
  readonly #onGesture: ((gesture: Gesture) => void) | undefined;
  readonly #reducedMotionOption: boolean | undefined;
  readonly #pixelRatioOption: number | undefined;
  #scene: Scene | null = null;
  #fit: CameraFit = fitCamera(1, 1, 1, 1);
  #frameRequest = 0;
  #disposed = false;
  #lastFrame = 0;
  /** Poses the running timeline's pieces; one closure for every frame rather than one per frame. */
  readonly #pose = (t: number): void => {
    if (this.#scene) this.#stage.animate(this.#scene, t);
  };

  constructor(options: IsoRendererOptions) {
    this.#container = options.container;
    this.#onGesture = options.onGesture;
    this.#reducedMotionOption = options.reducedMotion;
    this.#pixelRatioOption = options.pixelRatio;
    this.diagonalSwipes = options.diagonalSwipes ?? false;
    // Multisampling smooths the forms' edges at ordinary pixel ratios; at 2x and above it is not worth its cost.
    const ratio = pixelRatioOf(options.pixelRatio);
    this.#renderer = createBoardCanvas(this.#container, options.antialias ?? ratio < 2);
    this.#pool = new BatchPool(this.#root, options.assetUrl, () => this.#requestFrame());
    this.#stage = new ActorStage(this.#pool);
    this.#stage.projection = projectionOf(options.view ?? "isometric");
    this.#decorations = new Decorations(this.#root);
    this.#playback = new Playback(this.#pool);
    this.#pointer = new PointerGestures(this.#renderer.domElement, {
      cellAt: (x, y) => this.cellAt(x, y),
      diagonal: () => this.diagonalSwipes,
      projection: () => this.#stage.projection,
      // Input during an animation skips to its end, so a tap is read on the settled board.
      settle: () => this.finish(),
      emit: (g) => this.#onGesture?.(g),
    });
    this.#unwatchViewport = watchViewport(this.#container, options.pixelRatio, () => this.resize());
    this.resize();
  }

  /** Whether a timeline is playing. */
  get animating(): boolean {
    return this.#playback.active;
  }

  /** Milliseconds of main-thread work (pose updates and the render call) of the last drawn frame. */
  get lastFrameMs(): number {
    return this.#lastFrame;
  }

  /** GPU memory held and the work of the last drawn frame. */
  get info(): RendererInfo {
    const { memory, render } = this.#renderer.info;
    return {
      memory: { geometries: memory.geometries, textures: memory.textures },
      render: {
        calls: render.calls,
        triangles: render.triangles,
        points: render.points,
        lines: render.lines,
        frame: render.frame,
      },
    };
  }

  /** How the board is seen. */
  get view(): BoardView {
    return this.#stage.projection.view;
  }

  /** Turns the camera to `view`: the board is refitted and redrawn at rest (a running timeline ends). */
  setView(view: BoardView): void {
    if (this.#disposed || view === this.view) return;
    this.#playback.stop();
    this.#stage.projection = projectionOf(view);
    this.resize();
    if (this.#scene) this.#build(this.#scene, []);
    this.#requestFrame();
  }

  /** Shows a scene at rest, replacing what was drawn (and ending a running timeline). */
  setScene(scene: Scene): void {
    if (this.#disposed) return;
    this.#playback.stop();
    this.#build(scene, []);
    this.#requestFrame();
  }

  /** Plays a timeline from its `from` to its `to` scene; resolves when it ends or is finished. */
  play(timeline: Timeline): Promise<void> {
    if (this.#disposed) return Promise.resolve();
    this.finish();
    if (this.#reducedMotion() || timeline.durationMs <= 0) {
      this.setScene(timeline.to);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.#build(timeline.to, timeline.tracks);
      this.#playback.start(timeline, this.#scene, resolve, this.#stage.projection);
      this.#requestFrame();
    });
  }

  /** Jumps to the end of the running timeline. */
  finish(): void {
    const stopped = this.#playback.stop();
    if (!stopped) return;
    this.#build(stopped.to, []);
    this.#requestFrame();
  }

  /** Refits the camera to the container (called by a ResizeObserver; call it after other layout changes). */
  resize(): void {
    if (this.#disposed) return;
    const width = Math.max(1, this.#container.clientWidth);
    const height = Math.max(1, this.#container.clientHeight);
    const ratio = pixelRatioOf(this.#pixelRatioOption);
    this.#renderer.setPixelRatio(ratio);
    this.#renderer.setSize(width, height, false);
    const scene = this.#scene;
    this.#fit = fitCamera(scene?.width ?? 1, scene?.height ?? 1, width, height, {
      pixelRatio: ratio,
      projection: this.#stage.projection,
    });
    aimCamera(this.#camera, this.#fit);
    this.#requestFrame();
  }

  /** The board cell under a client point (on the ground's top face), or null off the board. */
  cellAt(clientX: number, clientY: number): Cell | null {
    const scene = this.#scene;
    if (!scene) return null;
    const rect = this.#renderer.domElement.getBoundingClientRect();
    return cellOnSurface(this.#stage.surface, this.#fit, scene, clientX - rect.left, clientY - rect.top);
  }

  /**
   * CSS px, relative to the container's top-left, of a cell's centre on the ground's top face
   * (or `height` cells above it).
   */
  project(cell: Cell, height = 0): { x: number; y: number } {
    const scene = this.#scene;
    const p = cellToScreen(this.#fit, scene?.width ?? 1, scene?.height ?? 1, cell[0], cell[1], height);
    const canvas = this.#renderer.domElement.getBoundingClientRect();
    const box = this.#container.getBoundingClientRect();
    return { x: p.x + canvas.left - box.left, y: p.y + canvas.top - box.top };
  }

  /** Draws one frame now (advancing a running timeline to the current time). */
  render(): void {
    if (this.#disposed) return;
    this.#frame(performance.now());
  }

  /** Resolves once every sprite image requested so far has loaded (or failed). */
  whenReady(): Promise<void> {
    return this.#pool.whenLoaded();
  }

  /** Frees every GPU resource and listener and removes the canvas. */
  dispose(): void {
    if (this.#disposed) return;
    this.#playback.stop();
    this.#disposed = true;
    if (this.#frameRequest) cancelAnimationFrame(this.#frameRequest);
    this.#frameRequest = 0;
    this.#unwatchViewport();
    this.#pointer.dispose();
    this.#decorations.clear();
    this.#pool.dispose();
    this.#stage.clear();
    this.#scene = null;
    this.#renderer.dispose();
    this.#renderer.forceContextLoss();
    this.#renderer.domElement.remove();
  }

  // -------------------------------------------------------------------------------------------------

  #reducedMotion(): boolean {
    if (this.#reducedMotionOption !== undefined) return this.#reducedMotionOption;
    return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  #requestFrame(): void {
    if (this.#frameRequest || this.#disposed) return;
    this.#frameRequest = requestAnimationFrame((now) => {
      this.#frameRequest = 0;
      this.#frame(now);
    });
  }

  #frame(now: number): void {
    const begin = performance.now();
    const ended = this.#playback.advance(now, this.#pose);
    if (ended) this.#build(ended.to, []);
    this.#renderer.render(this.#root, this.#camera);
    this.#lastFrame = performance.now() - begin;
    if (this.#playback.active) this.#requestFrame();
  }

  /** Realises `scene` with `tracks` animating the pieces they name. */
  #build(scene: Scene, tracks: readonly Track[]): void {
    const sizeChanged =
      !this.#scene || this.#scene.width !== scene.width || this.#scene.height !== scene.height;
    this.#scene = scene;
    if (sizeChanged) this.resize();
    const bg = backgroundOf(scene);
    this.#renderer.setClearColor(new Color(bg[0], bg[1], bg[2]), 1);
    this.#stage.show(scene, tracks);
    this.#decorations.show(scene, this.#stage.heights);
  }
}
