/**
 * Test-only access to the packs: the conformance corpus beside the repository (read in place, never
 * copied) and the repository's own packs, loaded with the engine and the asset catalog a page would
 * have for them (`@gridponder/view`'s `AssetCatalog`).
 * @module
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { isMatchPack } from "@gridponder/conformance-corpus/packs";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";

const REPO = join(import.meta.dirname, "../../..");

/** The conformance corpus: `packs/` and `traces/` (see "Tests" in the README); only `*.conformance.test.ts` files read it. */
export { CORPUS } from "@gridponder/conformance-corpus";
export const CORPUS_PACKS = join(CORPUS, "packs");
/** This repository's own packs: puzzle packs and match packs (`"format": "match"`) side by side. */
export const OWN_PACKS = join(REPO, "packs");
/** Whether a pack folder holds a match pack (a board or card game), which the puzzle engine does not read. */
export { isMatchPack, matchPackNames, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
/** The shared sprite collection every pack may draw on. */
export const BASE_COLLECTION = "gridponder-base";
/** Where shared collections are found (for `searchPaths` options). */
export const SEARCH_PATHS: readonly string[] = [CORPUS_PACKS];

/**
 * The files a page can load for a pack, shaped as `@gridponder/view`'s `AssetCatalog` (declared here:
 * view's own tests use this package).
 */
export interface PackCatalog {
  readonly packFiles: readonly string[];
  readonly collections: readonly { readonly id: string; readonly files: readonly string[] }[];
}

/** Every file below a folder, as sorted forward-slash paths relative to it (none when it is missing). */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split("\\").join("/"));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/**
 * The catalog a page would have for a pack folder: its own files, then the collections its manifest
 * names (those present in the corpus), then `gridponder-base`.
 */
export function catalogFor(packDir: string, pack: Pack): PackCatalog {
  const ids = [...(pack.manifest.sharedAssets ?? []), BASE_COLLECTION].filter(
    (id, i, all) => all.indexOf(id) === i,
  );
  return {
    packFiles: filesUnder(packDir).filter((f) => !f.endsWith(".json")),
    collections: ids
      .filter((id) => existsSync(join(CORPUS_PACKS, id)))
      .map((id) => ({ id, files: filesUnder(join(CORPUS_PACKS, id)) })),
  };
}

export interface CorpusPack {
  /** The folder's name. */
  readonly name: string;
  readonly dir: string;
  readonly pack: Pack;
  readonly assets: PackCatalog;
}

const cache = new Map<string, Promise<CorpusPack>>();

/** Loads a pack folder with its catalog (once per test file); an invalid pack rejects with its diagnostics. */
export function loadPack(dir: string): Promise<CorpusPack> {
  let loaded = cache.get(dir);
  if (!loaded) {
    loaded = loadPackFolder(dir).then((result) => {
      const name = dir.split(/[\\/]/).pop() as string;
      if (!result.ok) throw new Error(`${name}: ${result.diagnostics.map((d) => d.message).join("; ")}`);
      return { name, dir, pack: result.pack, assets: catalogFor(dir, result.pack) };
    });
    cache.set(dir, loaded);
  }
  return loaded;
}

/** A corpus pack by folder name. */
export function corpusPack(name: string): Promise<CorpusPack> {
  return loadPack(join(CORPUS_PACKS, name));
}

/** One of this repository's packs by folder name. */
export function ownPack(name: string): Promise<CorpusPack> {
  return loadPack(join(OWN_PACKS, name));
}

/** A pack by folder name: the corpus's, else this repository's. */
export function namedPack(name: string): Promise<CorpusPack> {
  return existsSync(join(CORPUS_PACKS, name)) ? corpusPack(name) : ownPack(name);
}

/**
 * Every puzzle pack folder (not the shared sprite collection, not a match pack): the corpus's, then this
 * repository's, each by name. Without the corpus (a user's clone), only this repository's: tests of our
 * own packs still run.
 */
export function packFolders(): { name: string; dir: string }[] {
  const list = (root: string) =>
    (existsSync(root) ? readdirSync(root) : [])
      .sort()
      .map((name) => ({ name, dir: join(root, name) }))
      .filter((f) => existsSync(join(f.dir, "manifest.json")) && !isMatchPack(f.dir));
  return [...list(CORPUS_PACKS), ...list(OWN_PACKS)];
}

/** Every level of every pack folder, in pack then play order, with a fresh session on it. */
export async function everyLevel(): Promise<{ loaded: CorpusPack; levelId: string; session: Session }[]> {
  const out: { loaded: CorpusPack; levelId: string; session: Session }[] = [];
  for (const { dir } of packFolders()) {
    const loaded = await loadPack(dir);
    for (const levelId of loaded.pack.levelOrder)
      out.push({ loaded, levelId, session: new Session(loaded.pack, levelId) });
  }
  return out;
}
