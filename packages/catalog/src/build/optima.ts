/**
 * Optima for the catalog: the shortest solution length of each level, where `@gridponder/solver`
 * proves it within the build's limits. Levels settled by an earlier build come from the cache
 * (`optima-cache.ts`); the rest are searched on worker threads, one per core. Every optimum, cached or
 * fresh, is shown only once its solution replays to a win in that many moves (`optima-replay.ts`).
 * @module
 */
import { availableParallelism } from "node:os";
import type { Pack } from "@gridponder/engine";
import type { PoolOptions, SolveResult } from "@gridponder/solver/node";
import { contentHash } from "./hash.ts";
import {
  type CachedOutcome,
  cacheKey,
  defaultCacheFile,
  readCache,
  type SearchLimits,
  settles,
  solverKey,
  writeCache,
} from "./optima-cache.ts";
import { provenOptimum } from "./optima-replay.ts";
import type { ProgressListener } from "./progress.ts";

/** Solves levels of one pack folder, like `solveLevels` of `@gridponder/solver/node` (the default). */
export type LevelSolver = (
  packDir: string,
  levels: readonly string[],
  options: PoolOptions,
) => Promise<SolveResult[]>;

/** Asks a build for the levels' optima (`CatalogLevel.optimum`); without it every optimum is `null`. */
export interface CatalogSolveOptions {
  /** Wall time the solver gets per level, in milliseconds. */
  readonly timeLimitMs: number;
  /** Most states the solver keeps per level: a limit whose outcome does not depend on the machine. */
  readonly maxStates?: number;
  /** Worker threads solving at once; default one per core. */
  readonly workers?: number;
  /**
   * The cache file, or `false` for none. Default: `GRIDPONDER_OPTIMA_CACHE`, else `optima.json` in the
   * user's cache folder (`~/.cache/gridponder` on Linux; see `defaultCacheFile`).
   */
  readonly cacheFile?: string | false;
  /** Replaces the solver's worker pool (a test counting searches, say). */
  readonly solveLevels?: LevelSolver;
}

/** One pack whose levels want optima. */
export interface PackToSolve {
  readonly dir: string;
  /** The pack as played: it keys the cache by content, and replays every solution before it is believed. */
  readonly pack: Pack;
  readonly levels: readonly string[];
}

/** A level's content key: its rules (the game) and its definition, so an edit elsewhere keeps it. */
export function levelHash(pack: Pack, levelId: string): string {
  return contentHash([JSON.stringify(pack.game), levelId, JSON.stringify(pack.levels[levelId] ?? null)]);
}

export interface KnownOptima {
  /** Proven optima by pack folder, then level id; levels without a proof are missing. */
  readonly optima: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Why the solver failed on a pack (its levels keep no optimum), by pack folder. */
  readonly failures: ReadonlyMap<string, string>;
  /** Levels searched by this build; the others were settled by the cache. */
  readonly searched: number;
  /** Why the cache could not be written, if it could not: the optima are right, the next build slower. */
  readonly cacheError: { readonly file: string; readonly message: string } | null;
}

/** A worker thread loads its pack before solving (about a second), so small packs are not split. */
const LEVELS_PER_JOB = 8;

interface Job {
  readonly pack: PackToSolve;
  readonly levels: readonly string[];
}

/**
 * Splits each pack's levels into jobs of one worker each: a big pack into one job per lane (taking
 * every k-th level, since a pack's hardest levels tend to come last), small packs whole, and a lone
 * pack into one job per lane so that every core works. The biggest jobs go first.
 */
function jobsOf(packs: readonly PackToSolve[], lanes: number): Job[] {
  const jobs: Job[] = [];
  for (const pack of packs) {
    const n = pack.levels.length;
    if (n === 0) continue;
    const parts = Math.min(
      n,
      lanes,
      Math.max(Math.ceil(n / LEVELS_PER_JOB), Math.ceil(lanes / packs.length)),
    );
    for (let part = 0; part < parts; part++)
      jobs.push({ pack, levels: pack.levels.filter((_, i) => i % parts === part) });
  }
  return jobs.sort((a, b) => b.levels.length - a.levels.length);
}

/**
 * What the cache keeps of a search. `solved` is a proof: A* with an admissible heuristic, a complete
 * breadth-first layer, or a bounded search that ruled out everything shorter than the gold path; it is
 * kept with its solution, for the replay. A catalog level's gold path wins, so `unsolvable` cannot be
 * right: it is kept as a search that proved nothing within these limits, as is a solution that does not
 * replay (neither ever shows an optimum).
 */
