/**
 * Colour helpers of the player's own drawing: the HUD, swatches and the 2D board share them, so they
 * live apart from the 2D board (which pages with WebGL load only on demand).
 * @module
 */

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
