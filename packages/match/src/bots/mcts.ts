/**
 * Monte Carlo tree search with a think budget of iterations. For games that hide pieces it searches
 * information sets (single-observer ISMCTS): every iteration samples what the seat cannot see
 * (`determinize`) and walks one tree keyed by moves, choosing among the moves legal in that sample, so
 * the bot never uses a hidden piece it could not know. Each node keeps every seat's total reward, and a
 * seat picks the child best for itself, which serves two to eight seats.
 * @module
 */
import { actionKey, actionOf } from "../runtime/actions.js";
import type { MatchRuntime, Move } from "../runtime/runtime.js";
import { type Bot, movesOf, seededRandom } from "./bot.js";
import { determinize } from "./determinize.js";
import { heuristic, rewards } from "./evaluate.js";

export interface MctsOptions {
  /** Iterations per move (its think budget); 1,000 by default. */
  readonly iterations?: number;
  /**
   * Moves a random playout makes before the position is judged by `heuristic`; 200 by default. A playout
   * also stops when a phase ends (a round is scored), where the scores tell who did well.
   */
  readonly playout?: number;
  /** The exploration constant of UCB1; 0.7 by default. */
  readonly exploration?: number;
  readonly seed?: number;
  readonly pieceValues?: Readonly<Record<string, number>>;
}

interface Node {
  readonly key: string;
  readonly seat: number;
  visits: number;
  /** Times this node's move was legal when its parent was visited (information sets vary). */
  available: number;
  readonly reward: number[];
  readonly children: Map<string, Node>;
}

function node(key: string, seat: number, seats: number): Node {
  return {
    key,
    seat,
    visits: 0,
    available: 0,
    reward: new Array<number>(seats).fill(0),
    children: new Map(),
  };
}

/** Searches the position for the seat to move and returns the most visited move. */
export function mctsSearch(
  position: MatchRuntime,
  options: MctsOptions = {},
): { move: Move; visits: number } {
  const iterations = options.iterations ?? 1000;
  const playout = options.playout ?? 200;
  const c = options.exploration ?? 0.7;
  const random = seededRandom(options.seed ?? 1);
  const g = position.g;
  const seat = position.s.current;
  const hides = g.hidesInformation;
  const keyOf = (m: Move) => actionKey(actionOf(g, m));
  const rootMoves = movesOf(position);
  const root = node("", seat, g.seatCount);
  const base = hides ? null : position.clone();
  for (let it = 0; it < iterations; it++) {
    const r = hides ? determinize(position, seat, random) : (base as MatchRuntime);
    const start = r.savepoint();
    const path: Node[] = [root];
    let current = root;
    let reward: number[] | null = null;
    // Selection and expansion: descend while every legal move has been tried.
    for (;;) {
      const mover = r.s.current;
      const moves = r.legal();
      if (moves.length === 0) break;
      let untried: Move[] = [];
      const known: [Move, Node][] = [];
      for (const m of moves) {
        const k = keyOf(m);
        const child = current.children.get(k);
        if (child) {
          child.available++;
          known.push([m, child]);
        } else untried.push(m);
      }
      if (untried.length > 0) {
        untried = untried.length > 1 ? [untried[Math.floor(random() * untried.length)] as Move] : untried;
        const m = untried[0] as Move;
        const child = node(keyOf(m), mover, g.seatCount);
        child.available = 1;
        current.children.set(child.key, child);
        r.play(m, true);
        path.push(child);
        current = child;
        const outcome = r.outcome(mover);
        if (outcome) reward = rewards(outcome);
        break;
      }
      let best: [Move, Node] | null = null;
      let bestScore = -Infinity;
      for (const pair of known) {
        const child = pair[1];
        const mean = (child.reward[mover] as number) / child.visits;
        const score = mean + c * Math.sqrt(Math.log(child.available) / child.visits);
        if (score > bestScore) {
          bestScore = score;
          best = pair;
        }
      }
      const [m, child] = best as [Move, Node];
      r.play(m, true);
      path.push(child);
      current = child;
      const outcome = r.outcome(mover);
      if (outcome) {
        reward = rewards(outcome);
        break;
      }
    }
    // Playout: random moves until the game ends or the playout length is spent.
    if (reward === null) {
      let steps = 0;
      const round = r.s.round;
      for (;;) {
        const mover = r.s.current;
        const moves = r.legal();
        if (moves.length === 0) {
          reward = heuristic(r, options.pieceValues);
          break;
        }
        // Playout positions join no history: repetitions are left to the tree's own moves.
        r.play(moves[Math.floor(random() * moves.length)] as Move, false);
        const outcome = r.outcome(mover);
        if (outcome) {
          reward = rewards(outcome);
          break;
        }
        if (++steps >= playout || r.s.round !== round) {
          reward = heuristic(r, options.pieceValues);
          break;
        }
      }
    }
    for (const n of path) {
      n.visits++;
      for (let s = 0; s < reward.length; s++) n.reward[s] = (n.reward[s] as number) + (reward[s] as number);
    }
    if (!hides) r.restore(start);
  }
  let bestKey = "";
  let bestVisits = -1;
  for (const child of root.children.values())
    if (child.visits > bestVisits) {
      bestVisits = child.visits;
      bestKey = child.key;
    }
  const move = rootMoves.find((m) => keyOf(m) === bestKey) ?? (rootMoves[0] as Move);
  return { move, visits: bestVisits };
}

export function mctsBot(options: MctsOptions = {}): Bot {
  let calls = 0;
  return {
    name: "mcts",
    choose(position) {
      // A fresh seed per move, from the bot's own: the same bot plays the same game every run.
      return mctsSearch(position, { ...options, seed: (options.seed ?? 1) * 7919 + calls++ }).move;
    },
  };
}
