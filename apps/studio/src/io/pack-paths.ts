/**
 * The one policy for reading a pack from outside the studio (a zip, a folder picked in the browser):
 * which entry paths are refused, which are skipped, how big they may be, and where the pack's root is.
 * Sources list their entries first, so every limit is checked before any content is read.
 * @module
 */
import { dictionary, type PackFiles } from "@gridponder/schema";

/** Bounds on what is read; defaults in {@link DEFAULT_READ_LIMITS}. */
export interface PackReadLimits {
  /** Entries listed in the source, directories and skipped files included. */
  readonly maxEntries: number;
  /** Bytes of one file, uncompressed. */
  readonly maxFileBytes: number;
  /** Bytes of all files read, uncompressed. */
  readonly maxTotalBytes: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_READ_LIMITS: PackReadLimits = {
  maxEntries: 2000,
  maxFileBytes: 16 * MIB,
  maxTotalBytes: 64 * MIB,
};

/** The outcome of reading a pack: its files and what was passed over, or why nothing was read. */
export type PackReadResult =
  | { readonly ok: true; readonly files: PackFiles; readonly notes: string[] }
  | { readonly ok: false; readonly error: string };

/** One entry as a source lists it, before reading: `size` is what the source claims. */
export interface ListedEntry {
  /** The path inside the source, forward slashes; a directory may end with `/`. */
  readonly name: string;
  readonly size: number;
  readonly directory: boolean;
}

/** What to read: source name → pack path, in pack-path order, with the notes on what was skipped. */
export interface ReadPlan {
  readonly read: readonly { readonly name: string; readonly path: string }[];
  readonly notes: string[];
}

/** Shown (quoted) in messages: pack text is never trusted to be short or printable. */
export function quotePath(path: string): string {
  const shown = path.length > 120 ? `${path.slice(0, 120)}…` : path;
  return JSON.stringify(shown);
}

/** Why an entry path may not be read at all, or `undefined` when it is a plain relative path. */
export function unsafeEntryPath(path: string): string | undefined {
  if (path.length === 0) return "the path is empty";
  if (path.length > 1024) return "the path is longer than 1024 characters";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return "the path contains a NUL or control character";
  if (path.includes("\\")) return "the path contains a backslash; zip paths use forward slashes";
  if (path.startsWith("/")) return "the path is absolute";
  if (/^[a-zA-Z]:/.test(path)) return "the path starts with a drive letter";
  const segments = path.split("/");
  if (segments.includes("..")) return "the path climbs out of its folder with '..'";
  if (segments.some((s) => s === "" || s === ".")) return "the path has an empty or '.' segment";
  return undefined;
}

/** Files an archiver or file manager adds that are never part of a pack. */
function isSystemClutter(path: string): boolean {
  const segments = path.split("/");
  return segments[0] === "__MACOSX" || segments.at(-1) === ".DS_Store";
}

/** The files a pack consists of; everything else in a source is skipped with a note. */
export function isPackFilePath(path: string): boolean {
  if (path === "manifest.json" || path === "game.json" || path === "theme.json") return true;
  const segments = path.split("/");
  if (segments[0] === "levels") return segments.length === 2 && path.endsWith(".json");
  return segments[0] === "assets" && segments.length >= 2;
}

export function isJsonPath(path: string): boolean {
  return path.toLowerCase().endsWith(".json");
}

/** The pack's root: none when manifest.json is at the top, else the one folder every file is in. */
function rootPrefix(paths: readonly string[]): string | undefined {
  if (paths.includes("manifest.json")) return "";
  const first = paths[0]?.split("/")[0];
  if (first === undefined) return undefined;
  const prefix = `${first}/`;
  if (!paths.every((p) => p.startsWith(prefix))) return undefined;
  return paths.includes(`${prefix}manifest.json`) ? prefix : undefined;
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * Checks a source's listing against the limits and the path rules and decides what to read. Refuses
 * the whole source (an error naming the entry) for an unsafe path, a duplicate, too many entries or
 * sizes over the limits; skips, with a note, directories, system clutter and files no pack has.
 */
export function planPackRead(
  entries: readonly ListedEntry[],
  limits: PackReadLimits = DEFAULT_READ_LIMITS,
): { ok: true; plan: ReadPlan } | { ok: false; error: string } {
  if (entries.length > limits.maxEntries)
    return { ok: false, error: `it has more than ${limits.maxEntries} entries; a pack has far fewer` };
  const notes: string[] = [];
  const seen = new Set<string>();
  const files: string[] = [];
  let total = 0;
  for (const entry of entries) {
    const path = entry.directory && entry.name.endsWith("/") ? entry.name.slice(0, -1) : entry.name;
    const unsafe = unsafeEntryPath(path);
    if (unsafe) return { ok: false, error: `entry ${quotePath(entry.name)} is refused: ${unsafe}` };
    if (seen.has(path)) return { ok: false, error: `entry ${quotePath(path)} appears twice` };
    seen.add(path);
    if (entry.directory) continue;
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      return { ok: false, error: `entry ${quotePath(path)} has no valid size` };
    if (entry.size > limits.maxFileBytes)
      return { ok: false, error: tooLarge(path, entry.size, limits.maxFileBytes) };
    total += entry.size;
    if (total > limits.maxTotalBytes) return { ok: false, error: tooLargeTotal(limits.maxTotalBytes) };
    if (isSystemClutter(path)) notes.push(`skipped ${quotePath(path)}: it is file-system clutter`);
    else files.push(path);
  }
  const prefix = rootPrefix(files);
  if (prefix === undefined)
    return {
      ok: false,
      error:
        "no manifest.json found: expected it at the top of the pack, or inside one folder that holds the whole pack",
    };
  const read: { name: string; path: string }[] = [];
  for (const name of files) {
    const path = name.slice(prefix.length);
    if (isPackFilePath(path)) read.push({ name, path });
    else
      notes.push(
        `skipped ${quotePath(name)}: a pack holds only manifest.json, game.json, theme.json, levels/*.json and assets/…`,
      );
  }
  read.sort(byPath);
  return { ok: true, plan: { read, notes } };
}

function tooLarge(path: string, size: number, limit: number): string {
  return `entry ${quotePath(path)} is ${size} bytes; a file may have at most ${limit} bytes`;
}

function tooLargeTotal(limit: number): string {
  return `its files add up to more than ${limit} bytes; a pack may have at most that`;
}

/**
 * Gathers the contents of a planned read into pack files, checking the sizes again on what was really
 * read (a listing may lie) and decoding JSON files as UTF-8 text.
 */
class PackFilesCollector {
  readonly files: PackFiles = dictionary();
  private total = 0;

  constructor(private readonly limits: PackReadLimits = DEFAULT_READ_LIMITS) {}

  private static readonly utf8 = new TextDecoder("utf-8", { fatal: true });

  /** Adds one file; returns why the whole read is refused, or `undefined`. */
  add(path: string, bytes: Uint8Array): string | undefined {
    if (bytes.length > this.limits.maxFileBytes)
      return tooLarge(path, bytes.length, this.limits.maxFileBytes);
    this.total += bytes.length;
    if (this.total > this.limits.maxTotalBytes) return tooLargeTotal(this.limits.maxTotalBytes);
    if (!isJsonPath(path)) {
      this.files[path] = bytes;
      return undefined;
    }
    try {
      this.files[path] = PackFilesCollector.utf8.decode(bytes);
    } catch {
      return `${quotePath(path)} is not valid UTF-8 text; JSON files must be UTF-8`;
    }
    return undefined;
  }
}

/**
 * Reads what a plan chose through `contentOf` (source name → bytes, `undefined` when it could not be
 * read) into pack files; `source` names the source in refusals ("zip", "folder").
 */
export function collectPlanned(
  source: string,
  plan: ReadPlan,
  limits: PackReadLimits,
  contentOf: (name: string) => Uint8Array | undefined,
): PackReadResult {
  const collector = new PackFilesCollector(limits);
  for (const { name, path } of plan.read) {
    const bytes = contentOf(name);
    if (!bytes) return { ok: false, error: `the ${source} is damaged: ${quotePath(name)} could not be read` };
    const refused = collector.add(path, bytes);
    if (refused) return { ok: false, error: `the ${source} is refused: ${refused}` };
  }
  return { ok: true, files: collector.files, notes: plan.notes };
}

/** Fills in what a caller left out of partial limits. */
export function readLimits(limits?: Partial<PackReadLimits>): PackReadLimits {
  return { ...DEFAULT_READ_LIMITS, ...limits };
}

/** An error's message, for a refusal that says what went wrong underneath. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
