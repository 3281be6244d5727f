import { join } from "node:path";
import type { Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";

/** The conformance corpus beside the repository (see the project README). */
export const PACKS = join(import.meta.dirname, "../../../../shared/conformance/packs");

/** A corpus pack, loaded; throws when it does not load, as every corpus pack must. */
export async function corpusPack(name: string): Promise<Pack> {
  const loaded = await loadPackFolder(join(PACKS, name));
  if (!loaded.ok) throw new Error(`${name} must load`);
  return loaded.pack;
}
