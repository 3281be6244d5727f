/**
 * CSS inside a published SVG (a `<style>` sheet, a `style` attribute, a presentation attribute such as
 * `fill="url(#g)"`): DOMPurify leaves CSS alone, so this decides whether it may stay. CSS runs no script
 * in today's browsers, but it can fetch: `url(…)`, `image-set("…")`, `@import "…"`. Only references
 * inside the same file (`url(#id)`) are kept.
 *
 * The check reads the raw text and errs on the side of refusing: escapes (`\75 rl(`) are refused
 * outright, so every function the CSS tokenizer would see is spelled literally, and is found even
 * where it is not one (in a comment or a string).
 * @module
 */

/** Functions that compute values or select elements; none of them loads anything. */
const SAFE_FUNCTIONS: ReadonlySet<string> = new Set([
  // colours and arithmetic
  "rgb",
  "rgba",
  "hsl",
  "hsla",
  "hwb",
  "lab",
  "lch",
  "oklab",
  "oklch",
  "color",
  "color-mix",
  "light-dark",
  "calc",
  "min",
  "max",
  "clamp",
  "var",
  "env",
  // transforms (also the `transform` attribute) and timing
  "translate",
  "translatex",
  "translatey",
  "translatez",
  "translate3d",
  "rotate",
  "rotatex",
  "rotatey",
  "rotatez",
  "rotate3d",
  "scale",
  "scalex",
  "scaley",
  "scalez",
  "scale3d",
  "skew",
  "skewx",
  "skewy",
  "matrix",
  "matrix3d",
  "perspective",
  "cubic-bezier",
  "steps",
  "linear",
  // filters, gradients and shapes computed in place
  "blur",
  "brightness",
  "contrast",
  "drop-shadow",
  "grayscale",
  "hue-rotate",
  "invert",
  "opacity",
  "saturate",
  "sepia",
  "linear-gradient",
  "radial-gradient",
  "conic-gradient",
  "repeating-linear-gradient",
  "repeating-radial-gradient",
  "repeating-conic-gradient",
  "inset",
  "circle",
  "ellipse",
  "polygon",
  "rect",
  "xywh",
  // selectors
  "not",
  "is",
  "where",
  "has",
  "nth-child",
  "nth-last-child",
  "nth-of-type",
  "nth-last-of-type",
  "lang",
  "dir",
  // `url` is checked on its own: only `url(#id)` stays
  "url",
]);

/** At-rules of a sheet that fetch nothing (`@import` fetches; `@font-face` may only use `url(#…)`). */
const SAFE_AT_RULES: ReadonlySet<string> = new Set([
  "media",
  "supports",
  "keyframes",
  "-webkit-keyframes",
  "font-face",
  "layer",
  "container",
  "property",
]);

/** Every `name(` of the text: a CSS function token is an identifier immediately followed by `(`. */
const FUNCTION = /([-\w\u0080-\uffff]+)\(/g;
const URL_TARGET = /url\(\s*(["']?)\s*([^"')\s]*)/gi;
const AT_RULE = /@([-\w\u0080-\uffff]+)/g;

/**
 * Why the CSS text may not be published, or `null` when it may: `sheet` is a `<style>` element's text
 * (at-rules allowed there), `value` an attribute's.
 */
export function unsafeCss(text: string, kind: "sheet" | "value"): string | null {
  if (text.includes("\\")) return "a CSS escape (\\)";
  for (const [, name = ""] of text.matchAll(FUNCTION))
    if (!SAFE_FUNCTIONS.has(name.toLowerCase())) return `the CSS function ${name}()`;
  for (const [, , target = ""] of text.matchAll(URL_TARGET))
    if (!/^#[^\s#]+$/.test(target)) return `url(${target}) outside the file`;
  if (kind === "sheet")
    for (const [, name = ""] of text.matchAll(AT_RULE))
      if (!SAFE_AT_RULES.has(name.toLowerCase())) return `the at-rule @${name}`;
  return null;
}
