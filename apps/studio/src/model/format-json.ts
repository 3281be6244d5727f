/**
 * How the studio reads JSON an author typed; it writes pack JSON with the schema package's
 * `formatPackJson` (the repository's layout), re-exported here.
 * @module
 */
import type { JsonValue } from "@gridponder/schema";
import { type ParseError, printParseErrorCode, visit } from "jsonc-parser";

export { formatPackJson, PACK_JSON_LINE_WIDTH as LINE_WIDTH } from "@gridponder/schema";

/** The outcome of reading a JSON file: its value, or where and why it failed (1-based line and column). */
export type JsonFileResult =
  | { ok: true; value: JsonValue }
  | { ok: false; message: string; line: number; column: number; offset: number };

function describeParseError(code: ParseError["error"]): string {
  const name = printParseErrorCode(code);
  // "PropertyNameExpected" → "property name expected"
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** Line and column (1-based) of an offset into `text`. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Parses a JSON file strictly (no comments, no trailing commas). The value comes from `JSON.parse`,
 * which keeps a key `__proto__` an ordinary key; the position of an error comes from jsonc-parser's
 * scanner, whose offsets do not depend on the browser's error messages.
 */
export function parseJsonFile(text: string): JsonFileResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const skipped = text.length - body.length;
  try {
    return { ok: true, value: JSON.parse(body) as JsonValue };
  } catch (thrown) {
    let first: { message: string; offset: number } | undefined;
    visit(
      body,
      {
        onError: (error, offset) => {
          first ??= { message: describeParseError(error), offset };
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
    const found = first ?? { message: thrown instanceof Error ? thrown.message : "invalid JSON", offset: 0 };
    const offset = found.offset + skipped;
    return { ok: false, message: found.message, offset, ...lineColumnOf(text, offset) };
  }
}
