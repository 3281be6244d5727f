import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { LoadResult, Pack, Registry } from "@gridponder/engine";
import { loadPack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { isMatchManifestText, isMatchPackFolder, loadMatchPackFolder } from "@gridponder/match/node";
import { type MatchValidationResult, validateMatchPack } from "@gridponder/match/validate";
import type { Diagnostic, PackFiles } from "@gridponder/schema";
import { listPackFiles, readPackFolder } from "@gridponder/schema/node";
import { diagnosticText } from "./diagnostic-text.js";
import { InputError, isSystemError, refusedPath } from "./errors.js";
import { isZipFile, isZipName, readZipPack } from "./zip-pack.js";

/** An `InputError` for a path the file system would not let us read, with the system's reason. */
export function unreadable(path: string, error: unknown): InputError {
  return refusedPath("read", path, error);
}

/** A path's stat, or null when nothing is there; any other failure is an `InputError` naming the path. */
async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch (error) {
    if (isSystemError(error) && (error.code === "ENOENT" || error.code === "ENOTDIR")) return null;
    throw unreadable(path, error);
  }
}

export async function isPackFolder(dir: string): Promise<boolean> {
  return (await statOrNull(join(dir, "manifest.json")))?.isFile() ?? false;
}

/** Fails with an `InputError` unless `path` is an existing folder. */
export async function requireFolder(path: string, what = "folder"): Promise<void> {
  const info = await statOrNull(path);
  if (!info) throw new InputError(`no such ${what}: ${path}`);
  if (!info.isDirectory()) throw new InputError(`not a folder: ${path}`);
}

/** Like {@link requireFolder}, but a missing `.zip` is named as the file it was meant to be. */
async function requireZipOrFolder(path: string, what = "folder"): Promise<void> {
  if (isZipName(path) && !(await statOrNull(path))) throw new InputError(`no such file: ${path}`);
  await requireFolder(path, what);
}

/** Options of {@link findPackFolders}. */
export interface FindPacksOptions {
  /**
   * Take the match packs (board and card games, `"format": "match"`) of a folder of packs too. Without
   * it, only puzzle packs are found there: the commands that play puzzles leave the games beside them.
   */
  readonly matchPacks?: boolean;
}

/**
 * The pack folders a path names: itself when it has a manifest.json (or is a pack's `.zip`), else its
 * sub-folders that do (match packs among them only with `matchPacks`).
 */
export async function findPackFolders(path: string, options: FindPacksOptions = {}): Promise<string[]> {
  if (await isZipFile(path)) return [path];
  await requireZipOrFolder(path);
  if (await isPackFolder(path)) return [path];
  let entries: Dirent[];
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (error) {
    throw unreadable(path, error);
  }
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const packs: string[] = [];
  let games = 0;
  for (const name of names.sort()) {
    const dir = join(path, name);
    if (!(await isPackFolder(dir))) continue;
    if (!options.matchPacks && (await isMatchPackFolder(dir))) games++;
    else packs.push(dir);
  }
  if (packs.length === 0)
    throw new InputError(
      games > 0
        ? `no puzzle pack found in ${path}, only match packs (board and card games), which this command does not play`
        : `no pack found in ${path} (a pack folder holds a manifest.json)`,
    );
  return packs;
}

/**
 * Whether a pack folder or `.zip` holds a match pack (a board or card game: its manifest.json says
 * `"format": "match"`) rather than a puzzle pack.
 */
export async function isMatchPackAt(path: string): Promise<boolean> {
  if (!(await isZipFile(path))) return isMatchPackFolder(path);
  const manifest = (await readZipPack(path)).files["manifest.json"];
  if (manifest === undefined) return false;
  return isMatchManifestText(typeof manifest === "string" ? manifest : new TextDecoder().decode(manifest));
}

/**
 * Validates a match pack folder or `.zip` with `@gridponder/match`'s validator; diagnostics' file names
 * start with the pack's path, as {@link loadPackAt}'s do.
 */
export async function validateMatchAt(path: string): Promise<MatchValidationResult> {
  if (await isZipFile(path)) {
    const { files, unread, root } = await readZipPack(path);
    const result = validateMatchPack(files, { unreadFiles: unread });
    return { ...result, diagnostics: locateDiagnostics(join(path, root), result.diagnostics) };
  }
  const result = await loadMatchPackFolder(path);
  return { ...result, diagnostics: locateDiagnostics(path, result.diagnostics) };
}

/**
 * Shared asset collections such as gridponder-base sit next to the packs that use them, so a pack's
 * parent folder is where to look for them.
 */
export function searchPathsFor(packDir: string): string[] {
  return [dirname(resolve(packDir))];
}

/** Prefixes diagnostics' pack-relative file names with the pack folder, so they read like compiler output. */
export function locateDiagnostics(packDir: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, file: join(packDir, d.file) }));
}

/** Options of {@link loadPackAt}. */
export interface LoadPackOptions {
  /**
   * Look up the shared asset collections a manifest names next to the pack ({@link searchPathsFor}),
   * so that a missing one is reported. Default: not looked up.
   */
  sharedCollections?: boolean;
  /** The types the pack may use (the CLI's `--plugin` modules); the built-in ones by default. */
  registry?: Registry;
}

