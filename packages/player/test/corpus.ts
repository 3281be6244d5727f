import { readdirSync } from "node:fs";
import { join } from "node:path";

/** The conformance corpus beside the repo (see DEVELOPERS.md); read in place, never copied. */
export const CORPUS = join(import.meta.dirname, "../../../../shared/conformance");
export const PACKS = join(CORPUS, "packs");
/** The repo's own packs. */
export const REPO_PACKS = join(import.meta.dirname, "../../../packs");
/** Where shared collections (gridponder-base) are found for every pack. */
export const SEARCH_PATHS = [PACKS];

/** Every pack folder of the corpus and of the repo (not the shared sprite collection), sorted by name. */
export function packFolders(): { name: string; dir: string }[] {
  const list = (root: string) =>
    readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && readdirSync(join(root, e.name)).includes("manifest.json"))
      .map((e) => ({ name: e.name, dir: join(root, e.name) }));
  return [...list(PACKS), ...list(REPO_PACKS)].sort((a, b) => a.name.localeCompare(b.name));
}
