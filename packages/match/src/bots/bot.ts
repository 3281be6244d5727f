/**
 * The bot contract: given a position, a move for the seat to move. Bots search copies of the runtime
 * and never change the position they are given.
 * @module
 */
import type { MatchRuntime, Move } from "../runtime/runtime.js";

/** A bot: chooses a move for the seat to move in a position that is not over. */
export interface Bot {
  /** A short name for people: `random`, `alpha-beta`, `mcts`. */
  readonly name: string;
  /** The move to make; the position is left as it was. */
  choose(position: MatchRuntime): Move;
}

/** A small seeded generator (mulberry32), so a bot with a seed plays the same moves every run. */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Throws for a position with no move to choose: the game is over or the seat is stuck. */
export function movesOf(position: MatchRuntime): readonly Move[] {
  const moves = position.legal();
  if (moves.length === 0) throw new Error("no legal move to choose from");
  return moves;
}
