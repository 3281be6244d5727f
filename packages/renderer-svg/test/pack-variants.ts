/**
 * Variants of a pack on disk for differential tests: the pack's files in memory, a name renamed
 * everywhere it occurs as a name, or one JSON file edited. Objects are rebuilt with own data
 * properties, so even a key `__proto__` survives as a key (as `JSON.parse` leaves it).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Pack-relative path → content (JSON as text), on a null-prototype object. */
export type Files = Record<string, string | Uint8Array>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every file of a pack folder (hidden files skipped). */
export function readPackFiles(dir: string): Files {
  const files: Files = Object.create(null);
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      if (name.startsWith(".")) continue;
      const path = rel === "" ? name : `${rel}/${name}`;
      const full = join(dir, path);
      if (statSync(full).isDirectory()) walk(path);
      else
        files[path] = path.endsWith(".json")
          ? readFileSync(full, "utf8")
          : new Uint8Array(readFileSync(full));
    }
  };
  walk("");
  return files;
}

/** An object with the given entries as own properties, whatever their names. */
function objectOf(entries: [string, Json][]): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** A copy of a JSON value with `rename` applied to every string and key. */
function mapJson(value: Json, rename: (text: string) => string): Json {
  if (typeof value === "string") return rename(value);
  if (Array.isArray(value)) return value.map((v) => mapJson(v, rename));
  if (value !== null && typeof value === "object")
    return objectOf(Object.entries(value).map(([k, v]) => [rename(k), mapJson(v, rename)]));
  return value;
}

/**
 * `from` renamed to `to` wherever it is a name: a whole string or key, a `{from}` sprite placeholder, an
 * `@param:from` display token, a segment of a `$cell.…` value reference. Free text is left alone.
 */
function renameIn(text: string, from: string, to: string): string {
  if (text === from) return to;
  if (text.startsWith("$cell."))
    return text
      .split(".")
      .map((s) => (s === from ? to : s))
      .join(".");
  if (text === `@param:${from}`) return `@param:${to}`;
  return text.replaceAll(`{${from}}`, `{${to}}`);
}

/** The pack with the name `from` renamed to `to` in every JSON file, and a level file `from.json` renamed. */
export function renamed(files: Files, from: string, to: string): Files {
  const out: Files = Object.create(null);
  for (const [path, content] of Object.entries(files)) {
    const target = path === `levels/${from}.json` ? `levels/${to}.json` : path;
    out[target] =
      typeof content === "string" && path.endsWith(".json")
        ? JSON.stringify(
            mapJson(JSON.parse(content) as Json, (t) => renameIn(t, from, to)),
            null,
            1,
          )
        : content;
  }
  return out;
}

/** A JSON value as a mutable tree (own properties, whatever their names). */
export type Tree = { [key: string]: Json } & Record<string, unknown>;

/** The pack with each named JSON file passed through `edit` (which may change the tree in place). */
export function edited(files: Files, edits: Record<string, (tree: Tree) => void>): Files {
  const out: Files = Object.create(null);
  for (const [path, content] of Object.entries(files)) {
    const edit = Object.hasOwn(edits, path) ? edits[path] : undefined;
    if (!edit || typeof content !== "string") {
      out[path] = content;
      continue;
    }
    const tree = mapJson(JSON.parse(content) as Json, (t) => t) as Tree;
    edit(tree);
    out[path] = JSON.stringify(tree, null, 1);
  }
  return out;
}

/** Sets `tree[key] = value` as an own property, even for `__proto__`. */
export function put(tree: object, key: string, value: unknown): void {
  Object.defineProperty(tree, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The level files of a pack. */
export function levelPaths(files: Files): string[] {
  return Object.keys(files).filter((p) => /^levels\/[^/]+\.json$/.test(p));
}
