import {
  type Appearance,
  type Cell,
  createTrackSample,
  type EffectStep,
  type Gesture,
  type Piece,
  type Pose,
  type Scene,
  type SpriteRef,
  sampleInto,
  type Timeline,
  type Track,
  type TrackSample,
} from "@gridponder/view";
import {
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  LinearSRGBColorSpace,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  Scene as ThreeScene,
  Vector3,
  Vector4,
  WebGLRenderer,
} from "three";
import { Batch } from "./batch.js";
import type { BoardRenderer, BoardRendererOptions } from "./board-renderer.js";
import { mixRgb, parseColor, type Rgb } from "./color.js";
import { centredQuad, flatQuad, solidGeometry, standingQuad } from "./geometries.js";
import {
  type CameraFit,
  cellToScreen,
  fitCamera,
  pickCell,
  SCREEN_RIGHT,
  SCREEN_UP,
  TO_CAMERA,
} from "./iso.js";
import { ATLAS_COLUMNS, ATLAS_ROWS, LabelAtlas } from "./label-atlas.js";
import { labelMaterial, solidMaterial, spriteMaterial } from "./materials.js";
import {
  type BatchSpec,
  countInstances,
  LABEL_BATCH,
  type PartContext,
  type PartSpec,
  partsOf,
} from "./parts.js";
import { facingYaw, partMatrix, restPose } from "./placement.js";
import { PointerGestures } from "./pointer.js";
import { Shared } from "./shared.js";
import { SpriteTextures } from "./textures.js";

export interface IsoRendererOptions extends BoardRendererOptions {
  /** Whether swipes may be diagonal (the pack binds `swipe_diagonal`); also settable later. */
  readonly diagonalSwipes?: boolean;
  /** Multisampling; by default on below a pixel ratio of 2. */
  readonly antialias?: boolean;
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

/** A part realised in a batch. */
interface LivePart {
  readonly spec: PartSpec;
  readonly batch: Batch;
  slot: number;
  readonly labelSlot: number;
}

/** A drawn piece: its parts for its current appearance, and (when animated) its track. */
interface Actor {
  readonly piece: Piece;
  appearance: Appearance;
  readonly item: Appearance | null;
  readonly yaw: number;
  readonly track: Track | null;
  /** Refilled every frame while the track plays. */
  readonly sample: TrackSample | null;
  parts: LivePart[];
}

interface EffectView {
  readonly step: EffectStep;
  /** A batch of one: the shaders read per-instance data, so even a single quad is instanced. */
  readonly batch: Batch;
  readonly matrix: Float32Array;
  readonly uv: Vector4;
}

interface Playing {
  readonly timeline: Timeline;
  start: number | null;
  readonly resolve: () => void;
  readonly effects: EffectView[];
}

const ORDER_GROUND = 0;
const ORDER_PIECES = 1;
const ORDER_LABELS = 3;
const ORDER_OVERLAY = 4;
const CAMERA_DISTANCE = 200;

/**
 * Draws view-model scenes as an isometric three.js scene and plays their timelines. Frames are drawn
 * on demand: while a timeline plays, and once after anything changes.
 */
export class IsoRenderer implements BoardRenderer {
  /** Whether swipes are read in eight directions (else four). */
  diagonalSwipes: boolean;
  private readonly container: HTMLElement;
  private readonly renderer: WebGLRenderer;
  private readonly root = new ThreeScene();
  private readonly camera = new OrthographicCamera();
  private readonly textures: SpriteTextures;
  private readonly geometries = new Shared<BufferGeometry>();
  private readonly batches = new Map<string, Batch>();
  /** The sprite texture each sprite batch holds a reference to. */
  private readonly batchResources = new Map<Batch, { geometry: string; sprite: SpriteRef | null }>();
  private readonly pointer: PointerGestures;
  private readonly observer: ResizeObserver | null;
  private readonly onGesture: ((gesture: Gesture) => void) | undefined;
  private readonly reducedMotionOption: boolean | undefined;
  private readonly pixelRatioOption: number | undefined;
  private atlas: LabelAtlas | null = null;
  private scene: Scene | null = null;
  private animated: Actor[] = [];
  private decorations: {
    mesh: Mesh | LineSegments;
    geometry: BufferGeometry;
    material: { dispose(): void };
  }[] = [];
  /** Per cell, the top of the tallest solid standing on it at rest (for picking). */
  private tops = new Float32Array(1);
  private topLevels: number[] = [];
  /** Cells with an upright sprite at rest (for picking). */
  private standing: [number, number][] = [];
  private fit: CameraFit = fitCamera(1, 1, 1, 1);
  private playing: Playing | null = null;
  private frameRequest = 0;
  private disposed = false;
  private lastFrame = 0;
  private readonly matrix = new Float32Array(16);
  private mediaQuery: MediaQueryList | null = null;

