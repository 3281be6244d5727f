/**
 * The keyboard shortcuts, listed in a panel the `?` key or the Help button opens.
 * @module
 */
import { h, pushButton } from "./dom.js";
import type { Tool } from "./painter.js";

const TOOL_KEYS: Readonly<Record<Tool, string>> = {
  paint: "B",
  erase: "E",
  rect: "R",
  object: "O",
  pick: "I",
  avatar: "A",
};

/** The key that chooses `tool`. */
export const shortcutFor = (tool: Tool): string => TOOL_KEYS[tool];

const SHORTCUTS: readonly (readonly [string, string])[] = [
  ["B", "Paint with the chosen kind (drag to paint a stroke)"],
  ["E", "Erase (or drag with the right mouse button in any tool)"],
  ["R", "Fill a rectangle (drag from corner to corner; right button erases it)"],
  ["O", "Place a multi-cell object of the chosen kind over a rectangle (right button removes objects)"],
  ["I", "Pick the kind under the pointer as the brush"],
  ["A", "Place the avatar's start"],
  ["Ctrl+Z", "Undo (a whole stroke is one step)"],
  ["Ctrl+Shift+Z or Ctrl+Y", "Redo"],
  ["?", "Show or hide these shortcuts"],
  ["Arrow keys, WASD", "Play, when the player has the focus"],
];

export class HelpPanel {
  readonly element: HTMLDialogElement;
  readonly button: HTMLButtonElement;

  constructor() {
    this.element = h("dialog", { class: "help", attrs: { "aria-label": "Keyboard shortcuts" } }, [
      h("h2", { text: "Keyboard shortcuts" }),
      h(
        "table",
        {},
        SHORTCUTS.map(([keys, what]) =>
          h("tr", {}, [h("th", { text: keys, attrs: { scope: "row" } }), h("td", { text: what })]),
        ),
      ),
      pushButton("Close", () => this.element.close()),
    ]);
    this.button = pushButton("Help", () => this.toggle(), {
      attrs: { "aria-keyshortcuts": "?", title: "Keyboard shortcuts (?)" },
    });
  }

  toggle(): void {
    if (this.element.open) this.element.close();
    else this.element.showModal();
  }
}
