// The replay workload shared by the bench scripts, defined as `reference.py` defines it: pack folders
// (those with a manifest) in sorted order, each pack's levels in sorted id order, levels without a
// gold path included.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { validatePackFolder } from "@gridponder/schema/node";
import { prepareValidated } from "../dist/pack.js";

/** The shared conformance packs, beside the repository. */
export const CONFORMANCE_PACKS = join(import.meta.dirname, "../../../../shared/conformance/packs");

/**
 * Every pack of a folder (or only those named in `only`), loaded through the engine, with each level's
 * id and gold path.
 */
export async function loadCorpus(dir, only = null) {
  const packs = [];
  for (const name of readdirSync(dir).sort()) {
    if (!existsSync(join(dir, name, "manifest.json"))) continue;
    if (only !== null && !only.includes(name)) continue;
    const loaded = prepareValidated(await validatePackFolder(join(dir, name)));
    // A pack the engine refuses would silently shrink the workload; the comparison needs all of it.
    if (!loaded.ok) throw new Error(`${name} does not load`);
    const levels = Object.keys(loaded.pack.levels)
      .sort()
      .map((id) => ({ id, gold: loaded.pack.levels[id].solution?.goldPath ?? [] }));
    packs.push({ name, pack: loaded.pack, levels });
  }
  return packs;
}
