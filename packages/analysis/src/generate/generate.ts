import { type ActionInput, type GameState, type Pack, Session, stableStringify } from "@gridponder/engine";
import { formatPackJson } from "@gridponder/schema";
import { type SolveResult, solveLevel } from "@gridponder/solver";
import { winDistances } from "../distances.js";
import { exploreLevel } from "../explore.js";
import { mechanicsNeeded } from "../mechanics.js";
import { levelFile, levelJson, type PackSource, withFiles } from "../pack-source.js";
import { type Random, seededRandom } from "../random.js";
import { namesMechanic } from "../variants.js";
import { type Grid, gridOfState, readGrid, writeGrid } from "./board.js";
import { canonicalStart } from "./canonical.js";
import { mutateStart, type Start } from "./mutate.js";

/** How a generated level was found. */
export type GenerationMethod = "mutation" | "reverse";

/** What a generated level must satisfy, and how hard to look. */
export interface GenerateOptions {
  /** Levels wanted. */
  readonly count: number;
  /** Default 1. */
  readonly seed?: number;
  /** The least optimum (actions on the shortest win). Default: 1. */
  readonly minOptimum?: number;
  /** Only levels with exactly one optimal solution. */
  readonly unique?: boolean;
  /** Mechanics (system, action or rule ids) each level must be proven unsolvable without. */
  readonly uses?: readonly string[];
  /** Which methods to use, alternating. Default both. */
  readonly methods?: readonly GenerationMethod[];
  /** Candidates to try before giving up. Default 60 × `count`. */
  readonly maxAttempts?: number;
  /** States the solver may keep proving a candidate. Default 1,000,000. */
  readonly solverStates?: number;
  /** Time the solver may take per candidate, in milliseconds. Default 10,000. */
  readonly timeLimitMs?: number;
  /** States explored for reverse search. Default 100,000. */
  readonly exploreStates?: number;
  /** Called for every candidate judged, kept or not. */
  readonly onCandidate?: (verdict: CandidateVerdict) => void;
}

/** Why a candidate was not kept, or that it was. */
export type CandidateVerdict =
  | "kept"
  | "duplicate"
  | "invalid"
  | "avatar misplaced"
  | "unsolved"
  | "too short"
  | "not unique"
  | "mechanic not needed";

/** A level that generation produced, proven by the solver. */
export interface GeneratedLevel {
  readonly id: string;
  /** The level file's path inside the pack. */
  readonly path: string;
  /** The level file's content (JSON, with its proven gold path and hint stops). */
  readonly text: string;
  readonly method: GenerationMethod;
  readonly optimum: number;
  readonly optimalCount: number | null;
}

/** What {@link generateLevels} made and how many candidates each check turned away. */
export interface GenerateReport {
  readonly levels: readonly GeneratedLevel[];
  readonly attempts: number;
  readonly verdicts: Readonly<Record<CandidateVerdict, number>>;
}

/** The start of a level file, as {@link canonicalStart} compares it. */
function canonicalOf(pack: Pack, json: Record<string, unknown>): string {
  const grid = readGrid(json.board as never);
  // A default entity written out in a dense `exactly_one` layer is the same as a cell left unset.
  for (const info of pack.layers) {
    const cells = grid.layers.get(info.id);
    if (!info.exactlyOne || cells === undefined) continue;
    cells.forEach((c, i) => {
      if (c === info.fill?.kind) cells[i] = null;
    });
  }
  const state = (json.state ?? {}) as { avatar?: { position?: [number, number] }; variables?: unknown };
  return canonicalStart({
    grid,
    avatar: state.avatar?.position ?? null,
    rest: { state: { ...state, avatar: { ...state.avatar, position: null } }, goals: json.goals ?? [] },
  });
}

/** Up to three hint stops spread over a gold path: a quarter, half and three quarters of the way. */
export function hintStopsFor(length: number): number[] {
  const stops = [0.25, 0.5, 0.75].map((f) => Math.round(f * length)).filter((n) => n > 0 && n < length);
  return [...new Set(stops)];
}

/** A level file for a start: the source's goals, rules and overrides, with a new id and board. */
function candidateJson(
  source: Record<string, unknown>,
  id: string,
  start: Start,
  state: Record<string, unknown>,
): Record<string, unknown> {
  const { metadata: _metadata, solution: _solution, ...rest } = source;
  const avatar = (state.avatar ?? {}) as Record<string, unknown>;
  return {
    ...rest,
    id,
    board: { ...(source.board as object), ...writeGrid(start.grid) },
    state: {
      ...state,
      ...(start.avatar === null ? {} : { avatar: { ...avatar, position: [...start.avatar] } }),
    },
    solution: { goldPath: [] },
  };
}

