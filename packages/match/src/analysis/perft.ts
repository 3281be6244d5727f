/**
 * Counting the game tree: perft (the leaves `depth` moves ahead, every legal move followed, as chess
 * and draughts programs are checked against published counts) and complete games (every way a game
 * can be played to its end).
 * @module
 */
import type { MatchRuntime, Move } from "../runtime/runtime.js";

/** The number of move sequences of length `depth` from the runtime's position. It is left as it was. */
export function perft(r: MatchRuntime, depth: number): number {
  if (depth <= 0) return 1;
  const moves = r.generate();
  if (depth === 1) return moves.length;
  let n = 0;
  for (let i = 0; i < moves.length; i++) {
    const mark = r.play(moves[i] as Move, false);
    n += perft(r, depth - 1);
    r.undo(mark);
  }
  return n;
}

/** Perft split by first move: each legal move's key with its count (for finding where two programs differ). */
export function perftDivide(
  r: MatchRuntime,
  depth: number,
  key: (index: number) => string,
): Map<string, number> {
  const out = new Map<string, number>();
  const moves = r.generate();
  moves.forEach((m, i) => {
    const mark = r.play(m, false);
    out.set(key(i), perft(r, depth - 1));
    r.undo(mark);
  });
  return out;
}

/**
 * Every complete game from the runtime's position: move sequences that end the game by its end
 * conditions. `mover` is the seat that moved last (for the end conditions of the start position).
 * Returns the number of games, how many each seat won, and the draws.
 */
export function countGames(
  r: MatchRuntime,
  mover = r.s.current,
): { games: number; wins: number[]; draws: number } {
  const wins = Array(r.g.seatCount).fill(0) as number[];
  let draws = 0;
  let games = 0;
  const walk = (last: number): void => {
    const outcome = r.outcome(last);
    if (outcome) {
      games++;
      const w = outcome.results.indexOf("win");
      if (w >= 0) (wins[w] as number)++;
      else draws++;
      return;
    }
    const seat = r.s.current;
    const moves = r.generate();
    for (const m of moves) {
      const mark = r.play(m, true);
      walk(seat);
      r.undo(mark);
    }
  };
  walk(mover);
  return { games, wins, draws };
}
