import {
  type Appearance,
  type BoardRenderer,
  type BoardRendererOptions,
  type Cell,
  type Direction,
  type Gesture,
  type Piece,
  type Pose,
  type Scene,
  type SpriteRef,
  samplePose,
  type Timeline,
  type Track,
} from "@gridponder/view";
import { contrastOn, shade } from "./colors.js";
import type { PartialRedraws, SceneChange, SceneIndex } from "./scene-diff.js";
import { swipeDirection } from "./swipe.js";

/** One thing to draw this frame. */
interface Drawn {
  readonly piece: Piece;
  readonly appearance: Appearance;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly scale: number;
  readonly opacity: number;
}

const REST: Omit<Pose, "x" | "y"> = { z: 0, scale: 1, squash: 1, opacity: 1, turn: 0 };

/** Past this share of the board in the box around the changed cells, a full redraw is as cheap. */
const REGION_SHARE = 1 / 3;

/** Options of a {@link CanvasRenderer}. */
export interface CanvasRendererOptions extends BoardRendererOptions<HTMLElement> {
  /**
   * Pass `partialRedraws` (exported beside this class) to have a scene that replaces one at rest
   * redraw only the cells it changes, with the pixels of a full redraw: for an editor that redraws at
   * every cell of a paint stroke. Opt-in, so that pages without it do not ship it.
   */
  readonly partialRedraws?: PartialRedraws;
}

/**
 * The fallback board: a top-down 2D canvas drawing of the same Scene the 3D renderer draws (ground,
 * pieces by sprite, colour and text, the avatar, outlines, the overlay), for browsers without WebGL.
 * Taps and swipes on the canvas become gestures. With `partialRedraws`, a scene that replaces one at
 * rest redraws only the cells it changes (a level painter's strokes).
 */
export class CanvasRenderer implements BoardRenderer {
  /** Drawn from above only. */
  readonly view = "top-down" as const;
  readonly canvas: HTMLCanvasElement;
  readonly #g: CanvasRenderingContext2D;
  #scene: Scene | null = null;
  /** The scene on the canvas at rest, indexed for the next `setScene` to compare with. */
  #index: SceneIndex | null = null;
  /** Whether a text fits in a cell, by cell size and text (see `#staysInCells`). */
  readonly #fits = new Map<string, boolean>();
  #timeline: Timeline | null = null;
  #startedAt = 0;
  #resolveRun: (() => void) | null = null;
  #frame = 0;
  readonly #images = new Map<string, HTMLImageElement>();
  readonly #resizeObserver: ResizeObserver | null;
  #pointer: { id: number; x: number; y: number } | null = null;
  #layout = { cell: 32, left: 0, top: 0, width: 0, height: 0, ratio: 1 };
  /** Whether a drag may mean a diagonal swipe (the pack binds one). */
  diagonalSwipes = false;

  readonly #options: CanvasRendererOptions;

