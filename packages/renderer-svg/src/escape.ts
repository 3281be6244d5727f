/**
 * Everything that reaches the SVG text goes through these helpers: pack text is untrusted, and the
 * output is meant to be inlined into HTML pages as well as served as a file.
 */

// Characters XML 1.0 does not allow at all; left in, they would make a standalone SVG file unreadable.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text safe inside an element and inside a double- or single-quoted attribute.
 * Exported for the other Gridponder packages that write SVG or HTML (agent, analysis, catalog); not part of
 * the public API.
 * @internal
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/**
 * A colour as `#rgb`, `#rrggbb` or `#rrggbbaa`, else the fallback. View-model colours are always hex; the
 * check keeps anything else (a `url(…)` paint reference, say) out of paint attributes.
 */
export function hexColor(value: string | null | undefined, fallback: string): string {
  return typeof value === "string" && /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)
    ? value.toLowerCase()
    : fallback;
}

/** A number with at most two decimals and no leading zero: coordinates are the bulk of the output. */
export function num(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const rounded = Math.round(n * 100) / 100;
  if (rounded === 0) return "0";
  return String(rounded).replace(/^(-?)0\./, "$1.");
}

/** `#rrggbb` moved towards black (amount < 0) or white (amount > 0). */
export function shade(color: string, amount: number): string {
  const hex = hexColor(color, "#808080");
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex.slice(0, 7);
  const target = amount < 0 ? 0 : 255;
  const t = Math.min(1, Math.abs(amount));
  let out = "#";
  for (let i = 1; i < 7; i += 2) {
    const v = Number.parseInt(full.slice(i, i + 2), 16);
    out += Math.round(v + (target - v) * t)
      .toString(16)
      .padStart(2, "0");
  }
  return out;
}
