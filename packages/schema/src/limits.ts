/**
 * The sizes a pack may reach. Each keeps a hostile or mistaken pack from exhausting the machine that
 * validates, plays or publishes it, and each is far above what real packs use (the shipped packs'
 * largest JSON file is 12 KB, their longest gold path 56 actions, their largest asset 2.7 MB).
 * Documented in the package README and in the guide "Packs and files".
 * @module
 */

/** A JSON file of a pack (manifest, game, theme, a level) may be at most this many bytes: 4 MiB. */
export const MAX_JSON_FILE_BYTES = 4 * 1024 * 1024;

/** Any other file of a pack (an image, a sound) may be at most this many bytes: 16 MiB. */
export const MAX_ASSET_FILE_BYTES = 16 * 1024 * 1024;

/** A pack may have at most this many level files (and `levelSequence` at most this many entries). */
export const MAX_LEVELS = 1000;

/** A gold path may have at most this many actions (the schema's `maxItems` of `solution.goldPath`). */
export const MAX_GOLD_PATH_ACTIONS = 10_000;

/** Ids, keys and other names are at most this many characters (the schema's `maxLength` of names). */
export const MAX_NAME_LENGTH = 64;

/** `1.5 MiB`, `300 KiB`, `12 bytes`: a size for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}

/** The most bytes the pack file at `path` may have: JSON is read whole and parsed, so it is held tighter. */
export function sizeLimit(path: string): number {
  return path.endsWith(".json") ? MAX_JSON_FILE_BYTES : MAX_ASSET_FILE_BYTES;
}

/** Why a file of `bytes` at `path` is not read (it is over {@link sizeLimit}), as a clause. */
export function tooLargeReason(path: string, bytes: number): string {
  const kind = path.endsWith(".json") ? "JSON files" : "files other than JSON";
  return `it is ${formatBytes(bytes)}, and a pack's ${kind} may be at most ${formatBytes(sizeLimit(path))}`;
}

/** The size of a file's content in bytes (text as UTF-8) when it is over `limit`; `undefined` when it is not. */
export function sizeOver(content: string | Uint8Array, limit: number): number | undefined {
  if (typeof content !== "string") return content.byteLength > limit ? content.byteLength : undefined;
  // UTF-8 takes at most three bytes per UTF-16 unit: shorter text needs no encoding to be known small.
  if (content.length * 3 <= limit) return undefined;
  const bytes = new TextEncoder().encode(content).byteLength;
  return bytes > limit ? bytes : undefined;
}