  constructor(options: CanvasRendererOptions) {
    this.#options = options;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "gp-canvas";
    this.canvas.style.touchAction = "none";
    const g = this.canvas.getContext("2d");
    if (!g) throw new Error("no 2D canvas context");
    this.#g = g;
    options.container.append(this.canvas);
    this.canvas.addEventListener("pointerdown", this.#onPointerDown);
    this.canvas.addEventListener("pointerup", this.#onPointerUp);
    this.canvas.addEventListener("pointercancel", this.#onPointerCancel);
    // A restored context starts blank: only a full drawing brings the board back.
    this.canvas.addEventListener("contextrestored", this.#onContextRestored);
    this.#resizeObserver =
      typeof ResizeObserver === "function" ? new ResizeObserver(() => this.resize()) : null;
    this.#resizeObserver?.observe(options.container);
    this.resize();
  }

  get animating(): boolean {
    return this.#timeline !== null;
  }

  setScene(scene: Scene): void {
    this.finish();
    // Requested now, so a move's first frames find the avatar's other states and facings loaded.
    for (const look of scene.avatar?.looks ?? []) if (look.sprite) this.#image(look.sprite);
    const partial = this.#options.partialRedraws;
    const before = this.#index?.scene === this.#scene ? this.#index : null;
    this.#scene = scene;
    this.#index = partial ? partial.indexScene(scene) : null;
    // Without a resize observer only a measurement finds out that the container changed size.
    if (
      !partial ||
      !before ||
      !this.#index ||
      !this.#resizeObserver ||
      before.scene.width !== scene.width ||
      before.scene.height !== scene.height
    ) {
      this.resize();
      return;
    }
    const change = partial.changedCells(before, this.#index, this.#staysInCells);
    if (!change || !this.#drawRegion(scene, change)) this.#draw();
  }

  play(timeline: Timeline): Promise<void> {
    this.finish();
    this.#scene = timeline.to;
    if (this.#options.reducedMotion || timeline.durationMs <= 0 || timeline.tracks.length === 0) {
      this.resize();
      return Promise.resolve();
    }
    this.#timeline = timeline;
    this.#startedAt = performance.now();
    return new Promise<void>((resolve) => {
      this.#resolveRun = resolve;
      this.#tick();
    });
  }

  finish(): void {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    const done = this.#resolveRun;
    this.#timeline = null;
    this.#resolveRun = null;
    if (done) {
      this.#draw();
      done();
    }
  }

  resize(): void {
    const scene = this.#scene;
    const rect = this.#options.container.getBoundingClientRect();
    const ratio = this.#options.pixelRatio ?? globalThis.devicePixelRatio ?? 1;
    const width = Math.max(1, Math.round(rect.width));
    const height = Math.max(1, Math.round(rect.height));
    if (
      this.canvas.width !== Math.round(width * ratio) ||
      this.canvas.height !== Math.round(height * ratio)
    ) {
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
    }
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    const cols = scene?.width ?? 1;
    const rows = scene?.height ?? 1;
    const cell = Math.max(4, Math.floor(Math.min(width / cols, height / rows)));
    this.#layout = {
      cell,
      left: Math.floor((width - cell * cols) / 2),
      top: Math.floor((height - cell * rows) / 2),
      width,
      height,
      ratio,
    };
    this.#draw();
  }

  cellAt(clientX: number, clientY: number): Cell | null {
    const scene = this.#scene;
    if (!scene) return null;
    const rect = this.canvas.getBoundingClientRect();
    const { cell, left, top } = this.#layout;
    const x = Math.floor((clientX - rect.left - left) / cell);
    const y = Math.floor((clientY - rect.top - top) / cell);
    if (x < 0 || y < 0 || x >= scene.width || y >= scene.height) return null;
    return [x, y];
  }

  project(cell: Cell): { x: number; y: number } {
    const { cell: size, left, top } = this.#layout;
    const canvasRect = this.canvas.getBoundingClientRect();
    const containerRect = this.#options.container.getBoundingClientRect();
    return {
      x: canvasRect.left - containerRect.left + left + (cell[0] + 0.5) * size,
      y: canvasRect.top - containerRect.top + top + (cell[1] + 0.5) * size,
    };
  }

  whenReady(): Promise<void> {
    const pending = [...this.#images.values()].filter((img) => !img.complete);
    return Promise.all(
      pending.map(
        (img) =>
          new Promise<void>((resolve) => {
            img.addEventListener("load", () => resolve(), { once: true });
            img.addEventListener("error", () => resolve(), { once: true });
          }),
      ),
    ).then(() => undefined);
  }

  dispose(): void {
    this.finish();
    this.#resizeObserver?.disconnect();
    this.canvas.removeEventListener("pointerdown", this.#onPointerDown);
    this.canvas.removeEventListener("pointerup", this.#onPointerUp);
    this.canvas.removeEventListener("pointercancel", this.#onPointerCancel);
    this.canvas.removeEventListener("contextrestored", this.#onContextRestored);
    this.canvas.remove();
    this.#images.clear();
  }

  readonly #onPointerDown = (e: PointerEvent): void => {
    if (!e.isPrimary) return;
    this.#pointer = { id: e.pointerId, x: e.clientX, y: e.clientY };
    this.canvas.setPointerCapture?.(e.pointerId);
  };

  readonly #onPointerUp = (e: PointerEvent): void => {
    const start = this.#pointer;
    if (!start || start.id !== e.pointerId) return;
    this.#pointer = null;
    const direction: Direction | null = swipeDirection(
      e.clientX - start.x,
      e.clientY - start.y,
      this.diagonalSwipes,
    );
    let gesture: Gesture | null = null;
    if (direction) gesture = { type: "swipe", direction };
    else {
      const cell = this.cellAt(start.x, start.y);
      if (cell) gesture = { type: "tap", cell };
    }
    if (gesture) this.#options.onGesture?.(gesture);
  };

  readonly #onPointerCancel = (): void => {
    this.#pointer = null;
  };

  readonly #onContextRestored = (): void => {
    if (!this.#timeline) this.#draw();
  };

  /**
   * Whether a piece's text stays inside its cell: its ink, measured in the font it is drawn in.
   */
  readonly #staysInCells = (_scene: Scene, piece: Piece): boolean => {
    const text = piece.appearance.text;
    if (!text) return true;
    const size = this.#layout.cell;
    const key = `${size}\u0000${text}`;
    let fits = this.#fits.get(key);
    if (fits === undefined) {
      const g = this.#g;
      g.save();
      this.#textStyle(text, size);
      const m = g.measureText(text);
      g.restore();
      // A pixel to spare for antialiasing; the text is drawn a little below the cell's centre.
      const half = size / 2 - 1;
      const down = size * 0.02;
      fits =
        m.actualBoundingBoxLeft <= half &&
        m.actualBoundingBoxRight <= half &&
        m.actualBoundingBoxAscent <= half + down &&
        m.actualBoundingBoxDescent <= half - down;
      if (this.#fits.size >= 4096) this.#fits.clear();
      this.#fits.set(key, fits);
    }
    return fits;
  };

  #tick = (): void => {
    const timeline = this.#timeline;
    if (!timeline) return;
    const t = performance.now() - this.#startedAt;
    if (t >= timeline.durationMs) {
      this.finish();
      return;
    }
    this.#draw(t);
    this.#frame = requestAnimationFrame(this.#tick);
  };

  #image(ref: SpriteRef): HTMLImageElement | null {
    const url = this.#options.assetUrl(ref);
    let img = this.#images.get(url);
    if (!img) {
      img = new Image();
      img.decoding = "async";
      img.addEventListener("load", () => {
        if (!this.#timeline) this.#draw();
      });
      img.src = url;
      this.#images.set(url, img);
    }
    return img.complete && img.naturalWidth > 0 ? img : null;
  }

  /** What is drawn at time `t` of the running timeline (or at rest), of `pieces` (by default all). */
  #drawList(scene: Scene, t: number | null, pieces: readonly Piece[] = scene.pieces): Drawn[] {
    const tracks = new Map<string, Track>();
    if (t !== null && this.#timeline) for (const track of this.#timeline.tracks) tracks.set(track.id, track);
    const out: Drawn[] = [];
    for (const piece of pieces) {
      if (tracks.has(piece.id)) continue;
      out.push({
        piece,
        appearance: this.#appearanceOf(scene, piece),
        x: piece.cell[0],
        y: piece.cell[1],
        ...REST,
      });
    }
    for (const track of tracks.values()) {
      const first = track.keys[0];
      if (t === null || (track.enters && first && t < first.t)) continue;
      const pose = samplePose(track, t);
      let appearance = this.#appearanceOf(scene, track.piece);
      for (const key of track.keys) if (key.t <= t && key.appearance) appearance = key.appearance;
      out.push({ piece: track.piece, appearance, ...pose });
    }
    out.sort((a, b) => a.piece.layerIndex - b.piece.layerIndex);
    return out;
  }

  #appearanceOf(scene: Scene, piece: Piece): Appearance {
    const avatar = scene.avatar;
    if (avatar && piece.role === "avatar")
      return { ...piece.appearance, sprite: avatar.sprite ?? piece.appearance.sprite, mirror: avatar.mirror };
    return piece.appearance;
  }

  #draw(t: number | null = null): void {
    this.#paint(t, null);
  }

  /**
   * Redraws the box around the cells a change names, clipped to it (rounded out to whole device
   * pixels): the background, then in the order of a full drawing every piece that reaches the box (no
   * piece reaches past its cells: see `changedCells`), so each pixel inside ends as a full drawing
   * leaves it. One rectangle, not a clip of many: a clip of any
   * other shape makes the canvas antialias edges differently. The box's neighbour cells are drawn too,
   * for the edge pixels they share with it. Returns false (drawing nothing) when the box is too large
   * to be worth it.
   */
  #drawRegion(scene: Scene, change: SceneChange): boolean {
    const { cell, left, top, ratio } = this.#layout;
    const { width, height } = scene;
    let [x0, y0, x1, y1] = [width, height, -1, -1];
    for (const i of change.cells) {
      const x = i % width;
      const y = (i - x) / width;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    if (x1 < x0) return true;
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > width * height * REGION_SHARE) return false;
    // A clip that cuts an outline's line makes the canvas antialias it differently.
    const onEdge = ([ax, ay, bx, by]: readonly [number, number, number, number]) =>
      ((ax === x0 || ax === x1 + 1) && ax === bx && Math.max(ay, by) > y0 && Math.min(ay, by) < y1 + 1) ||
      ((ay === y0 || ay === y1 + 1) && ay === by && Math.max(ax, bx) > x0 && Math.min(ax, bx) < x1 + 1);
    if (scene.outlines.some((o) => o.edges.some(onEdge))) return false;
    const g = this.#g;
    const px = (v: number, round: (n: number) => number) => round(v * ratio);
    const left0 = px(left + x0 * cell, Math.floor);
    const top0 = px(top + y0 * cell, Math.floor);
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.save();
    g.beginPath();
    g.rect(
      left0,
      top0,
      px(left + (x1 + 1) * cell, Math.ceil) - left0,
      px(top + (y1 + 1) * cell, Math.ceil) - top0,
    );
    g.clip();
    const [nx0, ny0, nx1, ny1] = [
      Math.max(0, x0 - 1),
      Math.max(0, y0 - 1),
      Math.min(width - 1, x1 + 1),
      Math.min(height - 1, y1 + 1),
    ];
    const near = (x: number, y: number) => x >= nx0 && x <= nx1 && y >= ny0 && y <= ny1;
    const cells: number[] = [];
    for (let y = ny0; y <= ny1; y++) for (let x = nx0; x <= nx1; x++) cells.push(y * width + x);
    const order = this.#index?.scene === scene ? this.#index.order : null;
    if (!order) return false;
    const pieces = order.filter((p) => p.cells.some(([x, y]) => near(x, y)));
    this.#paint(null, { cells, pieces });
    g.restore();
    return true;
  }

  /** Draws the scene at time `t`: all of it, or (`only`) the grid of some cells and some pieces. */
  #paint(t: number | null, only: { cells: readonly number[]; pieces: readonly Piece[] } | null): void {
    const g = this.#g;
    const { cell, left, top, ratio } = this.#layout;
    const scene = this.#scene;
    // In device pixels, the whole canvas: a fill in CSS px can end inside the last pixel at a
    // fractional pixel ratio, which would then blend with whatever was drawn there before.
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, this.canvas.width, this.canvas.height);
    g.fillStyle = scene?.theme.backgroundColor ?? "#202020";
    g.fillRect(0, 0, this.canvas.width, this.canvas.height);
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (!scene) return;
    g.save();
    g.translate(left, top);
    if (scene.theme.board.showGridLines) {
      g.strokeStyle = scene.theme.board.gridLineColor;
      g.lineWidth = 1;
      const gridCell = (i: number) => {
        const x = i % scene.width;
        const y = (i - x) / scene.width;
        if (!scene.void[i]) g.strokeRect(x * cell + 0.5, y * cell + 0.5, cell - 1, cell - 1);
      };
      if (only) for (const i of only.cells) gridCell(i);
      else for (let i = 0; i < scene.width * scene.height; i++) gridCell(i);
    }
    for (const d of this.#drawList(scene, t, only?.pieces)) this.#drawPiece(scene, d, cell);
    for (const outline of scene.outlines) {
      g.strokeStyle = outline.color;
      g.lineWidth = Math.max(1, outline.width);
      g.beginPath();
      for (const [x1, y1, x2, y2] of outline.edges) {
        g.moveTo(x1 * cell, y1 * cell);
        g.lineTo(x2 * cell, y2 * cell);
      }
      g.stroke();
    }
    if (scene.overlay) {
      const { cell: at, size, color } = scene.overlay;
      g.strokeStyle = color;
      g.lineWidth = Math.max(2, cell / 12);
      g.strokeRect(at[0] * cell + 2, at[1] * cell + 2, size[0] * cell - 4, size[1] * cell - 4);
    }
    g.restore();
  }

  #drawPiece(scene: Scene, d: Drawn, cell: number): void {
    const g = this.#g;
    const { piece, appearance } = d;
    if (piece.role === "avatar" && scene.avatar && !scene.avatar.visible) return;
    const dx = d.x - piece.cell[0];
    const dy = d.y - piece.cell[1] - d.z;
    g.save();
    g.globalAlpha = Math.max(0, Math.min(1, appearance.opacity * d.opacity));
    piece.cells.forEach((c, i) => {
      if (piece.role === "ground" && scene.void[c[1] * scene.width + c[0]]) return;
      const sprite = piece.cellSprites?.[i] ?? appearance.sprite;
      const cx = (c[0] + dx + 0.5) * cell;
      const cy = (c[1] + dy + 0.5) * cell;
      const size = cell * d.scale;
      const img = sprite ? this.#image(sprite) : null;
      if (img) {
        g.save();
        g.translate(cx, cy);
        if (appearance.mirror) g.scale(-1, 1);
        g.drawImage(img, -size / 2, -size / 2, size, size);
        g.restore();
      } else {
        this.#drawForm(appearance, cx, cy, size);
        // A sprite already pictures the piece; text (numbers, labels, glyphs) stands in for one.
        if (appearance.text && i === 0) this.#drawText(appearance, cx, cy, size);
      }
    });
    const avatar = scene.avatar;
    if (piece.role === "avatar" && avatar?.item) {
      // The carried item rides on the avatar as a small badge.
      const bx = (d.x + 0.78) * cell;
      const by = (d.y - d.z + 0.22) * cell;
      const badge = cell * 0.34;
      const img = avatar.item.appearance.sprite ? this.#image(avatar.item.appearance.sprite) : null;
      g.fillStyle = "rgba(0,0,0,0.45)";
      g.beginPath();
      g.arc(bx, by, badge * 0.62, 0, Math.PI * 2);
      g.fill();
      if (img) g.drawImage(img, bx - badge / 2, by - badge / 2, badge, badge);
      else this.#drawForm({ ...avatar.item.appearance, form: "orb" }, bx, by, badge * 1.4);
    }
    if (piece.selected) {
      g.strokeStyle = "#ffffff";
      g.lineWidth = Math.max(2, cell / 14);
      g.strokeRect((d.x + 0.08) * cell, (d.y + 0.08) * cell, cell * 0.84, cell * 0.84);
    }
    if (piece.queue && piece.queue.length > 0) {
      g.fillStyle = "#ffffff";
      g.font = `${Math.round(cell * 0.22)}px sans-serif`;
      g.textAlign = "left";
      g.textBaseline = "top";
      g.fillText(piece.queue.map(String).join(" "), (d.x + 0.06) * cell, (d.y + 0.06) * cell);
    }
    g.restore();
  }

  #drawForm(appearance: Appearance, cx: number, cy: number, size: number): void {
    const g = this.#g;
    g.fillStyle = appearance.color;
    const half = size / 2;
    switch (appearance.form) {
      case "flat":
        g.fillRect(cx - half, cy - half, size, size);
        break;
      case "block":
        g.fillRect(cx - half, cy - half, size, size);
        g.strokeStyle = shade(appearance.color, -0.35);
        g.lineWidth = Math.max(1, size / 12);
        g.strokeRect(
          cx - half + g.lineWidth / 2,
          cy - half + g.lineWidth / 2,
          size - g.lineWidth,
          size - g.lineWidth,
        );
        break;
      case "crate": {
        const s = size * 0.78;
        g.fillRect(cx - s / 2, cy - s / 2, s, s);
        g.strokeStyle = shade(appearance.color, -0.4);
        g.lineWidth = Math.max(1, size / 14);
        g.strokeRect(cx - s / 2, cy - s / 2, s, s);
        break;
      }
      case "orb":
        g.beginPath();
        g.arc(cx, cy, size * 0.32, 0, Math.PI * 2);
        g.fill();
        break;
      case "tile":
        roundRect(g, cx - size * 0.42, cy - size * 0.42, size * 0.84, size * 0.84, size * 0.12);
        g.fill();
        break;
      case "figure":
        g.beginPath();
        g.arc(cx, cy - size * 0.14, size * 0.16, 0, Math.PI * 2);
        g.fill();
        roundRect(g, cx - size * 0.2, cy + size * 0.02, size * 0.4, size * 0.34, size * 0.12);
        g.fill();
        break;
    }
  }

  #drawText(appearance: Appearance, cx: number, cy: number, size: number): void {
    const g = this.#g;
    const text = appearance.text ?? "";
    g.fillStyle = contrastOn(appearance.color);
    this.#textStyle(text, size);
    g.fillText(text, cx, cy + size * 0.02);
  }

  #textStyle(text: string, size: number): void {
    const g = this.#g;
    g.font = `bold ${Math.round(size * (text.length > 2 ? 0.3 : 0.45))}px sans-serif`;
    g.textAlign = "center";
    g.textBaseline = "middle";
  }
}

function roundRect(g: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}
