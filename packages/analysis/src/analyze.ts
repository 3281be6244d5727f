import { solveLevel } from "@gridponder/solver";
import { type DifficultyFeatures, difficultyOf } from "./difficulty.js";
import { shortestWinCount, winDistances } from "./distances.js";
import { exploreLevel, type LevelGraph } from "./explore.js";
import { type MechanicFinding, type MechanicsOptions, mechanicsNeeded } from "./mechanics.js";
import type { PackSource } from "./pack-source.js";
import { type RandomPlay, randomPlay } from "./random-play.js";

/** What {@link analyzeLevel} finds about one level. */
export interface LevelAnalysis {
  readonly level: string;
  readonly title: string | null;
  /** The level's place in the pack's play order, from 0. */
  readonly position: number;
  /** Actions on the shortest win; the gold path's length when `optimumProven` is false. */
  readonly optimum: number | null;
  /** Whether `optimum` is proven (by the complete state graph or the solver). */
  readonly optimumProven: boolean;
  /** Distinct shortest winning action sequences, when known. */
  readonly optimalCount: number | null;
  /** States reachable from the start (a lower bound when `statesComplete` is false). */
  readonly reachableStates: number;
  readonly statesComplete: boolean;
  /** The share of reachable states from which no win is reachable; `null` when not every state was met. */
  readonly deadEndRatio: number | null;
  /** Mean number of different states one action leads to, over the states that are neither won nor lost. */
  readonly branching: number;
  readonly randomPlay: RandomPlay;
  /** Per mechanic, whether the level needs it; `null` when not asked for. */
  readonly mechanics: readonly MechanicFinding[] | null;
  /** The figures the difficulty estimate reads, and the estimate (1 easy – 10 hard). */
  readonly features: DifficultyFeatures;
  /** `null` for a level proven unsolvable: it has no difficulty to speak of. */
  readonly difficulty: number | null;
}

/** Options of {@link analyzeLevel}. */
export interface AnalyzeOptions {
  /** The most states the state graph keeps. Default 200,000. */
  readonly maxStates?: number;
  /** Random walks. Default 200. */
  readonly walks?: number;
  readonly seed?: number;
  /**
   * When the state graph is incomplete, prove the optimum with the solver, which may keep this many
   * states (0: take the gold path's length, unproven). Default 2,000,000.
   */
  readonly solverStates?: number;
  /** Time for the solver where it runs, in milliseconds. Default 10,000. */
  readonly timeLimitMs?: number;
  /** Judge every mechanic (a solve per mechanic): `true`, or options. Default `false`. */
  readonly mechanics?: boolean | MechanicsOptions;
}

/** Mean number of distinct successors other than the state itself, over expanded non-final states. */
function meanBranching(graph: LevelGraph): number {
  let states = 0;
  let moves = 0;
  const seen = new Set<number>();
  for (let n = 0; n < graph.size; n++) {
    if (graph.expanded[n] !== 1 || graph.ending[n] !== 0) continue;
    seen.clear();
    for (let e = graph.edges[n] as number; e < (graph.edges[n + 1] as number); e++) {
      const t = graph.target[e] as number;
      if (t !== n) seen.add(t);
    }
    states++;
    moves += seen.size;
  }
  return states === 0 ? 0 : moves / states;
}

function deadEnds(graph: LevelGraph, dist: Int32Array): number | null {
  if (!graph.complete) return null;
  let dead = 0;
  for (let n = 0; n < graph.size; n++) if (dist[n] === -1) dead++;
  return dead / graph.size;
}

/** The optimum and the number of optima: from the graph when complete, else from the solver. */
function optimumOf(
  source: PackSource,
  levelId: string,
  graph: LevelGraph,
  dist: Int32Array,
  options: AnalyzeOptions,
): { optimum: number | null; proven: boolean; count: number | null } {
  if (graph.complete) {
    const d = dist[0] as number;
    return d < 0
      ? { optimum: null, proven: true, count: 0 }
      : { optimum: d, proven: true, count: shortestWinCount(graph, dist) };
  }
  const solverStates = options.solverStates ?? 2_000_000;
  if (solverStates > 0) {
    const r = solveLevel(source.pack, levelId, {
      maxStates: solverStates,
      timeLimitMs: options.timeLimitMs ?? 10_000,
    });
    if (r.status === "solved")
      return { optimum: r.optimalLength, proven: true, count: r.countCapped ? null : r.optimalCount };
    if (r.status === "unsolvable") return { optimum: null, proven: true, count: 0 };
  }
  const gold = source.pack.levels[levelId]?.solution.goldPath.length ?? null;
  return { optimum: gold, proven: false, count: null };
}

/** Design figures of one level of a loaded pack. */
export function analyzeLevel(
  source: PackSource,
  levelId: string,
  options: AnalyzeOptions = {},
): LevelAnalysis {
  const { pack } = source;
  const def = pack.levels[levelId];
  if (def === undefined) throw new Error(`the pack has no level ${JSON.stringify(levelId)}`);
  const graph = exploreLevel(pack, levelId, { maxStates: options.maxStates ?? 200_000 });
  const dist = winDistances(graph);
  const best = optimumOf(source, levelId, graph, dist, options);
  const play = randomPlay(
    pack,
    levelId,
    {
      walks: options.walks ?? 200,
      seed: options.seed ?? 1,
      maxMoves: 3 * (best.optimum ?? def.solution.goldPath.length),
    },
    graph,
  );
  const mechanics =
    options.mechanics === undefined || options.mechanics === false
      ? null
      : mechanicsNeeded(source, levelId, best.optimum, options.mechanics === true ? {} : options.mechanics);
  const deadEndRatio = deadEnds(graph, dist);
  const branching = meanBranching(graph);
  const features: DifficultyFeatures = {
    optimum: best.optimum ?? def.solution.goldPath.length,
    reachableStates: graph.size,
    deadEndRatio,
    branching,
    randomWinRate: play.rate,
    walks: play.walks,
  };
  return {
    level: levelId,
    title: def.title ?? null,
    position: pack.levelOrder.indexOf(levelId),
    optimum: best.optimum,
    optimumProven: best.proven,
    optimalCount: best.count,
    reachableStates: graph.size,
    statesComplete: graph.complete,
    deadEndRatio,
    branching,
    randomPlay: play,
    mechanics,
    features,
    difficulty: best.optimum === null && best.proven ? null : difficultyOf(features),
  };
}

/** Every level of a pack (or the ones named), in play order. */
export function analyzePack(
  source: PackSource,
  levels: readonly string[] = source.pack.levelOrder,
  options: AnalyzeOptions = {},
  onLevel?: (analysis: LevelAnalysis) => void,
): LevelAnalysis[] {
  return levels.map((id) => {
    const a = analyzeLevel(source, id, options);
    onLevel?.(a);
    return a;
  });
}
