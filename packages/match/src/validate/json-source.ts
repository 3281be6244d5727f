/**
 * Parsing a pack's JSON files strictly, and finding where a JSON pointer's value is written in the
 * text (line and column) for diagnostics.
 * @module
 */
import {
  describeParseError,
  lineStarts,
  offsetToLineColumn,
  pointerOf,
  pointerSegments,
} from "@gridponder/schema";
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";

/**
 * A position in a file: 1-based line and column (in UTF-16 code units, as editors count).
 * Exported for the import package, which reads its sources with it; not part of the public API.
 * @internal
 */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * A key written twice in one object: JSON.parse keeps the later value and says nothing.
 * Exported for the import package, which reads its sources with it; not part of the public API.
 * @internal
 */
export interface DuplicateKey extends Position {
  /** The pointer of the key's value. */
  readonly pointer: string;
  /** Where the key was first written. */
  readonly firstLine: number;
}

/**
 * A parsed JSON file.
 * Exported for the import package, which reads its sources with it; not part of the public API.
 * @internal
 */
export interface JsonFile {
  readonly file: string;
  readonly value: unknown;
  /** Where the value at `pointer` is written (the key, for an object's member), or its closest ancestor. */
  locate(pointer: string): Position | undefined;
  /** Keys written twice in one object, at most `MAX_DUPLICATE_KEYS` (20). */
  duplicateKeys(): DuplicateKey[];
}

/**
 * The outcome of parsing one file.
 * Exported for the import package, which reads its sources with it; not part of the public API.
 * @internal
 */
export type JsonParse =
  | { readonly ok: true; readonly json: JsonFile }
  | { readonly ok: false; readonly message: string; readonly position: Position; readonly tooDeep: boolean };

/** At most this many duplicate keys are reported per file. */
export const MAX_DUPLICATE_KEYS = 20;

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * Parses strict JSON (no comments, no trailing commas). `JSON.parse` reads the value; jsonc-parser's
 * syntax tree, built only when a position is asked for, maps pointers back to the text.
 * Exported for the import package, which reads its sources with it; not part of the public API.
 * @internal
 */
export function parseJsonFile(file: string, content: string): JsonParse {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return syntaxError(text, error);
  }
  const lines = lineStarts(text);
  let tree: Node | undefined | null = null;
  const root = (): Node | undefined => {
    if (tree === null) tree = safeTree(text);
    return tree;
  };
  return {
    ok: true,
    json: {
      file,
      value,
      locate(pointer) {
        const top = root();
        if (!top) return undefined;
        const node = nodeAt(top, pointerSegments(pointer));
        const target = node.parent?.type === "property" ? node.parent : node;
        return offsetToLineColumn(lines, target.offset);
      },
      duplicateKeys() {
        const top = root();
        return top ? findDuplicateKeys(top, lines) : [];
      },
    },
  };
}

/** The node a pointer names, or its deepest ancestor that exists. */
function nodeAt(root: Node, segments: readonly string[]): Node {
  let node = root;
  for (const segment of segments) {
    let next: Node | undefined;
    if (node.type === "object") {
      // The last occurrence of a key is the one JSON.parse keeps.
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key?.value === segment && value) next = value;
      }
    } else if (node.type === "array" && /^(0|[1-9]\d*)$/.test(segment)) {
      next = node.children?.[Number(segment)];
    }
    if (!next) return node;
    node = next;
  }
  return node;
}

function findDuplicateKeys(root: Node, lines: readonly number[]): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: { node: Node; path: string[] }[] = [{ node: root, path: [] }];
  while (stack.length > 0 && found.length < MAX_DUPLICATE_KEYS) {
    const { node, path } = stack.pop() as { node: Node; path: string[] };
    if (node.type === "array")
      (node.children ?? []).forEach((child, i) => {
        stack.push({ node: child, path: [...path, String(i)] });
      });
    if (node.type !== "object") continue;
    const first = new Map<string, number>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key || typeof key.value !== "string") continue;
      const where = offsetToLineColumn(lines, key.offset);
      const seen = first.get(key.value);
      if (seen === undefined) first.set(key.value, where.line);
      else if (found.length < MAX_DUPLICATE_KEYS)
        found.push({ pointer: pointerOf(...path, key.value), firstLine: seen, ...where });
      if (value) stack.push({ node: value, path: [...path, key.value] });
    }
  }
  return found;
}

function safeTree(text: string): Node | undefined {
  try {
    return parseTree(text, [], STRICT);
  } catch {
    // A pathological nesting can exhaust the parser's stack; positions are then unknown.
    return undefined;
  }
}

function syntaxError(text: string, error: unknown): JsonParse {
  const errors: ParseError[] = [];
  try {
    parseTree(text, errors, STRICT);
  } catch {
    // The recursive parser ran out of stack: the text nests too deep to read.
    return { ok: false, message: "nesting too deep", position: { line: 1, column: 1 }, tooDeep: true };
  }
  const first = errors[0];
  if (text.trim() === "")
    return { ok: false, message: "the file is empty", position: { line: 1, column: 1 }, tooDeep: false };
  if (!first) {
    const tooDeep = error instanceof RangeError;
    const message = tooDeep ? "nesting too deep" : String(error);
    return { ok: false, message, position: { line: 1, column: 1 }, tooDeep };
  }
  return {
    ok: false,
    message: explainParseError(printParseErrorCode(first.error), text, first.offset),
    position: offsetToLineColumn(lineStarts(text), first.offset),
    tooDeep: false,
  };
}

/** Where the match format words a syntax error otherwise than the puzzle format (`describeParseError`). */
const PARSE_ERRORS: Record<string, string> = {
  PropertyNameExpected: "expected a key in double quotes",
  ColonExpected: "expected ':' after the key",
  CloseBraceExpected: "expected '}': the object is not closed",
  CloseBracketExpected: "expected ']': the list is not closed",
  EndOfFileExpected: "unexpected text after the end of the JSON value",
  InvalidCharacter: "invalid character in a string (control characters must be escaped)",
};

function explainParseError(code: string, text: string, offset: number): string {
  const reason = PARSE_ERRORS[code] ?? describeParseError(code);
  // A trailing comma reads as "expected a value" or "expected a key" just before a closing bracket.
  if (
    (code === "ValueExpected" || code === "PropertyNameExpected") &&
    /^\s*[\]}]/.test(text.slice(offset)) &&
    /,\s*$/.test(text.slice(0, offset))
  )
    return "a trailing comma is not allowed in JSON";
  return reason;
}
