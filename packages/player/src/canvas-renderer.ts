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

/**
 * The fallback board: a top-down 2D canvas drawing of the same Scene the 3D renderer draws (ground,
 * pieces by sprite, colour and text, the avatar, outlines, the overlay), for browsers without WebGL.
 * Taps and swipes on the canvas become gestures.
 */
export class CanvasRenderer implements BoardRenderer {
  readonly canvas: HTMLCanvasElement;
  readonly #g: CanvasRenderingContext2D;
  #scene: Scene | null = null;
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

  readonly #options: BoardRendererOptions<HTMLElement>;

  constructor(options: BoardRendererOptions<HTMLElement>) {
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
    this.#scene = scene;
    this.resize();
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

  /** What is drawn at time `t` of the running timeline (or at rest). */
  #drawList(scene: Scene, t: number | null): Drawn[] {
    const tracks = new Map<string, Track>();
    if (t !== null && this.#timeline) for (const track of this.#timeline.tracks) tracks.set(track.id, track);
    const out: Drawn[] = [];
    for (const piece of scene.pieces) {
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
    const g = this.#g;
    const { cell, left, top, width, height, ratio } = this.#layout;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    const scene = this.#scene;
    g.fillStyle = scene?.theme.backgroundColor ?? "#202020";
    g.fillRect(0, 0, width, height);
    if (!scene) return;
    g.save();
    g.translate(left, top);
    if (scene.theme.board.showGridLines) {
      g.strokeStyle = scene.theme.board.gridLineColor;
      g.lineWidth = 1;
      for (let y = 0; y < scene.height; y++)
        for (let x = 0; x < scene.width; x++)
          if (!scene.void[y * scene.width + x])
            g.strokeRect(x * cell + 0.5, y * cell + 0.5, cell - 1, cell - 1);
    }
    for (const d of this.#drawList(scene, t)) this.#drawPiece(scene, d, cell);
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
    g.font = `bold ${Math.round(size * (text.length > 2 ? 0.3 : 0.45))}px sans-serif`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(text, cx, cy + size * 0.02);
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

function rgbOf(hex: string): [number, number, number] {
  const h = hex.replace(/^#/, "");
  const full =
    h.length === 3 || h.length === 4 ? [...h.slice(0, 3)].map((c) => c + c).join("") : h.slice(0, 6);
  const n = Number.parseInt(full.padEnd(6, "0"), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Lightens (amount > 0) or darkens (< 0) a `#rrggbb` colour. */
export function shade(hex: string, amount: number): string {
  const mix = (c: number): string =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
      .toString(16)
      .padStart(2, "0");
  const [r, g, b] = rgbOf(hex);
  return `#${mix(r)}${mix(g)}${mix(b)}`;
}

/** Black or white, whichever reads better on `hex`. */
export function contrastOn(hex: string): string {
  const [r, g, b] = rgbOf(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111111" : "#ffffff";
}
