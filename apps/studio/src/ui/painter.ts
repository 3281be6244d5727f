/**
 * The level painter: the level drawn top-down from the view model by the player's 2D board renderer
 * (the same scene the player shows), with an overlay for the pointer, the rectangle being dragged and
 * the cells diagnostics point at. It turns pointer input into cell intents for the current tool; the
 * studio applies them as edits. A stroke redraws at every cell, so the drawing is kept cheap: the
 * board canvas redraws the cells a scene changes, the overlay canvas only when its marks or the
 * board's geometry change (the hovered cell is an element moved over it), and sizes come from a
 * resize observer rather than layout reads.
 * @module
 */
import { CanvasRenderer, partialRedraws } from "@gridponder/player";
import type { Scene, SpriteRef } from "@gridponder/view";
import { type CellXY, cellsBetween } from "./cell-line.js";
import { h } from "./dom.js";

export type Tool = "paint" | "erase" | "rect" | "object" | "pick" | "avatar";

export interface PainterIntents {
  /** A paint or erase stroke begins; every cell it covers follows through `strokeCell`. */
  strokeStart(tool: "paint" | "erase"): void;
  strokeCell(cell: CellXY): void;
  strokeEnd(): void;
  rect(from: CellXY, to: CellXY, erase: boolean): void;
  /** A multi-cell object over the rectangle (or, erasing, the objects it touches removed). */
  object(from: CellXY, to: CellXY, erase: boolean): void;
  pick(cell: CellXY): void;
  avatar(cell: CellXY): void;
  hover(cell: CellXY | null): void;
}

export interface CellMark {
  readonly cell: CellXY;
  readonly severity: "error" | "warning";
}

export class Painter {
  readonly element: HTMLElement;
  readonly #board: HTMLElement;
  readonly #overlay: HTMLCanvasElement;
  /** The frame around the cell under the pointer: an element moved by a transform, no canvas redrawn. */
  readonly #hoverBox: HTMLElement;
  readonly #blank: HTMLElement;
  readonly #renderer: CanvasRenderer;
  readonly #intents: PainterIntents;
  #tool: Tool = "paint";
  #scene: Scene | null = null;
  #hover: CellXY | null = null;
  #anchor: CellXY | null = null;
  #last: CellXY | null = null;
  #stroke: "paint" | "erase" | "rect" | null = null;
  /** Whether the rectangle being dragged erases (right button, or the erase tool). */
  #erasing = false;
  #marks: readonly CellMark[] = [];
  readonly #observer: ResizeObserver;
  /** The painter's size in CSS px, from the resize observer (measured once before it reports). */
  #size: { width: number; height: number } | null = null;
  /** Cell size and board corner in overlay px, until the board's geometry changes. */
  #geometryCache: { size: number; left: number; top: number } | null = null;

