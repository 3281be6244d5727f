/**
 * Text that comes from packs, trace files or the file system is shown in a terminal, where control
 * characters are commands: ESC starts sequences that clear the screen or write the clipboard (OSC 52),
 * the 8-bit C1 codes do the same on some terminals, CR and LF let a file name forge a line of output,
 * and Unicode's direction controls reorder what the reader sees. Such characters are shown as visible
 * escapes (`\u001b`, `\n`) instead, so the text stays readable and nothing in it acts.
 * @module
 */

// C0 controls, DEL, C1 controls, and the invisible direction marks, embeddings, overrides and isolates.
const DIRECTION_CONTROLS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069";
/** Every control character, line breaks (LF, CR, U+2028, U+2029) and tabs included. */
const CONTROL_IN_LINE = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${DIRECTION_CONTROLS}]`,
  "g",
);
/** The same but for LF and TAB, which lay out text of several lines. */
const CONTROL_IN_BLOCK = new RegExp(
  `[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${DIRECTION_CONTROLS}]`,
  "g",
);
/**
 * The SGR codes of the colours the CLI itself uses (picocolors' bold, dim, inverse, red, green,
 * yellow, their closing codes, and the schema's reset), or a control character that is not LF or TAB.
 */
const OWN_COLOUR_OR_CONTROL = new RegExp(
  `(\\u001b\\[(?:0|1|2|7|22|27|31|32|33|39)m)|${CONTROL_IN_BLOCK.source}`,
  "g",
);
/** Characters `JSON.stringify` leaves raw that a terminal may still act on. */
const RAW_IN_JSON = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${DIRECTION_CONTROLS}]`, "g");

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeChar(c: string): string {
  return NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Untrusted text shown on one line (a title, an id, a file name): every control character escaped. */
export function inlineText(text: string): string {
  return text.replace(CONTROL_IN_LINE, escapeChar);
}

/** Untrusted text of several lines (a story screen): line breaks and tabs kept, other controls escaped. */
export function blockText(text: string): string {
  return text.replace(CONTROL_IN_BLOCK, escapeChar);
}

/**
 * The last guard before output: escapes every control character but LF and TAB, letting through only
 * the CLI's own colour codes, and those only when colours are on. Untrusted text should have been
 * escaped already ({@link inlineText}); this catches whatever was not, except line breaks.
 */
export function terminalSafe(text: string, colours: boolean): string {
  return text.replace(OWN_COLOUR_OR_CONTROL, (match: string, colour: string | undefined) =>
    colour !== undefined && colours ? colour : escapeChar(match[0] as string) + match.slice(1),
  );
}

/**
 * JSON text with the characters `JSON.stringify` leaves raw (DEL, C1 controls, line and paragraph
 * separators, direction controls) written as `\u` escapes: the same JSON value, inert in a terminal.
 * Such characters can only occur inside strings, where the escape means the same character.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(RAW_IN_JSON, escapeChar);
}