  constructor(options: IsoRendererOptions) {
    this.container = options.container;
    this.onGesture = options.onGesture;
    this.reducedMotionOption = options.reducedMotion;
    this.pixelRatioOption = options.pixelRatio;
    this.diagonalSwipes = options.diagonalSwipes ?? false;
    // Multisampling smooths the forms' edges at ordinary pixel ratios; at 2x and above it is not worth its cost.
    const ratio = options.pixelRatio ?? (typeof devicePixelRatio === "number" ? devicePixelRatio : 1);
    this.renderer = new WebGLRenderer({
      antialias: options.antialias ?? ratio < 2,
      alpha: false,
      powerPreference: "low-power",
    });
    this.renderer.outputColorSpace = LinearSRGBColorSpace;
    this.renderer.sortObjects = true;
    const canvas = this.renderer.domElement;
    canvas.style.display = "block";
    canvas.style.width = "100%";
    canvas.style.height = "100%";
    canvas.style.touchAction = "none";
    if (getComputedStyle(this.container).position === "static") this.container.style.position = "relative";
    this.container.appendChild(canvas);
    this.textures = new SpriteTextures(options.assetUrl, () => this.requestFrame());
    this.pointer = new PointerGestures(canvas, {
      cellAt: (x, y) => this.cellAt(x, y),
      diagonal: () => this.diagonalSwipes,
      // Input during an animation skips to its end, so a tap is read on the settled board.
      settle: () => this.finish(),
      emit: (g) => this.onGesture?.(g),
    });
    this.observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => this.resize());
    this.observer?.observe(this.container);
    this.watchPixelRatio();
    this.resize();
  }

  /** Whether a timeline is playing. */
  get animating(): boolean {
    return this.playing !== null;
  }

  /** Milliseconds of main-thread work (pose updates and the render call) of the last drawn frame. */
  get lastFrameMs(): number {
    return this.lastFrame;
  }

