/**
 * A pack folder packed in a `.zip` (what the studio exports): read in memory, never extracted, so no
 * entry can write anywhere. The zip's root is the pack's root (manifest.json at the top), or a single
 * top-level folder is. Entries are checked from the zip's headers before anything is inflated, and the
 * inflated sizes are checked again, since headers can lie.
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import type { PackFiles, UnreadFile } from "@gridponder/schema";
import { MAX_JSON_FILE_BYTES } from "@gridponder/schema/node";
import { type UnzipFileInfo, unzipSync } from "fflate";
import { InputError, refusedPath } from "./errors.js";

/** The most entries (files and folders) a pack zip may hold. */
export const MAX_ZIP_ENTRIES = 2000;
/** The most bytes one entry may inflate to: 16 MiB, a pack's largest file. */
export const MAX_ZIP_ENTRY_BYTES = 16 * 1024 * 1024;
/** The most bytes all entries together may inflate to: 64 MiB. */
export const MAX_ZIP_TOTAL_BYTES = 64 * 1024 * 1024;

/** A pack read from a zip: its files by pack-relative path, and the folder of the zip they are under. */
export interface ZipPack {
  readonly files: PackFiles;
  /** Files found but not read (a JSON file over the schema's limit), for the validator to report. */
  readonly unread: UnreadFile[];
  /** `""` when manifest.json is at the zip's root, else the single top folder with a trailing `/`. */
  readonly root: string;
}

export function isZipName(path: string): boolean {
  return /\.zip$/i.test(path);
}

/** Whether `path` names an existing file ending in `.zip`. */
export async function isZipFile(path: string): Promise<boolean> {
  if (!isZipName(path)) return false;
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

const MiB = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/** Why an entry's name is refused, or null: it must be a plain relative path inside the zip. */
function badName(name: string): string | null {
  if (name.includes("\\")) return "it has a backslash";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "it is an absolute path";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return "it has a control character";
  const segments = name.replace(/\/$/, "").split("/");
  if (segments.some((s) => s === "..")) return "it has a .. segment";
  if (segments.some((s) => s === "" || s === ".")) return "it has an empty or . segment";
  return null;
}

/** Entries a pack folder's reader would skip too: hidden files, node_modules, and macOS's zip extras. */
function isSkipped(name: string): boolean {
  return name.split("/").some((s) => s.startsWith(".") || s === "node_modules" || s === "__MACOSX");
}

function refuse(zip: string, entry: string, why: string): never {
  throw new InputError(`refusing ${zip}: entry ${JSON.stringify(entry)}: ${why}`);
}

/** Checks every entry's header (name, method, sizes) before anything is inflated. */
function checkHeaders(zip: string, data: Uint8Array): UnzipFileInfo[] {
  const entries: UnzipFileInfo[] = [];
  const names = new Set<string>();
  let total = 0;
  try {
    unzipSync(data, {
      filter(file) {
        if (entries.length >= MAX_ZIP_ENTRIES)
          throw new InputError(`refusing ${zip}: it has more than ${MAX_ZIP_ENTRIES} entries`);
        const why = badName(file.name);
        if (why !== null) refuse(zip, file.name, why);
        if (names.has(file.name)) refuse(zip, file.name, "it appears twice");
        names.add(file.name);
        if (file.compression !== 0 && file.compression !== 8)
          refuse(
            zip,
            file.name,
            `it is compressed with method ${file.compression} (only stored and deflate are read)`,
          );
        if (file.originalSize > MAX_ZIP_ENTRY_BYTES)
          refuse(
            zip,
            file.name,
            `it inflates to ${file.originalSize} bytes, over ${MiB(MAX_ZIP_ENTRY_BYTES)}`,
          );
        total += file.originalSize;
        if (total > MAX_ZIP_TOTAL_BYTES)
          refuse(zip, file.name, `the entries up to it inflate to over ${MiB(MAX_ZIP_TOTAL_BYTES)} in all`);
        entries.push(file);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${zip} as a zip (${error instanceof Error ? error.message : error})`);
  }
  return entries;
}

/** The folder the pack is in: the root when it has manifest.json, else the one top folder holding it. */
function packRoot(zip: string, names: readonly string[]): string {
  if (names.includes("manifest.json")) return "";
  const tops = new Set(names.map((n) => n.split("/")[0] as string));
  const [top] = tops;
  if (tops.size === 1 && top !== undefined && names.includes(`${top}/manifest.json`)) return `${top}/`;
  throw new InputError(
    `${zip} is not a pack: it has no manifest.json at its root, nor a single top folder holding one`,
  );
}

/** Reads a pack zip into memory, refusing one that is hostile or too large, naming the entry. */
export async function readZipPack(zip: string): Promise<ZipPack> {
  let data: Uint8Array;
  try {
    // A zip larger than all it may hold inflated is refused unread.
    if ((await stat(zip)).size > MAX_ZIP_TOTAL_BYTES)
      throw new InputError(`refusing ${zip}: it is over ${MiB(MAX_ZIP_TOTAL_BYTES)}`);
    data = new Uint8Array(await readFile(zip));
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw refusedPath("read", zip, error);
  }
  const headers = checkHeaders(zip, data);
  const wanted = new Set(
    headers.filter((f) => !f.name.endsWith("/") && !isSkipped(f.name)).map((f) => f.name),
  );
  const root = packRoot(zip, [...wanted]);
  let inflated: Record<string, Uint8Array>;
  try {
    inflated = unzipSync(data, { filter: (file) => wanted.has(file.name) && file.name.startsWith(root) });
  } catch (error) {
    throw new InputError(`cannot read ${zip} as a zip (${error instanceof Error ? error.message : error})`);
  }
  const files: PackFiles = Object.create(null);
  const unread: UnreadFile[] = [];
  const decoder = new TextDecoder();
  let total = 0;
  for (const [name, bytes] of Object.entries(inflated)) {
    // Headers can understate what an entry inflates to: the output is held to the same limits.
    if (bytes.byteLength > MAX_ZIP_ENTRY_BYTES)
      refuse(zip, name, `it inflates to over ${MiB(MAX_ZIP_ENTRY_BYTES)}`);
    total += bytes.byteLength;
    if (total > MAX_ZIP_TOTAL_BYTES)
      refuse(zip, name, `the entries inflate to over ${MiB(MAX_ZIP_TOTAL_BYTES)}`);
    const path = name.slice(root.length);
    if (!path.endsWith(".json")) files[path] = bytes;
    else if (bytes.byteLength > MAX_JSON_FILE_BYTES)
      unread.push({
        path,
        code: "file-too-large",
        reason: `it is ${bytes.byteLength} bytes, and a pack's JSON files may be at most ${MiB(MAX_JSON_FILE_BYTES)}`,
      });
    else files[path] = decoder.decode(bytes);
  }
  return { files, unread, root };
}
