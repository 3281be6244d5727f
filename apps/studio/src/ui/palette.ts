/**
 * The palette: the game's entity kinds grouped by layer (bottom layer first), each drawn as the board
 * draws it, with a visibility switch per layer. Choosing a kind makes it the brush.
 * @module
 */
import type { GameDefinition } from "@gridponder/schema";
import type { Appearance } from "@gridponder/view";
import { h, safeColor } from "./dom.js";

export interface PaletteOptions {
  readonly choose: (kind: string) => void;
  readonly toggleLayer: (layer: string, visible: boolean) => void;
}

/** Paints a swatch: the kind's colour in its form, with its text (a glyph, a number) on top. */
function swatch(appearance: Appearance | null, symbol: string): HTMLElement {
  const node = h("span", { class: "swatch", attrs: { "aria-hidden": "true" } });
  const color = safeColor(appearance?.color);
  if (color) node.style.backgroundColor = color;
  if (appearance && (appearance.form === "orb" || appearance.form === "figure")) node.classList.add("round");
  node.textContent = appearance?.text ?? symbol;
  return node;
}

export class Palette {
  readonly element: HTMLElement;
  #selected = "";

  constructor(private readonly options: PaletteOptions) {
    this.element = h("section", { class: "palette", attrs: { "aria-label": "Palette" } });
  }

  /** Shows the kinds of `game`; `appearance` draws each (null when the pack cannot be drawn). */
  show(
    game: GameDefinition,
    appearance: (kind: string) => Appearance | null,
    hidden: ReadonlySet<string>,
    selected: string,
  ): void {
    this.#selected = selected;
    const groups = game.layers.map((layer) => {
      const kinds = Object.entries(game.entityKinds).filter(([, def]) => def.layer === layer.id);
      const visible = h("input", { attrs: { type: "checkbox", "aria-label": `Show layer ${layer.id}` } });
      visible.checked = !hidden.has(layer.id);
      visible.addEventListener("change", () => this.options.toggleLayer(layer.id, visible.checked));
      return h("fieldset", { class: "palette-layer" }, [
        h("legend", {}, [visible, h("span", { text: ` ${layer.id}` })]),
        h(
          "div",
          {
            class: "palette-kinds",
            attrs: { role: "radiogroup", "aria-label": `Kinds of layer ${layer.id}` },
          },
          kinds.map(([kind, def]) => {
            const b = h(
              "button",
              {
                class: "palette-kind",
                attrs: {
                  type: "button",
                  role: "radio",
                  "aria-checked": String(kind === selected),
                  "data-kind": kind,
                  title: def.description ?? kind,
                },
              },
              [
                swatch(appearance(kind), def.symbol ?? "?"),
                h("span", { class: "palette-name", text: def.uiName ?? kind }),
              ],
            );
            b.addEventListener("click", () => this.options.choose(kind));
            return b;
          }),
        ),
      ]);
    });
    this.element.replaceChildren(h("h2", { text: "Palette" }), ...groups);
  }

  get selected(): string {
    return this.#selected;
  }
}