/** A reachable state as a level's start, or `null` when it holds what a level file cannot say. */
function startOfState(pack: Pack, state: GameState, initial: GameState, like: Grid) {
  // System memory, a moved overlay and multi-cell objects have no place in a level's start.
  if (
    Object.keys(state.memory).length > 0 &&
    stableStringify(state.memory) !== stableStringify(initial.memory)
  )
    return null;
  if (stableStringify(state.overlay) !== stableStringify(initial.overlay)) return null;
  if (stableStringify(state.multiCellObjects) !== stableStringify(initial.multiCellObjects)) return null;
  const { avatar } = state;
  const start: Start = {
    grid: gridOfState(pack, state, like),
    avatar: avatar.position === null ? null : [avatar.position[0], avatar.position[1]],
  };
  const levelState: Record<string, unknown> = { variables: { ...state.variables } };
  if (avatar.position !== null)
    levelState.avatar = { enabled: avatar.enabled, facing: avatar.facing, inventory: { slot: avatar.item } };
  return { start, state: levelState };
}

/** Candidate starts by reverse search: reachable states of the source farthest from a win. */
function* reverseStarts(
  source: PackSource,
  from: string,
  json: Record<string, unknown>,
  options: GenerateOptions,
) {
  const graph = exploreLevel(source.pack, from, { maxStates: options.exploreStates ?? 100_000 });
  const dist = winDistances(graph);
  const least = Math.max(1, options.minOptimum ?? 1);
  const nodes = [...dist.keys()].filter((n) => n > 0 && (dist[n] as number) >= least);
  // Farthest from a win first; among equals, the ones met last (farthest from the source's start).
  nodes.sort((a, b) => (dist[b] as number) - (dist[a] as number) || b - a);
  const like = readGrid(json.board as never);
  const initial = graph.state(0);
  for (const n of nodes) {
    const made = startOfState(source.pack, graph.state(n), initial, like);
    if (made !== null) yield made;
  }
}

/** Candidate starts by mutation: the source's board with one to three random changes. */
function* mutatedStarts(json: Record<string, unknown>, random: Random) {
  const state = (json.state ?? {}) as Record<string, unknown>;
  const avatar = (state.avatar ?? {}) as { position?: [number, number] };
  const start: Start = { grid: readGrid(json.board as never), avatar: avatar.position ?? null };
  for (;;) {
    const next = mutateStart(start, random);
    if (next !== null) yield { start: next, state };
  }
}

/**
 * What the avatar is seen standing on in the source level: per layer, the kinds under it at its start
 * and after each step of the gold path. A candidate whose avatar starts on anything else (inside a
 * wall, say) is turned away: the engine would load it, but no author means it.
 */
function standable(pack: Pack, levelId: string): Set<string> {
  const seen = new Set<string>();
  const session = new Session(pack, levelId);
  const note = (state: GameState) => {
    const at = state.avatar.position;
    if (at === null) return;
    const cell = at[1] * session.level.width + at[0];
    for (const info of pack.layers) {
      const e = state.layers[info.index]?.[cell];
      if (e) seen.add(`${info.id}:${e.kind}`);
    }
  };
  note(session.state);
  for (const step of pack.levels[levelId]?.solution.goldPath ?? []) {
    session.act(step as never);
    note(session.state);
  }
  return seen;
}

/** Whether the avatar of a candidate's start stands only on what it is seen standing on in the source. */
function startsOnStandable(pack: Pack, levelId: string, allowed: ReadonlySet<string>): boolean {
  const session = new Session(pack, levelId);
  const at = session.state.avatar.position;
  if (at === null) return true;
  const cell = at[1] * session.level.width + at[0];
  for (const info of pack.layers) {
    const e = session.state.layers[info.index]?.[cell];
    if (e && !allowed.has(`${info.id}:${e.kind}`)) return false;
  }
  return true;
}

/** Whether an action list wins the level, replayed by a fresh session. */
function wins(pack: Pack, levelId: string, actions: readonly ActionInput[]): boolean {
  const session = new Session(pack, levelId);
  for (const a of actions) if (!session.act(a).accepted) return false;
  return session.state.won;
}

/**
 * New levels from an existing one, by mutation of its board and by reverse search (reachable states
 * far from a win, taken as new starts), each kept only when the solver proves it: solvable, optimum
 * at least `minOptimum`, unique if asked, needing the mechanics asked for, and not the same as (nor a
 * turn or mirror of) any level of the pack or any level generated before it. Each comes with its
 * proven gold path and hint stops. Deterministic for a seed and bounds given by counts.
 */
