import { readdirSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { type Pack, Session } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";

/** The conformance corpus (see "Tests" in the README); read in place, never copied. Only `*.conformance.test.ts` files read it. */
export { CORPUS } from "@gridponder/conformance-corpus";
export const PACKS = join(CORPUS, "packs");
export const TRACES = join(CORPUS, "traces");
/** Mutated levels nobody designed, with traces of the reference engine walking them (`fuzz/README.md`). */
export const FUZZ_PACKS = join(CORPUS, "fuzz/packs");
export const FUZZ_TRACES = join(CORPUS, "fuzz/traces");

/** Every level of every corpus pack that loads, in pack then play order, with a session on it. */
export async function corpusLevels(): Promise<{ pack: Pack; id: string; session: Session }[]> {
  const out: { pack: Pack; id: string; session: Session }[] = [];
  for (const name of readdirSync(PACKS).sort()) {
    const loaded = await loadPackFolder(join(PACKS, name));
    if (!loaded.ok) continue;
    for (const id of loaded.pack.levelOrder)
      out.push({ pack: loaded.pack, id, session: new Session(loaded.pack, id) });
  }
  return out;
}
