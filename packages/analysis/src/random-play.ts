import type { ActionInput, GameState, Pack } from "@gridponder/engine";
import { searchSpace } from "@gridponder/solver";
import type { LevelGraph } from "./explore.js";
import { seededRandom } from "./random.js";

/** How often a player pressing random accepted actions wins within a budget of moves. */
export interface RandomPlay {
  readonly walks: number;
  readonly wins: number;
  /** `wins / walks`. */
  readonly rate: number;
  /** The moves each walk may make. */
  readonly maxMoves: number;
  readonly seed: number;
}

/** Options of {@link randomPlay}. */
export interface RandomPlayOptions {
  /** Walks to play. Default 200. */
  readonly walks?: number;
  /** The moves a walk may make (by default 3 × the optimum, at least 1). */
  readonly maxMoves: number;
  /** Default 1. */
  readonly seed?: number;
}

/**
 * Seeded random walks from the level's start: each move picks uniformly among the actions the engine
 * accepts in that state (a move into a wall that the engine refuses is no choice at all). A walk ends
 * when it wins, loses, runs out of moves or has no accepted action. Walks over a complete graph
 * read it instead of playing the engine: the same choices, much cheaper.
 */
export function randomPlay(
  pack: Pack,
  levelId: string,
  options: RandomPlayOptions,
  graph?: LevelGraph,
): RandomPlay {
  const walks = options.walks ?? 200;
  const seed = options.seed ?? 1;
  const maxMoves = Math.max(1, options.maxMoves);
  const random = seededRandom(seed);
  const won = graph?.complete ? walkGraph(graph, walks, maxMoves, random.int) : undefined;
  const wins = won ?? walkEngine(pack, levelId, walks, maxMoves, random.int);
  return { walks, wins, rate: walks === 0 ? 0 : wins / walks, maxMoves, seed };
}

function walkGraph(graph: LevelGraph, walks: number, maxMoves: number, pick: (n: number) => number): number {
  let wins = 0;
  for (let w = 0; w < walks; w++) {
    let node = 0;
    for (let move = 0; move < maxMoves && graph.ending[node] === 0; move++) {
      const first = graph.edges[node] as number;
      const count = (graph.edges[node + 1] as number) - first;
      if (count === 0) break;
      node = graph.target[first + pick(count)] as number;
    }
    if (graph.ending[node] === 1) wins++;
  }
  return wins;
}

function walkEngine(
  pack: Pack,
  levelId: string,
  walks: number,
  maxMoves: number,
  pick: (n: number) => number,
): number {
  const space = searchSpace(pack, levelId, { dropDead: false });
  let wins = 0;
  const accepted: GameState[] = [];
  for (let w = 0; w < walks; w++) {
    let state = space.start;
    for (let move = 0; move < maxMoves && !state.won && !state.lost; move++) {
      accepted.length = 0;
      for (const a of space.actions) {
        const next = space.next(state, a as ActionInput);
        if (next !== null) accepted.push(next);
      }
      if (accepted.length === 0) break;
      state = accepted[pick(accepted.length)] as GameState;
    }
    if (state.won) wins++;
  }
  return wins;
}
