import {
  type ActionInput,
  type Entity,
  type GameState,
  type LevelRuntime,
  type Pack,
  runTurn,
  stableStringify,
} from "@gridponder/engine";
import { cellTargetsOf, contentBlindLayers, hasFreeTurns } from "../models/index.js";
import { type SearchSpace, searchSpace } from "../search-space.js";
import { StateTable } from "../tables/state-table.js";
import type { Heuristic, HeuristicFactory } from "../types.js";

/** The most abstract states one pattern may have: beyond it the pattern is dropped. */
const MAX_PATTERN_STATES = 200_000;

/** The entities one goal's target cells want (a kind, with or without params), on a layer. */
interface Pattern {
  readonly layer: number;
  readonly kind: string;
  /** `stableStringify` of the wanted params; `null` for none. */
  readonly params: string | null;
  /** The target cells (row-major) that want such an entity. */
  readonly cells: readonly number[];
}

const paramsKey = (params: unknown): string | null =>
  params === null || params === undefined || (typeof params === "object" && Object.keys(params).length === 0)
    ? null
    : stableStringify(params);

/** The patterns of a level's goals' target cells on layers no turn reads (`contentBlindLayers`). */
function patternsOf(pack: Pack, level: LevelRuntime): Pattern[] {
  const blind = contentBlindLayers(pack, level);
  const found = new Map<string, { layer: number; kind: string; params: string | null; cells: number[] }>();
  for (const goal of level.goals) {
    for (const target of cellTargetsOf(pack, level, goal) ?? []) {
      const layer = pack.layerIndex.get(target.layerId);
      // A layer that always holds something cannot have entities taken away.
      if (layer === undefined || !blind.has(layer) || pack.layers[layer]?.exactlyOne) continue;
      if (target.kind === null) continue;
      const params = paramsKey(target.params);
      const key = `${layer}|${target.kind}|${params}`;
      const pattern = found.get(key) ?? { layer, kind: target.kind, params, cells: [] };
      pattern.cells.push(target.cell);
      found.set(key, pattern);
    }
  }
  return [...found.values()];
}

/**
 * Pattern databases played by the engine, for levels won by goals that name target cells
 * (`cellTargets`, as `board_match` declares: met exactly when those cells hold their kinds) on a layer whose
 * contents no turn reads (the engine's `contentBlindLayers`: a layer whose cells the systems only
 * carry around, as regions turned under an overlay, with no rules), every accepted turn counting as
 * an action (`hasFreeTurns`).
 *
 * A pattern is the entities one kind of target wants. Taking every other entity off that layer is an
 * abstraction the engine itself can play: a turn of the level, with them taken away, is a turn of the
 * abstract level (the turns do not read the layer), and a won state has the pattern on its targets.
 * So the abstract distance to "the pattern on its targets", found by searching every abstract state
 * the start reaches (goals and lose conditions left out, which only allow more) and then backwards from
 * those with the pattern in place, never exceeds the real distance to a win. The estimate is the
 * largest over the patterns; a state whose pattern can never reach its targets is dead. A pattern with
 * more than 200,000 abstract states is left out. The tables are built on first use.
 */
export const patternHeuristic: HeuristicFactory = (pack: Pack, level: LevelRuntime) => {
  if (hasFreeTurns(level)) return null;
  if (level.goals.length === 0 || level.goals.some((g) => cellTargetsOf(pack, level, g) === null))
    return null;
  const patterns = patternsOf(pack, level);
  if (patterns.length === 0) return null;
  let tables: PatternTable[] | null = null;
  const build = (deadline = Number.POSITIVE_INFINITY) => {
    if (tables !== null) return tables;
    const abstractLevel: LevelRuntime = { ...level, goals: [], loseConditions: [] };
    // The level's search space gives the start, the actions, and keys that identify abstract states
    // too (turns are the same without goals).
    const keys = searchSpace(pack, level.id);
    tables = [];
    for (const pattern of patterns) {
      const table = patternTable(pack, abstractLevel, keys.start, keys.actions, pattern, deadline, keys);
      if (table !== null) tables.push(table);
    }
    return tables;
  };
  const heuristic: Heuristic = {
    name: "pattern database",
    tableEntries: patterns.length * MAX_PATTERN_STATES,
    prepare(deadline) {
      build(deadline);
    },
    estimate(state) {
      let h = 0;
      for (const table of build()) h = Math.max(h, table.distance(state));
      return h;
    },
  };
  return heuristic;
};

