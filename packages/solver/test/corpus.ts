import { join } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import type { SearchSpace } from "../src/search-space.js";

/** The conformance corpus's packs (see "Tests" in the README); only `*.conformance.test.ts` files read them. */
export const PACKS = join(CORPUS, "packs");
/** The mutated levels beside it (`fuzz/README.md` there). */
export const FUZZ_PACKS = join(PACKS, "../fuzz/packs");

/** A corpus pack, loaded; throws when it does not load, as every corpus pack must. */
export async function corpusPack(name: string): Promise<Pack> {
  return packAt(join(PACKS, name));
}

/** The pack in folder `dir`, loaded; throws when it does not load. */
export async function packAt(dir: string): Promise<Pack> {
  const loaded = await loadPackFolder(dir);
  if (!loaded.ok) throw new Error(`${dir} must load`);
  return loaded.pack;
}

/** Whether `actions`, played from the level's start, are each accepted and win with the last one. */
export function winsIn(pack: Pack, level: string, actions: readonly object[]): boolean {
  const s = new Session(pack, level);
  for (const a of actions) if (!s.act(a as never).accepted) return false;
  return s.won && s.actionCount === actions.length;
}

/** The search space with every engine turn counted (`turns()`), to test what a search replays. */
export function countingTurns(space: SearchSpace): { space: SearchSpace; turns(): number; reset(): void } {
  let turns = 0;
  return {
    space: {
      ...space,
      next: (...args: Parameters<SearchSpace["next"]>) => {
        turns++;
        return space.next(...args);
      },
    },
    turns: () => turns,
    reset: () => {
      turns = 0;
    },
  };
}
