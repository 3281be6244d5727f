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

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const linear = (c: number): number => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Near-black or white, whichever contrasts more with `hex` (by WCAG's ratio, so text on it meets AA's
 * 4.5:1); pure black where near-black would fall short.
 */
export function contrastOn(hex: string): string {
  const dark = contrastRatio(hex, "#111111");
  const light = contrastRatio(hex, "#ffffff");
  if (Math.max(dark, light) < 4.5) return "#000000";
  return light >= dark ? "#ffffff" : "#111111";
}

/**
 * The colour of focus rings on `background`: the theme's primary colour where it stands out from the
 * background at WCAG's 3:1 for such indicators, else near-black or white, whichever contrasts more.
 */
export function focusColor(primary: string, background: string): string {
  return contrastRatio(primary, background) >= 3 ? primary : contrastOn(background);
}
