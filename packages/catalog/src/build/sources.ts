import { readdir, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { isMatchPackFolder } from "@gridponder/match/node";
import { CatalogError } from "./errors.ts";

/** The packs of the given folders and the folders holding shared collections. */
export interface PackSources {
  /** Puzzle pack folders (absolute): per input folder, its packs sorted by folder name. */
  readonly packs: readonly string[];
  /** Match pack folders (`"format": "match"` in the manifest: board and card games), in the same order. */
  readonly matches: readonly string[];
  /** Every folder whose sub-folders may be shared collections: the input folders and single packs' parents. */
  readonly collectionFolders: readonly string[];
}

/** Why a folder cannot be read, in the words of the file system (permission denied, too many links…). */
function unreadable(folder: string, error: unknown): CatalogError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new CatalogError(`cannot read ${folder}: ${reason}`, [
    {
      file: folder,
      pointer: "",
      severity: "error",
      code: "unreadable-folder",
      message: `cannot read this folder (${reason}); expected a readable folder of packs or pack`,
    },
  ]);
}

/** Whether `path` is a file; a path the file system will not tell about is an error, not a "no". */
async function isFile(path: string): Promise<boolean> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
    throw unreadable(dirname(path), error);
  });
  return info?.isFile() ?? false;
}

/**
 * Reads folders of packs: each sub-folder with a `manifest.json` is a pack (a match pack when the
 * manifest says `"format": "match"`, else a puzzle pack); sub-folders without one are shared asset
 * collections. A folder that is itself a pack counts as one pack.
 */
export async function findPackSources(folders: readonly string[]): Promise<PackSources> {
  const packs: string[] = [];
  const matches: string[] = [];
  const collectionFolders: string[] = [];
  const add = (folder: string) => {
    if (!collectionFolders.includes(folder)) collectionFolders.push(folder);
  };
  const take = async (dir: string) => {
    if (packs.includes(dir) || matches.includes(dir)) return;
    if (await isMatchPackFolder(dir)) matches.push(dir);
    else packs.push(dir);
  };
  for (const folder of folders.map((f) => resolve(f))) {
    const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
      throw unreadable(folder, error);
    });
    if (info === null) throw new CatalogError(`no such folder of packs: ${folder}`);
    if (!info.isDirectory()) throw new CatalogError(`not a folder of packs: ${folder}`);
    if (await isFile(join(folder, "manifest.json"))) {
      await take(folder);
      add(dirname(folder));
      continue;
    }
    add(folder);
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
      throw unreadable(folder, error);
    });
    const names = entries
      .filter((e) => e.isDirectory() && !e.name.startsWith("."))
      .map((e) => e.name)
      .sort();
    for (const name of names) {
      const dir = join(folder, name);
      if (await isFile(join(dir, "manifest.json"))) await take(dir);
    }
  }
  return { packs, matches, collectionFolders };
}

/**
 * Where a pack's shared collections are looked up: beside the pack first, then in the other folders, so
 * that a catalog of several folders shares one `gridponder-base`.
 */
export function searchPathsFor(packDir: string, sources: PackSources): string[] {
  const own = dirname(packDir);
  return [own, ...sources.collectionFolders.filter((f) => f !== own)];
}
