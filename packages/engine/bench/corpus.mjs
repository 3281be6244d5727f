// The replay workload shared by the bench scripts, defined as `reference.py` defines it: pack folders
// (those with a manifest) in sorted order, each pack's levels in sorted id order, levels without a
// gold path included.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { validatePackFolder } from "@gridponder/schema/node";
import { prepareValidated } from "../dist/assembly/load.js";
import { forgetPreparedLevels } from "../dist/assembly/session.js";
import { Session } from "../dist/index.js";

/** The conformance corpus's packs (GRIDPONDER_CONFORMANCE, see "Tests" in the README). */
export const CONFORMANCE_PACKS = join(CORPUS, "packs");

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

/**
 * Plays every gold path of a loaded corpus once, a fresh session per level, and returns the number of
 * steps (every action is one, accepted or not: a fuzz mutant's gold path may be refused part-way).
 * `cold` forgets each level's preparation when its session is done, so the next session of it prepares
 * it again and nothing of it outlives the session.
 */
export function replayAll(packs, cold) {
  let steps = 0;
  for (const { pack, levels } of packs) {
    for (const { id, gold } of levels) {
      const s = new Session(pack, id);
      for (const action of gold) {
        s.act(action);
        steps++;
      }
      if (cold) forgetPreparedLevels(pack, id);
    }
  }
  return steps;
}