export function generateLevels(source: PackSource, from: string, options: GenerateOptions): GenerateReport {
  const json = levelJson(source, from);
  const folder = levelFile(source, from).replace(/[^/]*$/, "");
  const random = seededRandom(options.seed ?? 1);
  const seen = new Set(source.pack.levelOrder.map((id) => canonicalOf(source.pack, levelJson(source, id))));
  const taken = new Set(source.pack.levelOrder);
  const methods = options.methods ?? ["mutation", "reverse"];
  const producers = new Map<GenerationMethod, Iterator<{ start: Start; state: Record<string, unknown> }>>();
  if (methods.includes("mutation")) producers.set("mutation", mutatedStarts(json, random));
  if (methods.includes("reverse")) producers.set("reverse", reverseStarts(source, from, json, options));
  const allowed = standable(source.pack, from);
  const verdicts: Record<CandidateVerdict, number> = {
    kept: 0,
    duplicate: 0,
    invalid: 0,
    "avatar misplaced": 0,
    unsolved: 0,
    "too short": 0,
    "not unique": 0,
    "mechanic not needed": 0,
  };
  const levels: GeneratedLevel[] = [];
  const maxAttempts = options.maxAttempts ?? 60 * options.count;
  let attempts = 0;
  let serial = 0;
  // Candidates are judged under one id; a level kept gets the next free `<from>_v<n>`.
  let candidateId = `${from}_candidate`;
  while (taken.has(candidateId)) candidateId = `_${candidateId}`;
  const nextId = () => {
    let id: string;
    do id = `${from}_v${++serial}`;
    while (taken.has(id));
    return id;
  };
  const judge = (verdict: CandidateVerdict) => {
    verdicts[verdict]++;
    options.onCandidate?.(verdict);
  };
  let turn = 0;
  while (levels.length < options.count && attempts < maxAttempts && producers.size > 0) {
    const order = [...producers.keys()];
    const method = order[turn++ % order.length] as GenerationMethod;
    const produced = producers.get(method)?.next();
    if (produced === undefined || produced.done) {
      producers.delete(method);
      continue;
    }
    attempts++;
    const id = candidateId;
    const candidate = candidateJson(json, id, produced.value.start, produced.value.state);
    const canonical = canonicalOf(source.pack, candidate);
    if (seen.has(canonical)) {
      judge("duplicate");
      continue;
    }
    seen.add(canonical);
    let variant: PackSource;
    try {
      variant = withFiles(source, { [`${folder}${id}.json`]: JSON.stringify(candidate) });
      if (!startsOnStandable(variant.pack, id, allowed)) {
        judge("avatar misplaced");
        continue;
      }
    } catch {
      judge("invalid");
      continue;
    }
    const r: SolveResult = solveLevel(variant.pack, id, {
      maxStates: options.solverStates ?? 1_000_000,
      timeLimitMs: options.timeLimitMs ?? 10_000,
      countLimit: 2,
    });
    if (r.status !== "solved" || r.solution === null || r.optimalLength === null || r.optimalLength === 0) {
      judge("unsolved");
      continue;
    }
    if (r.optimalLength < (options.minOptimum ?? 1)) {
      judge("too short");
      continue;
    }
    if (options.unique && (r.optimalCount !== 1 || r.countCapped)) {
      judge("not unique");
      continue;
    }
    if (options.uses && options.uses.length > 0) {
      const findings = mechanicsNeeded(variant, id, r.optimalLength, { only: options.uses });
      const named = options.uses.every((name) => findings.some((f) => namesMechanic(name, f)));
      if (!named || findings.some((f) => f.verdict !== "needed")) {
        judge("mechanic not needed");
        continue;
      }
    }
    const title = typeof json.title === "string" ? `${json.title} · variant ${levels.length + 1}` : undefined;
    const keptId = nextId();
    const path = `${folder}${keptId}.json`;
    const finished = {
      ...candidate,
      id: keptId,
      ...(title === undefined ? {} : { title }),
      solution: { goldPath: r.solution, hintStops: hintStopsFor(r.optimalLength) },
      metadata: {
        description: `Generated from ${from} by ${method === "mutation" ? "mutation" : "reverse search from its winning states"} (seed ${options.seed ?? 1}); optimum ${r.optimalLength}, proven by the solver.`,
        tags: ["generated"],
      },
    };
    const text = formatPackJson(finished as never);
    // The finished file must load and its gold path must win, as the validator and a player will see it.
    let final: PackSource;
    try {
      final = withFiles(source, { [path]: text });
    } catch {
      judge("invalid");
      continue;
    }
    if (!wins(final.pack, keptId, r.solution)) {
      judge("invalid");
      continue;
    }
    taken.add(keptId);
    levels.push({
      id: keptId,
      path,
      text,
      method,
      optimum: r.optimalLength,
      optimalCount: r.countCapped ? null : r.optimalCount,
    });
    judge("kept");
  }
  return { levels, attempts, verdicts };
}
