/**
 * Colours: the built-in palette, parsing of palette names, CSS names and hex forms, colours derived
 * from numbers (`@hue:`) and from names (the last resort, so an unknown colour never fails a scene).
 * @module
 */

import { own } from "@gridponder/schema";

/**
 * Named colours every pack can use; a pack's `palette` overrides or extends them. Chosen to stay
 * distinguishable from each other and from the dark void and light floors they sit on.
 */
export const BUILTIN_PALETTE: Readonly<Record<string, string>> = Object.freeze({
  red: "#e53935",
  blue: "#1e88e5",
  green: "#43a047",
  yellow: "#fdd835",
  orange: "#fb8c00",
  purple: "#8e24aa",
  violet: "#7e57c2",
  teal: "#00897b",
  lime: "#7cb342",
  pink: "#ec407a",
  magenta: "#d81b60",
  cyan: "#00acc1",
  indigo: "#3949ab",
  brown: "#8d6e63",
  amber: "#ffb300",
  gold: "#fbc02d",
  navy: "#283593",
  olive: "#827717",
  maroon: "#8e2430",
  grey: "#9e9e9e",
  gray: "#9e9e9e",
  silver: "#bdbdbd",
  white: "#fafafa",
  black: "#212121",
});

/** CSS colour keywords beyond the palette names, so a pack may write `"color": "tomato"`. */
const CSS_COLORS: Readonly<Record<string, string>> = {
  aqua: "#00ffff",
  aquamarine: "#7fffd4",
  beige: "#f5f5dc",
  chocolate: "#d2691e",
  coral: "#ff7f50",
  crimson: "#dc143c",
  darkblue: "#00008b",
  darkgreen: "#006400",
  darkgray: "#a9a9a9",
  darkgrey: "#a9a9a9",
  darkred: "#8b0000",
  forestgreen: "#228b22",
  fuchsia: "#ff00ff",
  goldenrod: "#daa520",
  hotpink: "#ff69b4",
  ivory: "#fffff0",
  khaki: "#f0e68c",
  lavender: "#e6e6fa",
  lightblue: "#add8e6",
  lightgray: "#d3d3d3",
  lightgrey: "#d3d3d3",
  lightgreen: "#90ee90",
  navyblue: "#000080",
  orchid: "#da70d6",
  plum: "#dda0dd",
  salmon: "#fa8072",
  sandybrown: "#f4a460",
  skyblue: "#87ceeb",
  slategray: "#708090",
  slategrey: "#708090",
  steelblue: "#4682b4",
  tan: "#d2b48c",
  tomato: "#ff6347",
  turquoise: "#40e0d0",
  wheat: "#f5deb3",
};

/** A colour as `#rrggbb` with its opacity (from `#AARRGGBB`; 1 otherwise). */
export interface ParsedColor {
  readonly color: string;
  readonly alpha: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Parses `#rgb`, `#rrggbb` or `#aarrggbb` (alpha first, as theme files write it); `null` otherwise. */
export function parseHex(value: string): ParsedColor | null {
  const m = HEX.exec(value.trim());
  const digits = m?.[1]?.toLowerCase();
  if (!digits) return null;
  if (digits.length === 3) {
    return { color: `#${[...digits].map((d) => d + d).join("")}`, alpha: 1 };
  }
  if (digits.length === 6) return { color: `#${digits}`, alpha: 1 };
  return { color: `#${digits.slice(2)}`, alpha: Number.parseInt(digits.slice(0, 2), 16) / 255 };
}

/**
 * Resolves a colour written in a pack: a hex value, a palette name (the given palette, which already
 * holds the built-in names), or a CSS keyword. Names are matched case-insensitively; `null` when unknown.
 */
export function parseColor(value: string, palette: Readonly<Record<string, string>>): ParsedColor | null {
  const trimmed = value.trim();
  if (trimmed.startsWith("#")) return parseHex(trimmed);
  const named = own(palette, trimmed) ?? own(palette, trimmed.toLowerCase());
  if (named !== undefined) return parseHex(named);
  const css = own(CSS_COLORS, trimmed.toLowerCase());
  return css === undefined ? null : parseHex(css);
}

/** `#rrggbb` from HSL (hue in degrees, saturation and lightness 0..1). */
function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(1, Math.max(0, saturation));
  const l = Math.min(1, Math.max(0, lightness));
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    const v = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

const GOLDEN_ANGLE = 137.50776405003785;

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= 2 ** 52 && 2 ** Math.round(Math.log2(n)) === n;
}

/**
 * The slot of a positive integer on a wheel of twelve hues. Powers of two take slots by exponent
 * (1, 2, 4, …, 2048 fill all twelve, as in 2048-style merges); the other integers take the remaining
 * slots in order (3, 5, 6, 7, 9, 10, 11, 12 fill the rest), so both 1..12 and the powers up to 2048
 * come out all different. Larger numbers wrap around onto a second ring of shifted, darker hues.
 */
function hueSlot(n: number): number {
  if (isPowerOfTwo(n)) return Math.round(Math.log2(n));
  const powersBelow = Math.floor(Math.log2(n)) + 1;
  return n - powersBelow + 3;
}

/** Lightness per ring of twelve slots, so wrapped-around numbers still read apart. */
const RING_LIGHTNESS = [0.5, 0.38, 0.62, 0.44] as const;

/**
 * A pleasant, deterministic colour for a number (`@hue:`). Slots are 150° apart on the hue wheel
 * (twelve hues 30° apart, neighbours far apart), see `hueSlot`; zero, negative and fractional numbers
 * step by the golden angle instead.
 */
export function hueColor(n: number): string {
  if (!Number.isInteger(n) || n < 1) {
    const index = Math.abs(Math.round(n * 100)) / 100;
    return hslToHex((index * GOLDEN_ANGLE + 20) % 360, 0.55, 0.42);
  }
  const slot = hueSlot(n);
  const ring = Math.floor(slot / 12);
  const hue = ((slot % 12) * 150 + 45 + (ring % 2) * 15) % 360;
  return hslToHex(hue, 0.62, RING_LIGHTNESS[ring % RING_LIGHTNESS.length] as number);
}

/** FNV-1a: a stable 32-bit hash, so derived colours are the same in every run and host. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A muted colour derived from a name: the last resort for kinds nothing else colours. */
export function colorFromName(name: string): string {
  const h = hashString(name);
  return hslToHex(h % 360, 0.35 + ((h >>> 9) % 20) / 100, 0.5 + ((h >>> 17) % 12) / 100);
}

/** Whether a string is a `#rrggbb` colour (what every resolved colour of this package is). */
export function isHexColor(value: string): boolean {
  return /^#[0-9a-f]{6}$/.test(value);
}

/** Relative luminance (0..1) of a `#rrggbb` colour, for choosing readable text over it. */
export function luminance(color: string): number {
  const parsed = parseHex(color);
  if (!parsed) return 0;
  const c = parsed.color;
  const lin = (i: number) => {
    const v = Number.parseInt(c.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
}