  constructor(intents: PainterIntents, assetUrl: (ref: SpriteRef) => string) {
    this.#intents = intents;
    this.#board = h("div", { class: "painter-board" });
    this.#overlay = h("canvas", { class: "painter-overlay", attrs: { "aria-hidden": "true" } });
    this.#hoverBox = h("div", { class: "painter-hover", attrs: { "aria-hidden": "true" } });
    // Laid over the overlay (styled through the CSSOM, which the page's CSP allows).
    Object.assign(this.#hoverBox.style, {
      position: "absolute",
      left: "0",
      top: "0",
      boxSizing: "border-box",
      border: "2px solid rgba(255, 255, 255, 0.85)",
      pointerEvents: "none",
      display: "none",
    });
    this.#blank = h("p", { class: "painter-blank", attrs: { hidden: "" } });
    this.element = h(
      "div",
      { class: "painter", attrs: { role: "application", "aria-label": "Level painter" } },
      [this.#board, this.#overlay, this.#hoverBox, this.#blank],
    );
    this.#renderer = new CanvasRenderer({
      container: this.#board,
      assetUrl,
      reducedMotion: true,
      partialRedraws,
    });
    this.#overlay.addEventListener("pointerdown", this.#down);
    this.#overlay.addEventListener("pointermove", this.#move);
    this.#overlay.addEventListener("pointerup", this.#up);
    this.#overlay.addEventListener("pointercancel", this.#up);
    this.#overlay.addEventListener("pointerleave", () => this.#setHover(null));
    this.#overlay.addEventListener("contextmenu", (e) => e.preventDefault());
    // Created after the renderer's own observer, so the board has refitted when this one reports.
    this.#observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect;
      if (box) this.#size = { width: box.width, height: box.height };
      this.#geometryChanged();
    });
    this.#observer.observe(this.element);
  }

  get tool(): Tool {
    return this.#tool;
  }

  setTool(tool: Tool): void {
    this.#tool = tool;
    this.element.dataset.tool = tool;
  }

  /** Shows `scene`, leaving out the pieces of hidden layers. */
  setScene(scene: Scene, hiddenLayers: ReadonlySet<string> = new Set()): void {
    const shown =
      hiddenLayers.size === 0
        ? scene
        : { ...scene, pieces: scene.pieces.filter((p) => !hiddenLayers.has(p.layer)) };
    const resized = this.#scene?.width !== scene.width || this.#scene?.height !== scene.height;
    this.#scene = shown;
    this.#blank.hidden = true;
    this.#board.hidden = false;
    this.#renderer.setScene(shown);
    // The overlay and the cell lines depend on the board's geometry only, not on what it holds.
    if (resized) {
      this.#renderer.resize();
      this.#geometryChanged();
    }
  }

  /** Shows no board, only why (a pack that does not validate cannot be drawn by the engine). */
  clear(reason: string): void {
    this.#scene = null;
    this.#blank.textContent = reason;
    this.#blank.hidden = false;
    this.#board.hidden = true;
    this.#geometryChanged();
  }

  /** The cells diagnostics point at, outlined on the board. */
  setMarks(marks: readonly CellMark[]): void {
    this.#marks = marks;
    this.#drawOverlay();
  }

  /** The board cell under a client point. */
  cellAt(clientX: number, clientY: number): CellXY | null {
    return this.#renderer.cellAt(clientX, clientY);
  }

  dispose(): void {
    this.#observer.disconnect();
    this.#renderer.dispose();
    this.element.remove();
  }

  readonly #down = (e: PointerEvent): void => {
    const cell = this.cellAt(e.clientX, e.clientY);
    if (!cell || e.button > 2) return;
    this.#overlay.setPointerCapture(e.pointerId);
    // A right-button drag erases whatever tool is chosen, as in most paint programs.
    const erase = e.button === 2 || this.#tool === "erase";
    switch (this.#tool) {
      case "pick":
        this.#intents.pick(cell);
        return;
      case "avatar":
        this.#intents.avatar(cell);
        return;
      case "rect":
      case "object":
        this.#stroke = "rect";
        this.#anchor = cell;
        this.#last = cell;
        this.#erasing = erase;
        this.#drawOverlay();
        return;
      default:
        this.#stroke = erase ? "erase" : "paint";
        this.#last = cell;
        this.#intents.strokeStart(this.#stroke);
        this.#intents.strokeCell(cell);
    }
  };

  readonly #move = (e: PointerEvent): void => {
    const cell = this.cellAt(e.clientX, e.clientY);
    this.#setHover(cell);
    if (!cell || this.#stroke === null || !this.#last) return;
    if (cell[0] === this.#last[0] && cell[1] === this.#last[1]) return;
    if (this.#stroke === "rect") {
      this.#last = cell;
      this.#drawOverlay();
      return;
    }
    for (const c of cellsBetween(this.#last, cell).slice(1)) this.#intents.strokeCell(c);
    this.#last = cell;
  };

  readonly #up = (): void => {
    const stroke = this.#stroke;
    this.#stroke = null;
    if (stroke === "rect" && this.#anchor && this.#last) {
      if (this.#tool === "object") this.#intents.object(this.#anchor, this.#last, this.#erasing);
      else this.#intents.rect(this.#anchor, this.#last, this.#erasing);
    } else if (stroke !== null) this.#intents.strokeEnd();
    this.#anchor = null;
    this.#last = null;
    this.#drawOverlay();
  };

  /** The cell under the pointer, if any. */
  get hover(): CellXY | null {
    return this.#hover;
  }

  #setHover(cell: CellXY | null): void {
    if (cell?.[0] === this.#hover?.[0] && cell?.[1] === this.#hover?.[1]) return;
    this.#hover = cell;
    this.#intents.hover(cell);
    this.#placeHover();
  }

  /** Cell size and the top-left corner of cell (x, y) in overlay pixels. */
  #geometry(): { size: number; corner: (cell: CellXY) => [number, number] } | null {
    if (!this.#scene) return null;
    if (!this.#geometryCache) {
      const a = this.#renderer.project([0, 0]);
      const b = this.#renderer.project([1, 0]);
      const size = b.x - a.x;
      this.#geometryCache = { size, left: a.x - size / 2, top: a.y - size / 2 };
    }
    const { size, left, top } = this.#geometryCache;
    return { size, corner: ([x, y]) => [left + x * size, top + y * size] };
  }

  /** The board moved, changed size or came or went: the cell lines and the overlay follow. */
  #geometryChanged(): void {
    this.#geometryCache = null;
    this.#drawOverlay();
    this.#placeHover();
  }

  #placeHover(): void {
    const geometry = this.#hover ? this.#geometry() : null;
    const box = this.#hoverBox.style;
    if (!geometry || !this.#hover) {
      box.display = "none";
      return;
    }
    const [x, y] = geometry.corner(this.#hover);
    box.display = "block";
    box.width = `${geometry.size}px`;
    box.height = `${geometry.size}px`;
    box.transform = `translate(${x}px, ${y}px)`;
  }

  /** A canvas sized to the painter, cleared, with a context scaled to CSS px. */
  #prepare(canvas: HTMLCanvasElement): { g: CanvasRenderingContext2D; width: number; height: number } | null {
    if (!this.#size) {
      this.#size = { width: this.element.clientWidth, height: this.element.clientHeight };
    }
    const ratio = globalThis.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.#size.width));
    const height = Math.max(1, Math.round(this.#size.height));
    if (canvas.width !== width * ratio || canvas.height !== height * ratio) {
      canvas.width = width * ratio;
      canvas.height = height * ratio;
    }
    const g = canvas.getContext("2d");
    if (!g) return null;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    return { g, width, height };
  }

  /**
   * The overlay: faint cell lines (floors of one colour otherwise give the painter nothing to aim at),
   * the cells diagnostics point at and the rectangle being dragged. Not the hovered cell: the overlay
   * is redrawn only when these change, since every canvas that changes costs a frame dearly.
   */
  #drawOverlay(): void {
    const g = this.#prepare(this.#overlay)?.g;
    const geometry = this.#geometry();
    const scene = this.#scene;
    if (!g || !geometry || !scene) return;
    const { size, corner } = geometry;
    const [left, top] = corner([0, 0]);
    g.strokeStyle = "rgba(255, 255, 255, 0.12)";
    g.lineWidth = 1;
    g.beginPath();
    for (let x = 0; x <= scene.width; x++) {
      g.moveTo(Math.round(left + x * size) + 0.5, top);
      g.lineTo(Math.round(left + x * size) + 0.5, top + scene.height * size);
    }
    for (let y = 0; y <= scene.height; y++) {
      g.moveTo(left, Math.round(top + y * size) + 0.5);
      g.lineTo(left + scene.width * size, Math.round(top + y * size) + 0.5);
    }
    g.stroke();
    const outline = (cell: CellXY, colour: string, line: number) => {
      const [x, y] = corner(cell);
      g.strokeStyle = colour;
      g.lineWidth = line;
      g.strokeRect(x + line / 2, y + line / 2, size - line, size - line);
    };
    for (const mark of this.#marks) outline(mark.cell, mark.severity === "error" ? "#ff4d4f" : "#f5a623", 3);
    if (this.#stroke === "rect" && this.#anchor && this.#last) {
      const [x0, y0] = corner([
        Math.min(this.#anchor[0], this.#last[0]),
        Math.min(this.#anchor[1], this.#last[1]),
      ]);
      const w = (Math.abs(this.#anchor[0] - this.#last[0]) + 1) * size;
      const hgt = (Math.abs(this.#anchor[1] - this.#last[1]) + 1) * size;
      g.fillStyle = "rgba(120, 190, 255, 0.25)";
      g.fillRect(x0, y0, w, hgt);
      g.strokeStyle = "#78beff";
      g.lineWidth = 2;
      g.strokeRect(x0 + 1, y0 + 1, w - 2, hgt - 2);
    }
  }
}
