import { parseHex } from "@gridponder/view";

/** An sRGB colour as three 0..1 channels, used untouched as shader input (output is not colour-managed). */
export type Rgb = readonly [r: number, g: number, b: number];

const FALLBACK: Rgb = [0.6, 0.6, 0.6];

/** Parses `#rgb`, `#rrggbb` or `#aarrggbb` (the view normalises to `#rrggbb`; the others are tolerated). */
export function parseColor(text: string | null | undefined, fallback: Rgb = FALLBACK): Rgb {
  const parsed = text ? parseHex(text) : null;
  if (!parsed) return fallback;
  const n = Number.parseInt(parsed.color.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Relative luminance (Rec. 709 weights on the sRGB values: good enough to choose a text colour). */
function luminance([r, g, b]: Rgb): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A text colour readable on `background`. */
export function contrastText(background: Rgb): string {
  return luminance(background) > 0.55 ? "#1d1d1f" : "#ffffff";
}

export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function toHex([r, g, b]: Rgb): string {
  const h = (v: number) =>
    Math.round(Math.max(0, Math.min(1, v)) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** A colour lightened towards white (`amount` > 0) or darkened towards black (< 0). */
export function shadeHex(hex: string, amount: number): string {
  return toHex(mixRgb(parseColor(hex), amount < 0 ? [0, 0, 0] : [1, 1, 1], Math.abs(amount)));
}
