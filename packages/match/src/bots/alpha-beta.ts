/**
 * Alpha-beta search for two-seat games of perfect information: negamax over the runtime's moves made
 * and taken back in place, deepened one ply at a time until the game tree is exhausted or the think
 * budget (positions visited) is spent. A won game scores more the sooner it is won, so the bot wins
 * fast and loses slowly. With budget enough to see every ending it plays perfectly (tic-tac-toe).
 * @module
 */
import type { MatchRuntime, Move } from "../runtime/runtime.js";
import { type Bot, movesOf } from "./bot.js";
import { heuristic, rewards } from "./evaluate.js";

export interface AlphaBetaOptions {
  /** Positions the search may visit per move (its think budget); 200,000 by default. */
  readonly budget?: number;
  /** The deepest it searches, in plies; 64 by default. */
  readonly maxDepth?: number;
  /** Piece values for the material count at the search's horizon. */
  readonly pieceValues?: Readonly<Record<string, number>>;
}

/** What one search found: the move, its value for the seat to move (-1 lost … 1 won), the depth reached. */
export interface SearchResult {
  readonly move: Move;
  readonly value: number;
  readonly depth: number;
  readonly nodes: number;
  /** Whether the search saw every ending: the value is exact. */
  readonly exact: boolean;
}

class OutOfBudget extends Error {}

const WIN = 1000;

/** Searches the position; the runtime must be a copy the search may change (it is left as found). */
export function alphaBetaSearch(root: MatchRuntime, options: AlphaBetaOptions = {}): SearchResult {
  if (root.g.seatCount !== 2) throw new Error("alpha-beta plays two-seat games");
  const budget = options.budget ?? 200_000;
  const maxDepth = options.maxDepth ?? 64;
  const values = options.pieceValues ?? {};
  let nodes = 0;
  let cut = false;
  const negamax = (depth: number, ply: number, alpha: number, beta: number, mover: number): number => {
    if (++nodes > budget) throw new OutOfBudget();
    const seat = root.s.current;
    const outcome = root.outcome(mover);
    if (outcome) {
      const reward = rewards(outcome)[seat] as number;
      return reward === 0.5 ? 0 : reward === 1 ? WIN - ply : -(WIN - ply);
    }
    if (depth === 0) {
      cut = true;
      const h = heuristic(root, values);
      return ((h[seat] as number) - 0.5) * 2;
    }
    let best = -Infinity;
    // The moves the end check just listed (legal() keeps them until the next move).
    for (const move of root.legal()) {
      const mark = root.play(move, true);
      const v =
        root.s.current === seat
          ? negamax(depth - 1, ply + 1, alpha, beta, seat)
          : -negamax(depth - 1, ply + 1, -beta, -alpha, seat);
      root.undo(mark);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  };
  const moves = movesOf(root);
  const seat = root.s.current;
  let result: SearchResult = { move: moves[0] as Move, value: 0, depth: 0, nodes: 0, exact: false };
  let order = [...moves];
  const start = root.savepoint();
  for (let depth = 1; depth <= maxDepth; depth++) {
    cut = false;
    let bestMove = order[0] as Move;
    let bestValue = -Infinity;
    const scored: [Move, number][] = [];
    try {
      for (const move of order) {
        const mark = root.play(move, true);
        const v =
          root.s.current === seat
            ? negamax(depth - 1, 1, bestValue, Infinity, seat)
            : -negamax(depth - 1, 1, -Infinity, -bestValue, seat);
        root.undo(mark);
        scored.push([move, v]);
        if (v > bestValue) {
          bestValue = v;
          bestMove = move;
        }
      }
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
      // The unfinished depth's best stands only if it was searched first (the previous best).
      root.restore(start);
      break;
    }
    const decided = Math.abs(bestValue) >= WIN - 64;
    // `+ 0` turns a negated draw (-0) into 0.
    result = {
      move: bestMove,
      value: (decided ? Math.sign(bestValue) : bestValue) + 0,
      depth,
      nodes,
      exact: !cut,
    };
    if (!cut || Math.abs(bestValue) >= WIN - 64) break;
    // Search the best moves first next time: more cut-offs.
    order = scored.sort((a, b) => b[1] - a[1]).map(([m]) => m);
  }
  return { ...result, nodes };
}

export function alphaBetaBot(options: AlphaBetaOptions = {}): Bot {
  return {
    name: "alpha-beta",
    choose(position) {
      return alphaBetaSearch(position.clone(), options).move;
    },
  };
}