interface PatternTable {
  distance(state: GameState): number;
}

/**
 * Searches the abstract states of one pattern from the start and fills in each one's distance to the
 * pattern's targets; `null` when there are too many or the deadline passes.
 */
function patternTable(
  pack: Pack,
  level: LevelRuntime,
  start: GameState,
  actions: readonly ActionInput[],
  pattern: Pattern,
  deadline: number,
  keys: SearchSpace,
): PatternTable | null {
  const { layer } = pattern;
  // Params objects are shared between states: each is compared with the pattern's once.
  const paramsKept = new Map<object, boolean>();
  const keep = (e: Entity | null | undefined): e is Entity => {
    if (e === null || e === undefined || e.kind !== pattern.kind) return false;
    if (e.params === null) return pattern.params === null;
    let kept = paramsKept.get(e.params);
    if (kept === undefined) {
      kept = paramsKey(e.params) === pattern.params;
      paramsKept.set(e.params, kept);
    }
    return kept;
  };
  const project = (state: GameState): GameState => {
    const layers = state.layers.slice();
    layers[layer] = (layers[layer] as readonly (Entity | null)[]).map((e) => (keep(e) ? e : null));
    return { ...state, layers, won: false, lost: false, loseReason: null };
  };
  // The projection of the layer last estimated, written in place: a state's estimate makes nothing.
  const kept: (Entity | null)[] = (start.layers[layer] as readonly (Entity | null)[]).map(() => null);
  let keptFrom: readonly (Entity | null)[] | null = null;
  const projectedLayer = (state: GameState): readonly (Entity | null)[] => {
    const cells = state.layers[layer] as readonly (Entity | null)[];
    if (cells !== keptFrom) {
      for (let i = 0; i < cells.length; i++) {
        const e = cells[i];
        kept[i] = keep(e) ? e : null;
      }
      keptFrom = cells;
    }
    return kept;
  };
  const placed = (state: GameState) => {
    const cells = state.layers[layer] as readonly (Entity | null)[];
    return pattern.cells.every((i) => keep(cells[i]));
  };
  const ids = new StateTable(keys.keyWidth);
  const key = new Int32Array(keys.keyWidth);
  const states: GameState[] = [];
  const edges: number[][] = [];
  const first = project(start);
  keys.encode(first, key);
  ids.add(key);
  states.push(first);
  for (let s = 0; s < states.length; s++) {
    if (s % 1024 === 0 && performance.now() > deadline) return null;
    const from = states[s] as GameState;
    const out: number[] = [];
    for (const action of actions) {
      const result = runTurn(pack, level, from, action);
      if (!result.accepted) continue;
      keys.encode(result.state, key);
      let to = ids.find(key);
      if (to < 0) {
        if (states.length >= MAX_PATTERN_STATES) return null;
        to = ids.add(key);
        states.push(result.state);
      }
      out.push(to);
    }
    edges.push(out);
  }
  // Backwards from the states with the pattern in place, over the edges turned round.
  const into: number[][] = states.map(() => []);
  edges.forEach((out, s) => {
    for (const t of out) (into[t] as number[]).push(s);
  });
  const dist = new Int32Array(states.length).fill(-1);
  const queue: number[] = [];
  states.forEach((state, s) => {
    if (placed(state)) {
      dist[s] = 0;
      queue.push(s);
    }
  });
  for (let q = 0; q < queue.length; q++) {
    const t = queue[q] as number;
    for (const s of into[t] as number[]) {
      if (dist[s] !== -1) continue;
      dist[s] = (dist[t] as number) + 1;
      queue.push(s);
    }
  }
  return {
    distance(state) {
      keys.encodeWithLayer(state, layer, projectedLayer(state), key);
      const s = ids.find(key);
      // Every state a search meets is reachable, so its image was searched; 0 keeps a stranger safe.
      if (s < 0) return 0;
      const d = dist[s] as number;
      return d < 0 ? Number.POSITIVE_INFINITY : d;
    },
  };
}