  /** GPU memory held and the work of the last drawn frame. */
  get info(): RendererInfo {
    const { memory, render } = this.renderer.info;
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

  /** Shows a scene at rest, replacing what was drawn (and ending a running timeline). */
  setScene(scene: Scene): void {
    if (this.disposed) return;
    if (this.playing) this.stop();
    this.build(scene, []);
    this.requestFrame();
  }

  /** Plays a timeline from its `from` to its `to` scene; resolves when it ends or is finished. */
  play(timeline: Timeline): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.playing) this.finish();
    if (this.reducedMotion() || timeline.durationMs <= 0) {
      this.setScene(timeline.to);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.build(timeline.to, timeline.tracks);
      this.playing = {
        timeline,
        start: null,
        resolve,
        effects: timeline.effects.map((e) => this.effectView(e)),
      };
      this.requestFrame();
    });
  }

  /** Jumps to the end of the running timeline. */
  finish(): void {
    const playing = this.playing;
    if (!playing) return;
    this.stop();
    this.build(playing.timeline.to, []);
    this.requestFrame();
  }

  /** Refits the camera to the container (called by a ResizeObserver; call it after other layout changes). */
  resize(): void {
    if (this.disposed) return;
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    const ratio = this.pixelRatioOption ?? (typeof devicePixelRatio === "number" ? devicePixelRatio : 1);
    this.renderer.setPixelRatio(ratio);
    this.renderer.setSize(width, height, false);
    const scene = this.scene;
    this.fit = fitCamera(scene?.width ?? 1, scene?.height ?? 1, width, height, { pixelRatio: ratio });
    this.placeCamera();
    this.requestFrame();
  }

  /** The board cell under a client point (on the ground's top face), or null off the board. */
  cellAt(clientX: number, clientY: number): Cell | null {
    const scene = this.scene;
    if (!scene) return null;
    const rect = this.renderer.domElement.getBoundingClientRect();
    const tops = this.tops;
    return pickCell(
      this.fit,
      scene.width,
      scene.height,
      clientX - rect.left,
      clientY - rect.top,
      this.topLevels,
      (x, y) => tops[y * scene.width + x] ?? 0,
      this.standing,
    );
  }

  /**
   * CSS px, relative to the container's top-left, of a cell's centre on the ground's top face
   * (or `height` cells above it).
   */
  project(cell: Cell, height = 0): { x: number; y: number } {
    const scene = this.scene;
    const p = cellToScreen(this.fit, scene?.width ?? 1, scene?.height ?? 1, cell[0], cell[1], height);
    const canvas = this.renderer.domElement.getBoundingClientRect();
    const box = this.container.getBoundingClientRect();
    return { x: p.x + canvas.left - box.left, y: p.y + canvas.top - box.top };
  }

  /** Draws one frame now (advancing a running timeline to the current time). */
  render(): void {
    if (this.disposed) return;
    this.frame(performance.now());
  }

  /** Resolves once every sprite image requested so far has loaded (or failed). */
  whenReady(): Promise<void> {
    return this.textures.whenLoaded();
  }

  /** Frees every GPU resource and listener and removes the canvas. */
  dispose(): void {
    if (this.disposed) return;
    if (this.playing) this.stop();
    this.disposed = true;
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.observer?.disconnect();
    this.mediaQuery?.removeEventListener("change", this.onPixelRatioChange);
    this.pointer.dispose();
    this.clearDecorations();
    for (const batch of this.batches.values()) this.disposeBatch(batch);
    this.batches.clear();
    this.geometries.disposeAll();
    this.atlas?.dispose();
    this.atlas = null;
    this.textures.dispose();
    this.animated = [];
    this.scene = null;
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }

  // -------------------------------------------------------------------------------------------------

  /** A resolution query matches only the current ratio, so each change re-arms it for the new one. */
  private watchPixelRatio(): void {
    this.mediaQuery?.removeEventListener("change", this.onPixelRatioChange);
    this.mediaQuery =
      typeof matchMedia === "function" && this.pixelRatioOption === undefined
        ? matchMedia(`(resolution: ${devicePixelRatio}dppx)`)
        : null;
    this.mediaQuery?.addEventListener("change", this.onPixelRatioChange);
  }

  private readonly onPixelRatioChange = (): void => {
    this.watchPixelRatio();
    this.resize();
  };

  private reducedMotion(): boolean {
    if (this.reducedMotionOption !== undefined) return this.reducedMotionOption;
    return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  private requestFrame(): void {
    if (this.frameRequest || this.disposed) return;
    this.frameRequest = requestAnimationFrame((now) => {
      this.frameRequest = 0;
      this.frame(now);
    });
  }

  private frame(now: number): void {
    const begin = performance.now();
    const playing = this.playing;
    if (playing) {
      if (playing.start === null) playing.start = now;
      const t = now - playing.start;
      if (t >= playing.timeline.durationMs) {
        this.stop();
        this.build(playing.timeline.to, []);
      } else {
        this.animate(t);
        for (const effect of playing.effects) this.animateEffect(effect, t);
      }
    }
    this.renderer.render(this.root, this.camera);
    this.lastFrame = performance.now() - begin;
    if (this.playing) this.requestFrame();
  }

  private stop(): void {
    const playing = this.playing;
    if (!playing) return;
    this.playing = null;
    for (const effect of playing.effects) {
      effect.batch.dispose();
      this.geometries.release("centred");
      this.textures.release(effect.step.sheet);
    }
    playing.resolve();
  }

  private placeCamera(): void {
    const { zoom, u0, v0, viewWidth, viewHeight } = this.fit;
    const cam = this.camera;
    cam.left = -viewWidth / 2 / zoom;
    cam.right = viewWidth / 2 / zoom;
    cam.top = viewHeight / 2 / zoom;
    cam.bottom = -viewHeight / 2 / zoom;
    cam.near = 1;
    cam.far = CAMERA_DISTANCE * 2;
    const target = new Vector3(
      u0 * SCREEN_RIGHT[0] + v0 * SCREEN_UP[0],
      u0 * SCREEN_RIGHT[1] + v0 * SCREEN_UP[1],
      u0 * SCREEN_RIGHT[2] + v0 * SCREEN_UP[2],
    );
    cam.position.set(
      target.x + TO_CAMERA[0] * CAMERA_DISTANCE,
      target.y + TO_CAMERA[1] * CAMERA_DISTANCE,
      target.z + TO_CAMERA[2] * CAMERA_DISTANCE,
    );
    cam.up.set(0, 1, 0);
    cam.lookAt(target);
    cam.updateProjectionMatrix();
    cam.updateMatrixWorld();
  }

  // ---- building --------------------------------------------------------------------------------

  private partContext(scene: Scene): PartContext {
    const background = parseColor(scene.theme.backgroundColor, [0.1, 0.1, 0.12]);
    return {
      seams: scene.theme.board.showGridLines,
      groundBody: toHex(mixRgb(background, [0.45, 0.42, 0.38], 0.6)),
    };
  }

  /**
   * Realises `scene` with `tracks` animating the pieces they name (the scene's own piece of a tracked id
   * is left out: the track draws it). Batches are reused by key and freed when no longer needed.
   */
  private build(scene: Scene, tracks: readonly Track[]): void {
    const sizeChanged = !this.scene || this.scene.width !== scene.width || this.scene.height !== scene.height;
    this.scene = scene;
    if (sizeChanged) this.resize();
    const bg = parseColor(scene.theme.backgroundColor, [0.1, 0.1, 0.12]);
    this.renderer.setClearColor(new Color(bg[0], bg[1], bg[2]), 1);
    const context = this.partContext(scene);

    const tracked = new Set(tracks.map((t) => t.id));
    const actors: Actor[] = [];
    const facing = facingYaw(scene.avatar?.facing);
    const avatarShown = scene.avatar ? scene.avatar.visible && scene.theme.avatarVisible : false;
    const grounded = new Set<number>();
    const noteGround = (piece: Piece) => {
      if (piece.role === "ground") grounded.add(piece.cell[1] * scene.width + piece.cell[0]);
    };
    for (const piece of scene.pieces) {
      if (tracked.has(piece.id)) continue;
      if (piece.role === "avatar" && !avatarShown) continue;
      noteGround(piece);
      actors.push(this.actorFor(scene, piece, null, facing));
    }
    for (const track of tracks) {
      if (track.piece.role === "avatar" && !avatarShown) continue;
      noteGround(track.piece);
      actors.push(this.actorFor(scene, track.piece, track, facing));
    }
    actors.unshift(...this.floorActors(scene, grounded));

    // Capacity: every appearance an actor can take during the timeline.
    const lists: PartSpec[][] = [];
    for (const actor of actors) {
      lists.push(partsOf(actor.piece, actor.appearance, context, actor.item));
      if (actor.track)
        for (const key of actor.track.keys)
          if (key.appearance) lists.push(partsOf(actor.piece, key.appearance, context, actor.item));
    }
    const needed = countInstances(lists);
    this.prepareLabels(lists);
    for (const [key, batch] of this.batches)
      if (!needed.has(key)) {
        this.disposeBatch(batch);
        this.batches.delete(key);
      }
    for (const [key, { spec, count }] of needed) {
      const existing = this.batches.get(key);
      if (existing && existing.capacity >= count && existing.capacity <= Math.max(64, count * 4)) {
        existing.clear();
        continue;
      }
      // Created before the old one goes, so shared geometry and textures are not freed and remade.
      this.batches.set(key, this.createBatch(spec, nextCapacity(count)));
      if (existing) this.disposeBatch(existing);
    }
    if (!this.batches.has("label") && this.atlas) {
      this.atlas.dispose();
      this.atlas = null;
    }

    this.measureTops(scene, actors, context);
    this.animated = [];
    for (const actor of actors) {
      actor.parts = this.realise(actor, actor.appearance, context);
      if (actor.track) {
        this.animated.push(actor);
        this.animateActor(actor, 0, context);
      } else this.place(actor, restPose(actor.piece.cell[0], actor.piece.cell[1]), 1);
    }
    this.buildDecorations(scene);
  }

  private measureTops(scene: Scene, actors: readonly Actor[], context: PartContext): void {
    const tops = new Float32Array(scene.width * scene.height);
    const levels = new Set<number>();
    const standing: [number, number][] = [];
    for (const actor of actors) {
      if (actor.piece.role === "ground") continue;
      for (const spec of partsOf(actor.piece, actor.appearance, context)) {
        if (spec.mode === "standing" && spec.y === 0)
          standing.push([actor.piece.cell[0], actor.piece.cell[1]]);
        if (spec.mode !== "solid" || spec.batch.type !== "solid" || spec.batch.form === "ring") continue;
        const x = actor.piece.cell[0] + spec.ox;
        const y = actor.piece.cell[1] + spec.oy;
        if (x < 0 || y < 0 || x >= scene.width || y >= scene.height) continue;
        const top = spec.y + spec.sy;
        const i = y * scene.width + x;
        if (top > (tops[i] ?? 0)) tops[i] = top;
        levels.add(top);
      }
    }
    this.tops = tops;
    this.topLevels = [...levels];
    this.standing = standing;
  }

  private actorFor(scene: Scene, piece: Piece, track: Track | null, facing: number): Actor {
    let appearance = piece.appearance;
    let item: Appearance | null = null;
    let yaw = 0;
    if (piece.role === "avatar" && scene.avatar) {
      const avatar = scene.avatar;
      if (avatar.sprite && !track)
        appearance = { ...appearance, sprite: avatar.sprite, mirror: avatar.mirror };
      item = avatar.item?.appearance ?? null;
      yaw = facing;
    }
    return { piece, appearance, item, yaw, track, sample: track ? createTrackSample() : null, parts: [] };
  }

  /** Plain floor tiles under cells that have no ground piece and are not void. */
  private floorActors(scene: Scene, grounded: Set<number>): Actor[] {
    const out: Actor[] = [];
    const bg = parseColor(scene.theme.backgroundColor, [0.1, 0.1, 0.12]);
    const light = bg[0] + bg[1] + bg[2] > 1.5;
    const color = toHex(mixRgb(bg, light ? [0, 0, 0] : [1, 1, 1], 0.16));
    const appearance: Appearance = {
      sprite: null,
      mirror: false,
      display: "fill",
      form: "flat",
      color,
      text: null,
      icon: null,
      opacity: 1,
      tint: null,
      key: `@floor|${color}`,
    };
    for (let y = 0; y < scene.height; y++)
      for (let x = 0; x < scene.width; x++) {
        const i = y * scene.width + x;
        if (scene.void[i] || grounded.has(i)) continue;
        const piece: Piece = {
          id: `@floor@${x},${y}`,
          role: "ground",
          kind: "@floor",
          layer: "@floor",
          layerIndex: -1,
          cell: [x, y],
          cells: [[x, y]],
          params: {},
          tags: [],
          symbol: ".",
          name: "floor",
          appearance,
        };
        out.push({ piece, appearance, item: null, yaw: 0, track: null, sample: null, parts: [] });
      }
    return out;
  }

  private prepareLabels(lists: readonly PartSpec[][]): void {
    const labels = new Map<string, NonNullable<PartSpec["label"]>>();
    for (const parts of lists)
      for (const p of parts)
        if (p.label) labels.set(`${p.label.style}|${p.label.background}|${p.label.text}`, p.label);
    if (labels.size === 0) return;
    if (!this.atlas) this.atlas = new LabelAtlas(this.scene?.theme.text.fontFamily || "sans-serif");
    const atlas = this.atlas;
    let fresh = 0;
    for (const label of labels.values()) if (!atlas.has(label)) fresh++;
    if (atlas.size + fresh > atlas.capacity) atlas.reset();
    for (const label of labels.values()) atlas.slotOf(label);
  }

  private realise(actor: Actor, appearance: Appearance, context: PartContext): LivePart[] {
    const parts: LivePart[] = [];
    for (const spec of partsOf(actor.piece, appearance, context, actor.item)) {
      const batch = this.batches.get(spec.batch.key);
      if (!batch || batch.free <= 0) continue;
      const labelSlot = spec.label && this.atlas ? this.atlas.slotOf(spec.label) : 0;
      if (labelSlot < 0) continue;
      const part: LivePart = { spec, batch, slot: -1, labelSlot };
      batch.alloc(part);
      parts.push(part);
    }
    return parts;
  }

  private place(actor: Actor, pose: Pose, opacity: number): void {
    const scene = this.scene;
    if (!scene) return;
    const m = this.matrix;
    for (const part of actor.parts) {
      partMatrix(m, part.spec, pose, scene.width, scene.height, actor.yaw);
      part.batch.write(part.slot, m, opacity, part.labelSlot);
    }
  }

  private animate(t: number): void {
    const scene = this.scene;
    if (!scene) return;
    const context = this.partContext(scene);
    for (const actor of this.animated) this.animateActor(actor, t, context);
  }

  /** Samples the actor's track at `t` (the view's sampler: no timeline semantics live here). */
  private animateActor(actor: Actor, t: number, context: PartContext): void {
    const { track, sample } = actor;
    if (!track || !sample) return;
    sampleInto(track, t, sample);
    const next = sample.appearance;
    if (next && next.key !== actor.appearance.key) {
      for (const part of actor.parts) part.batch.release(part);
      actor.appearance = next;
      actor.parts = this.realise(actor, next, context);
    }
    this.place(actor, sample, sample.visible ? sample.opacity : 0);
  }

  private createBatch(spec: BatchSpec, capacity: number): Batch {
    let batch: Batch;
    let geometry: string;
    let sprite: SpriteRef | null = null;
    switch (spec.type) {
      case "solid": {
        geometry = `solid:${spec.form}`;
        const material = solidMaterial(parseColor(spec.color), spec.opacity, spec.form !== "ground");
        const mesh = this.geometries.acquire(geometry, () => solidGeometry(spec.form));
        batch = new Batch(mesh, material, capacity, spec.form === "ground" ? ORDER_GROUND : ORDER_PIECES);
        break;
      }
      case "sprite": {
        sprite = spec.sprite;
        const texture = this.textures.acquire(spec.sprite);
        const tint: Rgb = spec.tint ? parseColor(spec.tint, [1, 1, 1]) : [1, 1, 1];
        const material = spriteMaterial(texture, tint, spec.opacity, spec.mirror);
        geometry = spec.orient;
        const mesh = this.geometries.acquire(geometry, spec.orient === "flat" ? flatQuad : standingQuad);
        batch = new Batch(mesh, material, capacity, spec.orient === "flat" ? ORDER_GROUND : ORDER_PIECES);
        break;
      }
      case "label": {
        if (!this.atlas) this.atlas = new LabelAtlas(this.scene?.theme.text.fontFamily || "sans-serif");
        const material = labelMaterial(this.atlas.texture, ATLAS_COLUMNS, ATLAS_ROWS);
        geometry = "centred";
        batch = new Batch(this.geometries.acquire(geometry, centredQuad), material, capacity, ORDER_LABELS);
        break;
      }
    }
    this.batchResources.set(batch, { geometry, sprite });
    this.root.add(batch.mesh);
    return batch;
  }

  private disposeBatch(batch: Batch): void {
    batch.dispose();
    const resources = this.batchResources.get(batch);
    if (!resources) return;
    this.batchResources.delete(batch);
    this.geometries.release(resources.geometry);
    if (resources.sprite) this.textures.release(resources.sprite);
  }

  // ---- outlines, overlay, effects --------------------------------------------------------------

  private clearDecorations(): void {
    for (const d of this.decorations) {
      d.mesh.removeFromParent();
      d.geometry.dispose();
      d.material.dispose();
    }
    this.decorations = [];
  }

  private buildDecorations(scene: Scene): void {
    this.clearDecorations();
    const hw = scene.width / 2;
    const hh = scene.height / 2;
    if (scene.outlines.length > 0) {
      const positions: number[] = [];
      const colors: number[] = [];
      for (const region of scene.outlines) {
        const c = parseColor(region.color);
        for (const [x1, y1, x2, y2] of region.edges) {
          positions.push(x1 - hw, 0.03, y1 - hh, x2 - hw, 0.03, y2 - hh);
          colors.push(...c, ...c);
        }
      }
      const geometry = new BufferGeometry();
      geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
      geometry.setAttribute("color", new Float32BufferAttribute(colors, 3));
      const material = new LineBasicMaterial({ vertexColors: true });
      const lines = new LineSegments(geometry, material);
      lines.renderOrder = ORDER_LABELS;
      lines.frustumCulled = false;
      this.root.add(lines);
      this.decorations.push({ mesh: lines, geometry, material });
    }
    const overlay = scene.overlay;
    if (overlay) {
      const [x0, y0] = overlay.cell;
      const [w, h] = overlay.size;
      const t = 0.08;
      const rects: [number, number, number, number][] = [
        [x0, y0, x0 + w, y0 + t],
        [x0, y0 + h - t, x0 + w, y0 + h],
        [x0, y0 + t, x0 + t, y0 + h - t],
        [x0 + w - t, y0 + t, x0 + w, y0 + h - t],
      ];
      const positions: number[] = [];
      const y = 0.05;
      for (const [ax, ay, bx, by] of rects) {
        const [a, b, c, d] = [ax - hw, ay - hh, bx - hw, by - hh];
        positions.push(a, y, b, a, y, d, c, y, b, c, y, b, a, y, d, c, y, d);
      }
      const geometry = new BufferGeometry();
      geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
      const rgb = parseColor(overlay.color, [1, 0.85, 0.2]);
      const material = new MeshBasicMaterial({
        color: new Color(rgb[0], rgb[1], rgb[2]),
        depthTest: false,
        side: 2,
      });
      const mesh = new Mesh(geometry, material);
      mesh.renderOrder = ORDER_OVERLAY;
      mesh.frustumCulled = false;
      this.root.add(mesh);
      this.decorations.push({ mesh, geometry, material });
    }
  }

  private effectView(step: EffectStep): EffectView {
    const texture = this.textures.acquire(step.sheet);
    const frames = Math.max(1, step.frames);
    const uv = new Vector4(0, 0, 1 / frames, 1);
    const material = spriteMaterial(texture, [1, 1, 1], 1, false, uv);
    const batch = new Batch(this.geometries.acquire("centred", centredQuad), material, 1, ORDER_LABELS);
    batch.alloc({ slot: -1 });
    const s = step.scale || 1;
    const part: PartSpec = {
      batch: LABEL_BATCH,
      mode: "billboard",
      ox: 0,
      oy: 0,
      y: 0.5 * s,
      sx: s,
      sy: s,
      sz: 1,
      spins: false,
    };
    const matrix = new Float32Array(16);
    const scene = this.scene;
    partMatrix(matrix, part, restPose(step.cell[0], step.cell[1]), scene?.width ?? 1, scene?.height ?? 1);
    batch.write(0, matrix, 0);
    this.root.add(batch.mesh);
    return { step, batch, matrix, uv };
  }

  private animateEffect(effect: EffectView, t: number): void {
    const { step } = effect;
    const local = t - step.startMs;
    const on = local >= 0 && local < step.durationMs;
    effect.batch.write(0, effect.matrix, on ? 1 : 0);
    if (!on) return;
    const frames = Math.max(1, step.frames);
    const frame = Math.min(frames - 1, Math.floor((local / Math.max(1, step.durationMs)) * frames));
    effect.uv.x = frame / frames;
  }
}

function nextCapacity(count: number): number {
  let c = 4;
  while (c < count) c *= 2;
  return c;
}

function toHex([r, g, b]: Rgb): string {
  const h = (v: number) =>
    Math.round(Math.max(0, Math.min(1, v)) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${h(r)}${h(g)}${h(b)}`;
}
