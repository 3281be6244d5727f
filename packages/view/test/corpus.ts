import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import type { EntityKind } from "@gridponder/schema";
import { createViewContext, type ViewContext } from "../src/context.js";
import type { AssetCatalog } from "../src/types.js";

/** The conformance corpus beside the repo (see DEVELOPERS.md); read in place, never copied. */
export const CORPUS = join(import.meta.dirname, "../../../../shared/conformance");
export const CORPUS_PACKS = join(CORPUS, "packs");
/** This repository's own packs. */
export const OWN_PACKS = join(import.meta.dirname, "../../../packs");
/** The shared sprite collection every pack may draw on. */
export const BASE_COLLECTION = "gridponder-base";

/** Every file below a folder, as forward-slash paths relative to it. */
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
export function catalogFor(packDir: string, pack: Pack): AssetCatalog {
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

export interface LoadedPack {
  readonly name: string;
  readonly dir: string;
  readonly pack: Pack;
  readonly assets: AssetCatalog;
  readonly ctx: ViewContext;
}

const cache = new Map<string, Promise<LoadedPack>>();

/** Loads a pack folder with its catalog and a view context (once per test file). */
export function loadPack(dir: string): Promise<LoadedPack> {
  let loaded = cache.get(dir);
  if (!loaded) {
    loaded = loadPackFolder(dir).then((result) => {
      if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
      const assets = catalogFor(dir, result.pack);
      const name = dir.split(/[\\/]/).pop() as string;
      return { name, dir, pack: result.pack, assets, ctx: createViewContext(result.pack, assets) };
    });
    cache.set(dir, loaded);
  }
  return loaded;
}

/** A corpus pack by folder name. */
export function corpusPack(name: string): Promise<LoadedPack> {
  return loadPack(join(CORPUS_PACKS, name));
}

/** Every loadable pack of the corpus and of this repository, with each of its levels. */
export async function everyLevel(): Promise<{ loaded: LoadedPack; levelId: string; session: Session }[]> {
  const dirs = [
    ...readdirSync(CORPUS_PACKS)
      .sort()
      .map((n) => join(CORPUS_PACKS, n)),
    ...readdirSync(OWN_PACKS)
      .sort()
      .map((n) => join(OWN_PACKS, n)),
  ].filter((d) => existsSync(join(d, "game.json")));
  const out: { loaded: LoadedPack; levelId: string; session: Session }[] = [];
  for (const dir of dirs) {
    const loaded = await loadPack(dir);
    for (const levelId of loaded.pack.levelOrder)
      out.push({ loaded, levelId, session: new Session(loaded.pack, levelId) });
  }
  return out;
}

/** The pack with another theme (`undefined`: as if it had no `theme.json`). */
export function withTheme(pack: Pack, theme: Pack["theme"]): Pack {
  return { ...pack, theme };
}

/** The pack with one kind's definition changed (for presentation fields the corpus does not use). */
export function withKindDef(pack: Pack, kind: string, patch: Partial<EntityKind>): Pack {
  const kinds = new Map(pack.kinds);
  const info = kinds.get(kind);
  if (!info) throw new Error(`no kind ${kind}`);
  kinds.set(kind, { ...info, def: { ...info.def, ...patch } });
  return { ...pack, kinds };
}

/** One of this repository's packs by folder name. */
export function ownPack(name: string): Promise<LoadedPack> {
  return loadPack(join(OWN_PACKS, name));
}
