import type { Gesture } from "@gridponder/view";
import type { Projection } from "./iso.js";
import { classifySwipe, type Direction, swipeThreshold } from "./swipe.js";

export interface PointerTarget {
  /** The cell under a client point, or null. */
  cellAt(clientX: number, clientY: number): readonly [number, number] | null;
  /** Whether swipes are read in eight directions (asked at each stroke, so it can change). */
  diagonal(): boolean;
  /** How the board is seen, which turns screen movements into board directions. */
  projection(): Projection;
  /** Called when a stroke ends, before it is read (the renderer finishes a running animation). */
  settle(): void;
  emit(gesture: Gesture): void;
}

/**
 * Turns pointer strokes on an element into swipes and taps: a stroke shorter than the threshold is a
 * tap on the cell under its start, a longer one a swipe (see `swipe.ts` for the direction mapping).
 * One stroke at a time; the primary pointer only.
 */
export class PointerGestures {
  #stroke: { id: number; x: number; y: number } | null = null;
  readonly #element: HTMLElement;
  readonly #target: PointerTarget;

  constructor(element: HTMLElement, target: PointerTarget) {
    this.#element = element;
    this.#target = target;
    element.style.touchAction = "none";
    element.addEventListener("pointerdown", this.#down);
    element.addEventListener("pointerup", this.#up);
    element.addEventListener("pointercancel", this.#cancel);
  }

  readonly #down = (event: PointerEvent): void => {
    if (!event.isPrimary || event.button > 0) return;
    this.#stroke = { id: event.pointerId, x: event.clientX, y: event.clientY };
    if (this.#element.setPointerCapture) {
      try {
        this.#element.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic events have no capturable pointer; the stroke still ends on this element.
      }
    }
  };

  readonly #up = (event: PointerEvent): void => {
    const stroke = this.#stroke;
    if (!stroke || stroke.id !== event.pointerId) return;
    this.#stroke = null;
    this.#target.settle();
    const rect = this.#element.getBoundingClientRect();
    const direction: Direction | null = classifySwipe(event.clientX - stroke.x, event.clientY - stroke.y, {
      diagonal: this.#target.diagonal(),
      minDistance: swipeThreshold(rect.width, rect.height),
      projection: this.#target.projection(),
    });
    if (direction) {
      this.#target.emit({ type: "swipe", direction });
      return;
    }
    const cell = this.#target.cellAt(stroke.x, stroke.y);
    if (cell) this.#target.emit({ type: "tap", cell: [cell[0], cell[1]] });
  };

  readonly #cancel = (): void => {
    this.#stroke = null;
  };

  dispose(): void {
    this.#element.removeEventListener("pointerdown", this.#down);
    this.#element.removeEventListener("pointerup", this.#up);
    this.#element.removeEventListener("pointercancel", this.#cancel);
    this.#stroke = null;
  }
}
