import {
  findNodeAtLocation,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
  visit,
} from "jsonc-parser";
import { pointerOf, pointerSegments } from "./diagnostics.js";

/** A key written twice in one object: `JSON.parse` keeps the later value without a word. */
export interface DuplicateKey {
  /** The pointer of the key (both occurrences have it). */
  readonly pointer: string;
  /** 1-based line of the first occurrence. */
  readonly firstLine: number;
  /** 1-based line and column of the later occurrence, whose value is used. */
  readonly line: number;
  readonly column: number;
}

/** A parsed JSON file that can map JSON pointers back to line and column. */
export interface JsonSource {
  readonly file: string;
  readonly text: string;
  readonly value: unknown;
  /** Keys written twice in one object (at most {@link MAX_DUPLICATES_REPORTED}). */
  readonly duplicateKeys: readonly DuplicateKey[];
  /** 1-based line and column of the value at `pointer`, or of its closest existing ancestor. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

/** The outcome of parsing: the source, or the location and reason of the first syntax error. */
export type ParseResult =
  | { ok: true; source: JsonSource }
  | { ok: false; message: string; line: number; column: number };

/** Decodes bytes as UTF-8 without throwing (invalid sequences become U+FFFD). */
export function decodeText(content: string | Uint8Array): string {
  return typeof content === "string" ? content : new TextDecoder("utf-8", { fatal: false }).decode(content);
}

/**
 * Parses strict JSON. `JSON.parse` does the parsing (fast, and strict: no comments, no trailing
 * commas); jsonc-parser is only consulted to find line and column for errors and diagnostics,
 * lazily, because most files never need it.
 */
export function parseJson(file: string, content: string | Uint8Array): ParseResult {
  const text = stripBom(decodeText(content));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const where = firstSyntaxError(text);
    const reason = error instanceof RangeError ? "nesting too deep" : where.message;
    return { ok: false, message: `invalid JSON: ${reason}`, line: where.line, column: where.column };
  }
  let tree: Node | undefined | null = null;
  const lineStarts = lazyLineStarts(text);
  return {
    ok: true,
    source: {
      file,
      text,
      value,
      duplicateKeys: findDuplicateKeys(text),
      locate(pointer) {
        if (tree === null) tree = safeParseTree(text);
        if (!tree) return undefined;
        let segments: (string | number)[] = pointerSegments(pointer).map((s) =>
          /^\d+$/.test(s) ? Number(s) : s,
        );
        while (segments.length >= 0) {
          const node = segments.length === 0 ? tree : findNodeAtLocation(tree, segments);
          if (node) {
            // For a property, point at its key rather than its value: that is where readers look.
            const target = node.parent?.type === "property" ? node.parent : node;
            return offsetToLineColumn(lineStarts(), target.offset);
          }
          if (segments.length === 0) return undefined;
          segments = segments.slice(0, -1);
        }
        return undefined;
      },
    },
  };
}

/** At most this many duplicate keys are reported per file. */
export const MAX_DUPLICATES_REPORTED = 20;

/** Every key written twice in one object, in the order met. */
function findDuplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  // Per open object, each key with the line it first appeared on.
  const open: Map<string, number>[] = [];
  try {
    visit(
      text,
      {
        onObjectBegin: () => {
          open.push(new Map());
        },
        onObjectEnd: () => {
          open.pop();
        },
        onObjectProperty: (key, _offset, _length, line, character, path) => {
          const keys = open[open.length - 1];
          if (!keys) return;
          const firstLine = keys.get(key);
          if (firstLine === undefined) keys.set(key, line + 1);
          else if (found.length < MAX_DUPLICATES_REPORTED)
            found.push({
              pointer: pointerOf(...path(), key),
              firstLine,
              line: line + 1,
              column: character + 1,
            });
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    );
  } catch {
    // A pathological nesting can exhaust the visitor's stack; the nesting check refuses such a file.
  }
  return found;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function safeParseTree(text: string): Node | undefined {
  try {
    return parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  } catch {
    return undefined;
  }
}

function firstSyntaxError(text: string): { message: string; line: number; column: number } {
  let first: { error: ParseError; line: number; column: number } | undefined;
  try {
    visit(
      text,
      {
        onError(error, offset, _length, startLine, startCharacter) {
          if (!first)
            first = {
              error: { error, offset, length: _length },
              line: startLine + 1,
              column: startCharacter + 1,
            };
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    );
  } catch {
    // A pathological input can exhaust the visitor's stack; the location then stays unknown.
  }
  if (!first)
    return { message: text.trim() === "" ? "the file is empty" : "unexpected content", line: 1, column: 1 };
  return {
    message: describeParseError(printParseErrorCode(first.error.error)),
    line: first.line,
    column: first.column,
  };
}

/**
 * What a jsonc-parser error code (`printParseErrorCode`) means, in words; the code itself when unknown.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function describeParseError(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: "unexpected character",
    InvalidNumberFormat: "malformed number",
    PropertyNameExpected: "expected a property name in double quotes",
    ValueExpected: "expected a value",
    ColonExpected: "expected ':'",
    CommaExpected: "expected ',' between values",
    CloseBraceExpected: "expected '}' (the object is not closed)",
    CloseBracketExpected: "expected ']' (the array is not closed)",
    EndOfFileExpected: "unexpected content after the end of the JSON value",
    InvalidCommentToken: "comments are not allowed in JSON",
    UnexpectedEndOfComment: "comments are not allowed in JSON",
    UnexpectedEndOfString: "the string is not closed",
    UnexpectedEndOfNumber: "the number is cut off",
    InvalidUnicode: "invalid \\u escape",
    InvalidEscapeCharacter: "invalid escape character",
    InvalidCharacter: "invalid character in string",
  };
  return words[code] ?? code;
}

function lazyLineStarts(text: string): () => number[] {
  let starts: number[] | undefined;
  return () => {
    starts ??= lineStarts(text);
    return starts;
  };
}

/**
 * The offset at which each line of `text` starts (the first at 0).
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/**
 * The 1-based line and column (in UTF-16 code units) of an offset, given the {@link lineStarts} of the text.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function offsetToLineColumn(
  starts: readonly number[],
  offset: number,
): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
}
