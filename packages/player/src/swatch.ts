/**
 * Swatches: the small flat pictures of a piece in the HUD (the held item).
 * @module
 */
import type { Appearance, Form, SpriteRef } from "@gridponder/view";
import { contrastOn } from "./colors.js";
import { safeColor } from "./dom.js";

/** Forms the board draws round (spheres, capsules): a sprite-less swatch takes the same outline. */
const ROUND_FORMS: ReadonlySet<Form> = new Set(["orb", "figure"]);

/**
 * Paints a swatch as the board draws the piece: its sprite; else its colour in the piece's outline,
 * with the text the board writes on it (an emoji glyph, a label, a number). A kind drawn with an
 * emoji has no sprite and a plain white colour, so without its text the swatch would be blank.
 */
export function paintSwatch(
  node: HTMLElement,
  appearance: Appearance,
  url: (ref: SpriteRef) => string,
): void {
  const color = safeColor(appearance.color);
  if (color) node.style.backgroundColor = color;
  node.style.opacity = String(appearance.opacity);
  if (appearance.sprite) {
    node.style.backgroundImage = `url("${url(appearance.sprite)}")`;
    return;
  }
  if (ROUND_FORMS.has(appearance.form)) node.classList.add("gp-round");
  if (appearance.text === null) return;
  node.classList.add(appearance.display === "emoji" ? "gp-emoji" : "gp-glyph");
  if (color) node.style.color = contrastOn(color);
  node.textContent = appearance.text;
}
