/**
 * How many terminal columns text takes: wide characters (emoji, CJK, full-width forms) take two, and
 * combining marks and joiners none, so counting UTF-16 units would wrap lines too early or too late.
 * @module
 */

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Graphemes a terminal draws two columns wide as emoji: emoji shown as pictures by default, any
 * pictograph asked to be one (VS16), keycaps. Joined sequences (families, flags) are one grapheme.
 */
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\u20E3/u;
/**
 * East Asian Wide and Fullwidth characters (Unicode's EastAsianWidth.txt, W and F), which JavaScript
 * regexes have no property for: Hangul Jamo, CJK punctuation, kana, ideographs, Yi, Hangul syllables,
 * compatibility ideographs, vertical and small forms, full-width forms, Tangut, kana supplements and
 * the supplementary ideograph planes.
 */
const EAST_ASIAN_WIDE =
  /^[\u1100-\u115F\u2329\u232A\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE10-\uFE19\uFE30-\uFE6F\uFF00-\uFF60\uFFE0-\uFFE6\u{16FE0}-\u{16FE4}\u{17000}-\u{18CFF}\u{1B000}-\u{1B2FF}\u{20000}-\u{2FFFD}\u{30000}-\u{3FFFD}]/u;
/** Graphemes of marks, joiners and format characters only, which draw nothing of their own. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]+$/u;

/** The user-perceived characters of `text`, each as one string. */
export function graphemesOf(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** The columns one grapheme takes: 0, 1 or 2. */
export function graphemeWidth(grapheme: string): number {
  if (ZERO_WIDTH.test(grapheme)) return 0;
  return EMOJI.test(grapheme) || EAST_ASIAN_WIDE.test(grapheme) ? 2 : 1;
}

/** The columns `text` takes on one line (no line breaks or tabs). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const g of graphemesOf(text)) width += graphemeWidth(g);
  return width;
}
