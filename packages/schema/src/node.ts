/**
 * Node.js helpers: read a pack folder from disk and validate it, resolving shared asset collections
 * from search paths.
 * @module
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { dictionary } from "./records.js";
import type { PackFiles } from "./validate/context.js";
import { type ValidateOptions, type ValidationResult, validatePack } from "./validate/validate-pack.js";

/** Files larger than this are not read; a pack has no business shipping them. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Every file below a folder as sorted, forward-slash paths relative to it. Hidden files,
 * `node_modules` and symbolic links are skipped.
 */
export async function listPackFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = join(dir, entry.name);
      // Symbolic links are skipped: following them could read files outside the pack folder.
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(relative(root, full).split(sep).join("/"));
    }
  };
  await walk(root);
  return out;
}

/**
 * Reads a pack folder into {@link PackFiles}: `.json` files as text, everything else as bytes.
 * Hidden files, `node_modules` and symbolic links are skipped.
 */
export async function readPackFolder(dir: string): Promise<PackFiles> {
  const files: PackFiles = dictionary();
  for (const path of await listPackFiles(dir)) {
    const full = join(dir, path);
    if ((await stat(full)).size > MAX_FILE_BYTES) continue;
    files[path] = path.endsWith(".json")
      ? await readFile(full, "utf8")
      : new Uint8Array(await readFile(full));
  }
  return files;
}

/** Lists the shared asset collections found on search paths: each sub-folder is a collection named after it. */
export async function findSharedCollections(
  searchPaths: readonly string[],
): Promise<Record<string, string[]>> {
  const collections = dictionary<string[]>();
  for (const base of searchPaths) {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(base, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || Object.hasOwn(collections, entry.name)) continue;
      collections[entry.name] = await listPackFiles(join(base, entry.name));
    }
  }
  return collections;
}

/** Options for {@link validatePackFolder}. */
export interface ValidateFolderOptions extends ValidateOptions {
  /** Folders whose sub-folders are shared asset collections (for example the folder holding all packs). */
  searchPaths?: string[];
}

/** Reads and validates a pack folder. A folder that cannot be read is reported as a diagnostic, not thrown. */
export async function validatePackFolder(
  dir: string,
  options: ValidateFolderOptions = {},
): Promise<ValidationResult> {
  let files: PackFiles;
  try {
    files = await readPackFolder(dir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      diagnostics: [
        {
          file: "manifest.json",
          pointer: "",
          severity: "error",
          code: "missing-file",
          message: `cannot read the pack folder ${dir}: ${reason}`,
        },
      ],
    };
  }
  const { searchPaths, ...rest } = options;
  const validateOptions: ValidateOptions = { ...rest };
  if (searchPaths && !rest.sharedCollections)
    validateOptions.sharedCollections = await findSharedCollections(searchPaths);
  return validatePack(files, validateOptions);
}

export type { PackFiles } from "./validate/context.js";
export type { ValidateOptions, ValidationResult } from "./validate/validate-pack.js";