/**
 * Loads a pack folder the one way every command does: `@gridponder/engine`'s loader validates it
 * against the schema and refuses it when it is invalid or uses a type the registry (the built-in types
 * and those of the `--plugin` modules) lacks. Diagnostics' file names start with `packDir`, so they read like compiler output.
 */
export async function loadPackAt(packDir: string, options: LoadPackOptions = {}): Promise<LoadResult> {
  if (await isZipFile(packDir)) return loadZipAt(packDir, options);
  let loaded: LoadResult;
  try {
    loaded = await loadPackFolder(packDir, {
      ...(options.sharedCollections ? { searchPaths: searchPathsFor(packDir) } : {}),
      ...(options.registry ? { registry: options.registry } : {}),
    });
  } catch (error) {
    // A folder the loader reaches but cannot read (a sub-folder, or a shared collection beside the
    // pack) is the input's fault; the system's message names the path.
    if (isSystemError(error)) throw unreadable(error.path ?? packDir, error);
    throw error;
  }
  return { ...loaded, diagnostics: locateDiagnostics(packDir, loaded.diagnostics) };
}

/**
 * The shared asset collections a zipped pack names (and the implicit gridponder-base) found beside the
 * zip. Only those are listed: a zip may sit in a folder of anything (a downloads folder), whose other
 * sub-folders are no business of the pack's.
 */
async function collectionsBeside(zip: string, files: PackFiles): Promise<Record<string, string[]>> {
  let named: unknown;
  try {
    named = (JSON.parse(String(files["manifest.json"] ?? "{}")) as { sharedAssets?: unknown }).sharedAssets;
  } catch {
    named = undefined;
  }
  const ids = new Set(["gridponder-base", ...(Array.isArray(named) ? named : [])]);
  const collections: Record<string, string[]> = Object.create(null);
  for (const id of ids) {
    // Only a plain folder name: an id from the pack must not reach elsewhere.
    if (typeof id !== "string" || !/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(id)) continue;
    const dir = join(dirname(resolve(zip)), id);
    if ((await statOrNull(dir))?.isDirectory()) collections[id] = await listPackFiles(dir);
  }
  return collections;
}

/**
 * Loads a pack from a `.zip` of its folder, in memory (see `zip-pack.ts`). Diagnostics name files as
 * paths inside the zip (`pack.zip/levels/one.json`); shared collections are looked up beside the zip.
 */
async function loadZipAt(zip: string, options: LoadPackOptions): Promise<LoadResult> {
  const { files, unread, root } = await readZipPack(zip);
  const loaded = loadPack(files, {
    unreadFiles: unread,
    ...(options.sharedCollections ? { sharedCollections: await collectionsBeside(zip, files) } : {}),
    ...(options.registry ? { registry: options.registry } : {}),
  });
  return { ...loaded, diagnostics: locateDiagnostics(join(zip, root), loaded.diagnostics) };
}

/**
 * Loads a pack for play; an invalid pack is an `InputError` carrying its errors. Shared asset
 * collections are not looked up: the text renderer draws no sprites, so a missing collection (which
 * `validate` reports) need not stop anyone from playing or tracing.
 */
export async function loadPlayablePack(packDir: string, registry?: Registry): Promise<Pack> {
  const zip = await isZipFile(packDir);
  if (!zip) await requireZipOrFolder(packDir, "pack folder");
  if (!zip && !(await isPackFolder(packDir)))
    throw new InputError(`${packDir} is not a pack folder (no manifest.json)`);
  if (await isMatchPackAt(packDir))
    throw new InputError(
      `${packDir} is a match pack (a board or card game), not a puzzle pack: gridponder validate checks it and gridponder build publishes it`,
    );
  const loaded = await loadPackAt(packDir, registry ? { registry } : {});
  if (!loaded.ok) {
    const errors = loaded.diagnostics.filter((d) => d.severity === "error");
    throw new InputError(`invalid pack ${packDir} (run gridponder validate ${packDir})`, [
      diagnosticText(errors),
    ]);
  }
  return loaded.pack;
}

/**
 * A puzzle pack's files with the pack they load into, for tools that load variants of it (a system
 * switched off, a level added): refused as {@link loadPlayablePack} refuses.
 */
export async function readPlayablePack(
  packDir: string,
  registry?: Registry,
): Promise<{ pack: Pack; files: PackFiles }> {
  const pack = await loadPlayablePack(packDir, registry);
  try {
    const files = (await isZipFile(packDir))
      ? (await readZipPack(packDir)).files
      : await readPackFolder(packDir);
    return { pack, files };
  } catch (error) {
    if (isSystemError(error)) throw unreadable(error.path ?? packDir, error);
    throw error;
  }
}

/** Fails with an `InputError` listing the valid ids unless the pack has the level. */
export function requireLevel(pack: Pack, levelId: string): string {
  if (Object.hasOwn(pack.levels, levelId)) return levelId;
  throw new InputError(`unknown level "${levelId}"; valid ids: ${pack.levelOrder.join(", ")}`);
}

/** The pack-relative path of a level file. */
export function levelFileOf(pack: Pack, levelId: string): string {
  return `${pack.manifest.levelDirectory ?? "levels"}/${levelId}.json`;
}
