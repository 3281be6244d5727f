import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder, readTrace } from "@gridponder/engine/node";
import { FUZZ_PACKS, PACKS } from "../corpus.js";

/** The corpus's traces of the reference engine, and those of its fuzz mutants (`fuzz/README.md`). */
export const TRACES = join(PACKS, "../traces");
export const FUZZ_TRACES = join(FUZZ_PACKS, "../traces");
export { FUZZ_PACKS, PACKS };

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

/**
 * Every traced level under `traces` (a folder per pack), in order, with its pack from `packs` (which
 * must load) and its trace: the turns a model's promise is checked against.
 */
export async function* tracedLevels(packs: string, traces: string) {
  for (const name of readdirSync(traces).sort()) {
    const loaded = await loadPackFolder(join(packs, name));
    if (!loaded.ok) throw new Error(`${name} must load`);
    for (const file of readdirSync(join(traces, name)).sort())
      yield { name, pack: loaded.pack, trace: await readTrace(join(traces, name, file)) };
  }
}
