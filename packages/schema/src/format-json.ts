/**
 * How tools write pack JSON (the studio after an edit, `gridponder generate` for new levels): the layout
 * of the repository's packs, short arrays and objects on one line, board rows one per line.
 * @module
 */

import type { JsonValue } from "./types/common.js";
import { MAX_NESTING } from "./validate/schema-check.js";

/** The widest line an array or object is joined onto. */
export const PACK_JSON_LINE_WIDTH = 100;

const INDENT = "  ";

function isContainer(value: unknown): value is JsonValue[] | { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null;
}

/** A value whose items are all scalars or flat objects: a board row, a position, a gold path. */
function isRow(value: JsonValue[]): boolean {
  return value.every(
    (item) =>
      !isContainer(item) || (!Array.isArray(item) && Object.values(item).every((v) => !isContainer(v))),
  );
}

/** A scalar as JSON; values JSON cannot hold (undefined, functions) are written as null. */
function scalar(value: unknown): string {
  return JSON.stringify(value) ?? "null";
}

function entriesOf(value: { [key: string]: JsonValue }): [string, JsonValue][] {
  // Keys whose value JSON cannot hold are left out, as JSON.stringify does.
  return Object.keys(value)
    .filter((key) => value[key] !== undefined && typeof value[key] !== "function")
    .map((key) => [key, value[key] as JsonValue]);
}

/** Whether an array is a list of arrays (a dense layer's rows, a list of cells). */
function isArrayOfArrays(value: JsonValue): boolean {
  return Array.isArray(value) && value.length > 0 && value.every(Array.isArray);
}

/**
 * The value on one line with `, ` and `: ` separators, or undefined when it holds a list of arrays,
 * which is never joined so that a dense layer reads like the board, one row per line.
 */
function inline(value: JsonValue, depth: number): string | undefined {
  if (!isContainer(value)) return scalar(value);
  if (depth > MAX_NESTING) throw new RangeError(`the value is nested more than ${MAX_NESTING} levels deep`);
  if (isArrayOfArrays(value)) return undefined;
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const part = inline(item, depth + 1);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return `[${parts.join(", ")}]`;
  }
  for (const [key, item] of entriesOf(value)) {
    const part = inline(item, depth + 1);
    if (part === undefined) return undefined;
    parts.push(`${JSON.stringify(key)}: ${part}`);
  }
  return `{${parts.join(", ")}}`;
}

/**
 * Writes `value` at `depth` indents; `prefixWidth` counts what precedes it on its line (indent, key)
 * and `suffixWidth` what follows (a comma). `inArray` marks an element of an array.
 */
function write(
  value: JsonValue,
  depth: number,
  prefixWidth: number,
  suffixWidth: number,
  inArray: boolean,
): string {
  if (!isContainer(value)) return scalar(value);
  // The top-level value is always expanded, so its one-line form is never needed.
  const flat = depth === 0 ? undefined : inline(value, depth);
  // A row of a dense layer stays on its line even when it is wider than the page.
  const row = inArray && Array.isArray(value) && isRow(value);
  if (flat !== undefined && (row || prefixWidth + flat.length + suffixWidth <= PACK_JSON_LINE_WIDTH))
    return flat;
  const inner = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const lines = value.map((item, i) => {
      const comma = i < value.length - 1 ? 1 : 0;
      return inner + write(item, depth + 1, inner.length, comma, true);
    });
    return `[\n${lines.join(",\n")}\n${close}]`;
  }
  const entries = entriesOf(value);
  if (entries.length === 0) return "{}";
  const lines = entries.map(([key, item], i) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    const comma = i < entries.length - 1 ? 1 : 0;
    return head + write(item, depth + 1, head.length, comma, false);
  });
  return `{\n${lines.join(",\n")}\n${close}}`;
}

/**
 * Pack JSON as the studio writes it: 2-space indent; an array or object on one line when that line
 * (indent, key and comma included) fits in {@link PACK_JSON_LINE_WIDTH} columns, except the top-level value,
 * which is always expanded; an array of arrays (a dense layer, a list of cells) always has one inner
 * array per line, each on one line whatever its width; keys in the
 * object's own order; a trailing newline. Throws a RangeError for values nested deeper than the
 * validator accepts.
 */
export function formatPackJson(value: JsonValue): string {
  return `${write(value, 0, 0, 0, false)}\n`;
}
