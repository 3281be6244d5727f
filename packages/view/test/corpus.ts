import type { Pack, Session } from "@gridponder/engine";
import type { EntityKind } from "@gridponder/schema";
import * as corpus from "@gridponder/test-corpus";
import { createViewContext, type ViewContext } from "../src/context.js";

export {
  BASE_COLLECTION,
  CORPUS,
  CORPUS_PACKS,
  catalogFor,
  filesUnder,
  OWN_PACKS,
} from "@gridponder/test-corpus";

/** A loaded pack with its view context (one per pack and test file). */
export interface LoadedPack extends corpus.CorpusPack {
  readonly ctx: ViewContext;
}

const withContexts = new WeakMap<corpus.CorpusPack, LoadedPack>();

function withContext(loaded: corpus.CorpusPack): LoadedPack {
  let out = withContexts.get(loaded);
  if (!out) {
    out = { ...loaded, ctx: createViewContext(loaded.pack, loaded.assets) };
    withContexts.set(loaded, out);
  }
  return out;
}

/** Loads a pack folder with its catalog and a view context. */
export async function loadPack(dir: string): Promise<LoadedPack> {
  return withContext(await corpus.loadPack(dir));
}

/** A corpus pack by folder name. */
export async function corpusPack(name: string): Promise<LoadedPack> {
  return withContext(await corpus.corpusPack(name));
}

/** One of this repository's packs by folder name. */
export async function ownPack(name: string): Promise<LoadedPack> {
  return withContext(await corpus.ownPack(name));
}

/** A pack by folder name: the corpus's, else this repository's. */
export async function namedPack(name: string): Promise<LoadedPack> {
  return withContext(await corpus.namedPack(name));
}

/** Every loadable pack of the corpus and of this repository, with each of its levels. */
export async function everyLevel(): Promise<{ loaded: LoadedPack; levelId: string; session: Session }[]> {
  return (await corpus.everyLevel()).map((level) => ({ ...level, loaded: withContext(level.loaded) }));
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
