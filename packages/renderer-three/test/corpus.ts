import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import type { AssetCatalog } from "@gridponder/view";

/** The conformance corpus beside the repo, read in place. */
export const CORPUS_PACKS = join(import.meta.dirname, "../../../../shared/conformance/packs");
/** This repository's own packs. */
export const OWN_PACKS = join(import.meta.dirname, "../../../packs");
const BASE = "gridponder-base";

function filesUnder(dir: string): string[] {
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

export interface CorpusPack {
  readonly name: string;
  readonly pack: Pack;
  readonly assets: AssetCatalog;
}

/** Loads a pack by folder name (corpus first, then the repo's packs) with the catalog a page would have. */
export async function loadCorpusPack(name: string): Promise<CorpusPack> {
  const dir = existsSync(join(CORPUS_PACKS, name)) ? join(CORPUS_PACKS, name) : join(OWN_PACKS, name);
  const loaded = await loadPackFolder(dir);
  if (!loaded.ok) throw new Error(`${name}: ${loaded.diagnostics.map((d) => d.message).join("; ")}`);
  const pack = loaded.pack;
  const ids = [...(pack.manifest.sharedAssets ?? []), BASE].filter((id, i, all) => all.indexOf(id) === i);
  return {
    name,
    pack,
    assets: {
      packFiles: filesUnder(dir).filter((f) => !f.endsWith(".json")),
      collections: ids
        .filter((id) => existsSync(join(CORPUS_PACKS, id)))
        .map((id) => ({ id, files: filesUnder(join(CORPUS_PACKS, id)) })),
    },
  };
}
