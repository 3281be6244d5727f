import { readdirSync } from "node:fs";
import type { GameState, Pack } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { replayGold } from "../src/gold.js";
import { HEURISTICS } from "../src/heuristics/heuristics.js";
import { Limits } from "../src/limits.js";
import { goalSupply } from "../src/models/index.js";
import { breadthFirst } from "../src/search/bfs.js";
import { type SearchSpace, searchSpace } from "../src/search-space.js";
import type { Heuristic, MarkerHeuristic } from "../src/types.js";
import { corpusPack, PACKS } from "./corpus.js";

/**
 * Admissibility, property-tested: on random states of every shared level, no heuristic the solver
 * could use there may estimate more actions than an exact breadth-first search from that state needs,
 * nor call a state dead from which that search finds a win; nor may the engine's dead-state analysis
 * (`goalSupply`, which the search space uses to drop successors). The states are drawn near the level's
 * gold path (a prefix of it, then a few random accepted actions), where an exact search is cheap.
 */

/** States drawn per level, and the most states an exact search from one of them may visit. */
const SAMPLES = 24;
const EXACT_STATES = 20_000;

/** A small seeded generator (mulberry32), so every run draws the same states. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/** Random states near the gold path: a prefix of it, then up to five random accepted actions. */
function sampleStates(space: SearchSpace, gold: readonly GameState[], seed: number): GameState[] {
  const next = random(seed);
  const out: GameState[] = [];
  for (let n = 0; n < SAMPLES; n++) {
    // Mostly late prefixes, so the exact distance stays small; some from anywhere on the path.
    const late = n % 3 !== 0;
    const from = late
      ? Math.max(0, gold.length - 1 - Math.floor(next() * 8))
      : Math.floor(next() * gold.length);
    let state = gold[from] as GameState;
    const walk = Math.floor(next() * 6);
    for (let step = 0; step < walk && !state.won; step++) {
      const action = space.actions[Math.floor(next() * space.actions.length)];
      const child = action ? space.next(state, action) : null;
      if (child !== null && !child.lost) state = child;
    }
    if (!state.won && !state.lost) out.push(state);
  }
  return out;
}

/**
 * The estimate a search that keeps a marker layer apart (see `markerBreadthFirst`) gets for a state:
 * a marker heuristic is asked about the core (that layer emptied) and then about the marker's value
 * (0 for none, else 1 + its cell); a plain one about the core alone. `null` on a level without one.
 */
function markerSearchEstimate(space: SearchSpace, h: Heuristic, state: GameState): number | null {
  const field = space.bound?.field;
  if (field === undefined) return null;
  const layer = state.layers[field] as readonly unknown[];
  const layers = state.layers.slice();
  layers[field] = layer.map(() => null) as never;
  const core = { ...state, layers };
  const perMarker = h as Partial<MarkerHeuristic>;
  if (!perMarker.base || !perMarker.at) return h.estimate(core);
  const cell = layer.findIndex((e) => e !== null);
  return perMarker.at(perMarker.base(core), cell < 0 ? 0 : cell + 1);
}

interface Checked {
  readonly level: string;
  readonly heuristics: string[];
  readonly exact: number;
  readonly violations: string[];
}

function checkLevel(name: string, pack: Pack, level: string): Checked {
  const space = searchSpace(pack, level);
  const heuristics = HEURISTICS.map((make) => make(pack, space.level)).filter(
    (h): h is Heuristic => h !== null,
  );
  // Exact searches see every successor, dead or not, so they check the dead-state analysis too.
  const exactSpace = searchSpace(pack, level, { dropDead: false });
  const named = heuristics.map((h) => h.name);
  const deadEnds = goalSupply(pack, space.level, space.start) !== null;
  if (deadEnds) named.push("goal supply");
  const result: Checked = { level, heuristics: named, exact: 0, violations: [] };
  if (named.length === 0) return result;
  const replay = replayGold(pack, level);
  const gold = [space.start];
  for (const action of replay.actions) {
    const child = space.next(gold[gold.length - 1] as GameState, action);
    if (child === null) break;
    gold.push(child);
  }
  let exact = 0;
  for (const state of sampleStates(space, gold, seedOf(`${name}/${level}`))) {
    const outcome = breadthFirst(
      { ...exactSpace, start: state },
      new Limits(level, { maxStates: EXACT_STATES }),
      1,
    );
    if (outcome.status === "bounded") continue;
    exact++;
    const distance =
      outcome.status === "solved" ? (outcome.optimalLength as number) : Number.POSITIVE_INFINITY;
    if (space.dead(state) && outcome.status === "solved")
      result.violations.push(`goal supply calls ${space.key(state)} dead, yet it wins in ${distance}`);
    for (const h of heuristics) {
      const asked = [h.estimate(state), markerSearchEstimate(space, h, state)];
      for (const estimate of asked)
        if (estimate !== null && estimate > distance)
          result.violations.push(`${h.name} on ${space.key(state)}: ${estimate} > ${distance}`);
    }
  }
  return { ...result, exact };
}

const packs = readdirSync(PACKS)
  .filter((name) => name !== "gridponder-base")
  .sort();

describe("every heuristic is admissible on random states of every shared level", () => {
  it.each(packs)("%s", async (name) => {
    const pack = await corpusPack(name);
    const checked = pack.levelOrder.map((level) => checkLevel(name, pack, level));
    const used = checked.filter((c) => c.heuristics.length > 0);
    console.log(
      `${name}: ${used.length}/${checked.length} levels with a heuristic or dead-state test; ${used.reduce((n, c) => n + c.exact, 0)} states checked against exact search`,
    );
    expect(checked.flatMap((c) => c.violations)).toEqual([]);
    // A level with a heuristic must have been checked on enough states to mean something.
    const thin = used.filter((c) => c.exact < SAMPLES / 3).map((c) => `${c.level} (${c.exact})`);
    expect(thin).toEqual([]);
  });
});