function outcomeOf(pack: Pack, result: SolveResult, limits: SearchLimits): CachedOutcome {
  if (result.status === "solved" && result.optimalLength !== null && result.solution !== null) {
    const claim = { optimum: result.optimalLength, solution: result.solution };
    if (provenOptimum(pack, result.level, claim) !== null) return claim;
  }
  return { bounded: limits };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The proven optima of the given packs' levels: from the cache where an earlier build settled them,
 * else searched within `options`' limits (levels in parallel, one worker thread per core), reporting
 * `{ phase: "solve" }` progress. A pack the solver fails on keeps no optima and is named in `failures`.
 */
export async function knownOptima(
  packs: readonly PackToSolve[],
  options: CatalogSolveOptions,
  onProgress?: ProgressListener,
): Promise<KnownOptima> {
  const limits: SearchLimits = { timeLimitMs: options.timeLimitMs, maxStates: options.maxStates ?? null };
  const file = options.cacheFile === undefined ? defaultCacheFile() : options.cacheFile;
  const cache = file === false ? new Map<string, CachedOutcome>() : await readCache(file);
  const solver = solverKey();
  const optima = new Map<string, Map<string, number>>(packs.map((p) => [p.dir, new Map()]));
  const failures = new Map<string, string>();
  const keyOf = (pack: PackToSolve, level: string) => cacheKey(solver, levelHash(pack.pack, level), level);
  /** Records a proven optimum; `false` when the claim does not replay (a forged or stale entry). */
  const record = (pack: PackToSolve, level: string, outcome: CachedOutcome): boolean => {
    if (!("optimum" in outcome)) return true;
    const proven = provenOptimum(pack.pack, level, outcome);
    if (proven !== null) optima.get(pack.dir)?.set(level, proven);
    return proven !== null;
  };

  const unsettled: PackToSolve[] = [];
  for (const pack of packs) {
    const open: string[] = [];
    for (const level of pack.levels) {
      const cached = cache.get(keyOf(pack, level));
      if (cached === undefined || !settles(cached, limits) || !record(pack, level, cached)) open.push(level);
    }
    if (open.length > 0) unsettled.push({ ...pack, levels: open });
  }

  const total = packs.reduce((n, p) => n + p.levels.length, 0);
  const searched = unsettled.reduce((n, p) => n + p.levels.length, 0);
  let done = total - searched;
  onProgress?.({ phase: "solve", done, total, pack: null, level: null });
  if (searched === 0) return { optima, failures, searched, cacheError: null };

  const solve = options.solveLevels ?? (await import("@gridponder/solver/node")).solveLevels;
  const lanes = Math.max(1, options.workers ?? availableParallelism());
  const jobs = jobsOf(unsettled, lanes);
  let cacheError: KnownOptima["cacheError"] = null;
  // One write at a time: each reads the file again and merges, which must not interleave.
  let writing = Promise.resolve();
  const runJob = async ({ pack, levels }: Job) => {
    const fresh = new Map<string, CachedOutcome>();
    let finished = 0;
    try {
      await solve(pack.dir, levels, {
        timeLimitMs: limits.timeLimitMs,
        ...(limits.maxStates === null ? {} : { maxStates: limits.maxStates }),
        workers: 1,
        onEvent: (event) => {
          if (event.type === "start")
            onProgress?.({ phase: "solve", done, total, pack: pack.dir, level: event.level });
          if (event.type !== "done" && event.type !== "error") return;
          const level = event.type === "done" ? event.result.level : event.level;
          if (event.type === "done") {
            const outcome = outcomeOf(pack.pack, event.result, limits);
            fresh.set(keyOf(pack, level), outcome);
            record(pack, level, outcome);
          }
          finished++;
          onProgress?.({ phase: "solve", done: ++done, total, pack: pack.dir, level });
        },
      });
    } catch (error) {
      if (!failures.has(pack.dir)) failures.set(pack.dir, messageOf(error));
    }
    // Levels a failed job never reported still count as done for the progress display.
    if (finished < levels.length) {
      done += levels.length - finished;
      onProgress?.({ phase: "solve", done, total, pack: pack.dir, level: null });
    }
    if (file !== false && fresh.size > 0)
      writing = writing.then(() =>
        writeCache(file, fresh).catch((error: unknown) => {
          cacheError ??= { file, message: messageOf(error) };
        }),
      );
  };
  let next = 0;
  const lane = async () => {
    for (let job = jobs[next++]; job !== undefined; job = jobs[next++]) await runJob(job);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, jobs.length) }, lane));
  await writing;
  return { optima, failures, searched, cacheError };
}
