/**
 * Node.js helpers: read a pack folder from disk and validate it, resolving shared asset collections
 * from search paths.
 * @module
 */
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { sizeLimit, tooLargeReason } from "./limits.js";
import { dictionary } from "./records.js";
import type { PackFiles } from "./validate/context.js";
import type { Diagnostic } from "./validate/diagnostics.js";
import type { UnreadFile } from "./validate/unread-files.js";
import { type ValidateOptions, type ValidationResult, validatePack } from "./validate/validate-pack.js";

/** A pack folder as found on disk: the files that can be read, and what was found but not read. */
export interface PackListing {
  /** Sorted, forward-slash paths relative to the folder. */
  readonly files: string[];
  readonly unread: UnreadFile[];
}

/**
 * The part of an error worth showing: `EACCES: permission denied`, without the call and path Node adds.
 * Exported for the match package's folder reader; not part of the public API.
 * @internal
 */
export function fileErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, \w+ '[^']*'$/, "");
}

/**
 * Every file below a folder, with what was found but not read: symbolic links (never followed, so a
 * pack cannot reach outside its folder), entries that are not regular files, and sub-folders that
 * cannot be listed. Hidden files and `node_modules` are skipped silently. Only an unreadable `root`
 * itself throws.
 */
export async function listPackFolder(root: string): Promise<PackListing> {
  const files: string[] = [];
  const unread: UnreadFile[] = [];
  const walk = async (rel: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(rel === "" ? root : join(root, rel), { withFileTypes: true });
    } catch (error) {
      if (rel === "") throw error;
      unread.push({
        path: `${rel}/`,
        code: "folder-unreadable",
        reason: `the folder cannot be read (${fileErrorText(error)})`,
      });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push(path);
      else if (entry.isSymbolicLink())
        unread.push({
          path,
          code: "symlink",
          reason: "it is a symbolic link, and symbolic links are not followed",
        });
      else unread.push({ path, code: "file-unreadable", reason: "it is not a regular file" });
    }
  };
  await walk("");
  return { files, unread };
}

/**
 * Every file below a folder as sorted, forward-slash paths relative to it. Hidden files,
 * `node_modules`, symbolic links and sub-folders that cannot be listed are skipped (see
 * {@link listPackFolder} for what was skipped and why).
 */
export async function listPackFiles(root: string): Promise<string[]> {
  return (await listPackFolder(root)).files;
}

/**
 * Reads a pack folder: `.json` files as text, everything else as bytes, and what was found but not
 * read and why (symbolic links, files over {@link MAX_JSON_FILE_BYTES} or {@link MAX_ASSET_FILE_BYTES},
 * files or sub-folders that cannot be read). Only an unreadable `dir` itself throws.
 */
export async function readPackContents(dir: string): Promise<{ files: PackFiles; unread: UnreadFile[] }> {
  const listing = await listPackFolder(dir);
  const files: PackFiles = dictionary();
  const unread = [...listing.unread];
  for (const path of listing.files) {
    const full = join(dir, path);
    try {
      const size = (await stat(full)).size;
      if (size > sizeLimit(path)) {
        unread.push({ path, code: "file-too-large", reason: tooLargeReason(path, size) });
        continue;
      }
      files[path] = path.endsWith(".json")
        ? await readFile(full, "utf8")
        : new Uint8Array(await readFile(full));
    } catch (error) {
      unread.push({ path, code: "file-unreadable", reason: `it cannot be read (${fileErrorText(error)})` });
    }
  }
  unread.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, unread };
}

/**
 * Reads a pack folder into {@link PackFiles}: `.json` files as text, everything else as bytes.
 * What cannot be read is left out (see {@link readPackContents} for what and why).
 */
export async function readPackFolder(dir: string): Promise<PackFiles> {
  return (await readPackContents(dir)).files;
}

/**
 * Lists the shared asset collections found on search paths: each sub-folder is a collection named
 * after it. A search path or collection that cannot be read is passed over.
 * Exported for the player's pack compiler; not part of the public API.
 * @internal
 */
export async function findSharedCollections(
  searchPaths: readonly string[],
): Promise<Record<string, string[]>> {
  const collections = dictionary<string[]>();
  for (const base of searchPaths) {
    let entries: Dirent[];
    try {
      entries = await readdir(base, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || Object.hasOwn(collections, entry.name)) continue;
      try {
        collections[entry.name] = await listPackFiles(join(base, entry.name));
      } catch {
        // An unreadable collection is as good as absent: a pack naming it is told it was not found.
      }
    }
  }
  return collections;
}

/**
 * The diagnostic of a pack folder that cannot be read at all (it is missing, or not a folder, or not
 * readable): the pack has no manifest.
 * Exported for the match package's folder reader; not part of the public API.
 * @internal
 */
export function unreadableFolderDiagnostic(dir: string, error: unknown): Diagnostic {
  return {
    file: "manifest.json",
    pointer: "",
    severity: "error",
    code: "missing-file",
    message: `cannot read the pack folder ${dir}: ${fileErrorText(error)}`,
  };
}

/** Options for {@link validatePackFolder}. */
export interface ValidateFolderOptions extends ValidateOptions {
  /** Folders whose sub-folders are shared asset collections (for example the folder holding all packs). */
  searchPaths?: string[];
}

/**
 * Reads and validates a pack folder. Nothing about the folder is thrown: a folder that cannot be read,
 * and each file or sub-folder found but not read, is reported as a diagnostic.
 */
export async function validatePackFolder(
  dir: string,
  options: ValidateFolderOptions = {},
): Promise<ValidationResult> {
  let contents: { files: PackFiles; unread: UnreadFile[] };
  try {
    contents = await readPackContents(dir);
  } catch (error) {
    return { ok: false, diagnostics: [unreadableFolderDiagnostic(dir, error)], levelFiles: [] };
  }
  const { searchPaths, ...rest } = options;
  const validateOptions: ValidateOptions = {
    ...rest,
    unreadFiles: [...contents.unread, ...(rest.unreadFiles ?? [])],
  };
  if (searchPaths && !rest.sharedCollections)
    validateOptions.sharedCollections = await findSharedCollections(searchPaths);
  return validatePack(contents.files, validateOptions);
}

export { MAX_ASSET_FILE_BYTES, MAX_JSON_FILE_BYTES } from "./limits.js";
export type { PackFiles } from "./validate/context.js";
export type { UnreadCode, UnreadFile } from "./validate/unread-files.js";
export type { ValidateOptions, ValidationResult } from "./validate/validate-pack.js";
