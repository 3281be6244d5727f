import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

/** Seeded choices (pure-rand's xoroshiro128+): the same seed gives the same numbers on every platform. */
export interface Random {
  /** A whole number from 0 to `below - 1`. */
  int(below: number): number;
}

export function seededRandom(seed: number): Random {
  const generator = xoroshiro128plus(seed | 0);
  return { int: (below) => uniformInt(generator, 0, Math.max(1, below) - 1) };
}
