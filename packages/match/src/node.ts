/**
 * Node.js helpers: read a match pack folder from disk and validate it.
 * @module
 */
import { constants, type Dirent } from "node:fs";
import { type FileHandle, lstat, open, readdir } from "node:fs/promises";
import { join } from "node:path";
import { MAX_JSON_FILE_BYTES, MAX_LEVELS, type UnreadFile } from "@gridponder/schema";
import { fileErrorText, unreadableFolderDiagnostic } from "@gridponder/schema/node";
import { type MatchValidationResult, validateMatchPack } from "./validate/validate-pack.js";

/** The files of a match pack folder that are read; nothing else in the folder is opened. */
const TOP_FILES = ["manifest.json", "game.json", "theme.json"] as const;

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ENOENT";
}

/** `O_NOFOLLOW` where the platform has it: opening a symbolic link then fails instead of following it. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

type ReadOutcome = { text: string } | { unread: UnreadFile } | { missing: true };

/**
 * Reads one file of the pack as UTF-8 text, refusing what is not a regular file inside the folder: a
 * symbolic link is not followed (checked before opening, and by `O_NOFOLLOW` while opening), and a
 * file over {@link MAX_JSON_FILE_BYTES} is not read, its size taken from the open file itself.
 */
async function readPackFile(dir: string, path: string): Promise<ReadOutcome> {
  const full = join(dir, ...path.split("/"));
  let handle: FileHandle | undefined;
  try {
    const link = await lstat(full);
    if (link.isSymbolicLink())
      return {
        unread: {
          path,
          code: "symlink",
          reason: "it is a symbolic link, and symbolic links are not followed",
        },
      };
    if (!link.isFile())
      return { unread: { path, code: "file-unreadable", reason: "it is not a regular file" } };
    handle = await open(full, constants.O_RDONLY | NO_FOLLOW);
    const info = await handle.stat();
    if (!info.isFile())
      return { unread: { path, code: "file-unreadable", reason: "it is not a regular file" } };
    if (info.size > MAX_JSON_FILE_BYTES)
      return {
        unread: {
          path,
          code: "file-too-large",
          reason: `it is ${info.size} bytes, and a pack's JSON files may be at most ${MAX_JSON_FILE_BYTES}`,
        },
      };
    // Read at most one byte past the limit: a file that grew since it was measured is still refused.
    const buffer = Buffer.alloc(info.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_JSON_FILE_BYTES)
      return {
        unread: {
          path,
          code: "file-too-large",
          reason: `it is over ${MAX_JSON_FILE_BYTES} bytes, the most a pack's JSON file may have`,
        },
      };
    return { text: buffer.subarray(0, Math.min(length, info.size)).toString("utf8") };
  } catch (error) {
    if (isMissing(error)) return { missing: true };
    const loop = (error as { code?: unknown } | null)?.code === "ELOOP";
    return {
      unread: loop
        ? { path, code: "symlink", reason: "it is a symbolic link, and symbolic links are not followed" }
        : { path, code: "file-unreadable", reason: `it cannot be read (${fileErrorText(error)})` },
    };
  } finally {
    await handle?.close();
  }
}

/** The files and unread entries of a pack folder, by pack-relative path. */
export interface MatchPackContents {
  readonly files: Record<string, string>;
  readonly unread: UnreadFile[];
}

/**
 * Reads the files a match pack is made of from a folder: manifest.json, game.json, theme.json and
 * levels/*.json (no deeper). Symbolic links inside the folder are not followed, files over the size
 * limit are not read, and neither are more than `MAX_LEVELS` (of `@gridponder/schema`) level files; each
 * is listed in `unread` with why. Only a folder that cannot be read at all throws.
 */
export async function readMatchPackFolder(dir: string): Promise<MatchPackContents> {
  const files: Record<string, string> = Object.create(null);
  const unread: UnreadFile[] = [];
  const take = async (path: string) => {
    const outcome = await readPackFile(dir, path);
    if ("text" in outcome) files[path] = outcome.text;
    else if ("unread" in outcome) unread.push(outcome.unread);
  };
  // Throws when the folder itself cannot be listed, before anything is read.
  await readdir(dir);
  for (const path of TOP_FILES) await take(path);
  const levelsDir = join(dir, "levels");
  let entries: Dirent[] = [];
  try {
    const info = await lstat(levelsDir);
    if (info.isSymbolicLink())
      unread.push({
        path: "levels/",
        code: "symlink",
        reason: "it is a symbolic link, and symbolic links are not followed",
      });
    else if (info.isDirectory()) entries = await readdir(levelsDir, { withFileTypes: true });
  } catch (error) {
    if (!isMissing(error))
      unread.push({
        path: "levels/",
        code: "folder-unreadable",
        reason: `the folder cannot be read (${fileErrorText(error)})`,
      });
  }
  const names = entries
    .filter((e) => e.name.endsWith(".json") && !e.name.startsWith(".") && !e.isDirectory())
    .map((e) => e.name)
    .sort();
  for (const [i, name] of names.entries()) {
    const path = `levels/${name}`;
    if (i >= MAX_LEVELS)
      unread.push({
        path,
        code: "file-unreadable",
        reason: `a pack may have at most ${MAX_LEVELS} level files`,
      });
    else await take(path);
  }
  return { files, unread };
}

/**
 * Reads and validates a match pack folder. Nothing about the folder is thrown: a folder that cannot
 * be read, and each file found but not read, is a diagnostic.
 */
export async function loadMatchPackFolder(dir: string): Promise<MatchValidationResult> {
  let contents: MatchPackContents;
  try {
    contents = await readMatchPackFolder(dir);
  } catch (error) {
    return { ok: false, diagnostics: [unreadableFolderDiagnostic(dir, error)] };
  }
  return validateMatchPack(contents.files, { unreadFiles: contents.unread });
}

/**
 * Whether a manifest.json's text is a match pack's: an object with `"format": "match"`. Text that does not
 * parse as JSON is not (a folder of packs holds puzzle packs too, whose validator then reports it).
 */
export function isMatchManifestText(text: string): boolean {
  try {
    const manifest: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
    return (
      typeof manifest === "object" &&
      manifest !== null &&
      (manifest as { format?: unknown }).format === "match"
    );
  } catch {
    return false;
  }
}

/**
 * Whether a folder holds a match pack rather than a puzzle pack: its manifest.json (read like every pack
 * file: a regular file, not a symbolic link, within the size limit) says `"format": "match"`.
 */
export async function isMatchPackFolder(dir: string): Promise<boolean> {
  const outcome = await readPackFile(dir, "manifest.json");
  return "text" in outcome && isMatchManifestText(outcome.text);
}

export type { MatchValidationResult } from "./validate/validate-pack.js";
