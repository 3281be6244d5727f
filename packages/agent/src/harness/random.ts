/**
 * Seeded randomness for the seeded agents (pure-rand's xoroshiro128+): the same seed gives the same
 * choices on every platform, so a seeded agent plays the same game twice.
 * @module
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface Random {
  /** A whole number from 0 to `below - 1`. */
  int(below: number): number;
}

export function seededRandom(seed: number): Random {
  const generator = xoroshiro128plus(seed | 0);
  return { int: (below) => uniformInt(generator, 0, Math.max(1, below) - 1) };
}

/** A seed for one level of a run: the run's seed mixed with the level's name (FNV-1a), so levels differ. */
export function levelSeed(seed: number, pack: string, level: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (const c of `${pack}/${level}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
