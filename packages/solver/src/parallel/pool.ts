import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { prepareValidated, type Registry, validateOptionsFor } from "@gridponder/engine";
import { loadPlugins, resolvePlugin } from "@gridponder/engine/plugins";
import { type PackFiles, validatePack } from "@gridponder/schema";
import { validatePackFolder } from "@gridponder/schema/node";
import type { SearchProgress, SolveOptions, SolveResult } from "../types.js";
import { MemoryBudget, sharedMemoryBudget } from "./memory-budget.js";

/** Solve options that can cross a thread boundary (no functions, no heuristic objects). */
export type PlainSolveOptions = Omit<SolveOptions, "heuristic" | "onProgress" | "memoryShareMb">;

/** What the pool reports while it works, level by level. */
export type SolveEvent =
  | { readonly type: "start"; readonly level: string }
  | { readonly type: "progress"; readonly progress: SearchProgress }
  | { readonly type: "done"; readonly result: SolveResult }
  | { readonly type: "error"; readonly level: string; readonly message: string };

/**
 * What the pool asks of a worker thread.
 * Internal to the pool and its threads; not part of the public API.
 * @internal
 */
export type WorkerRequest =
  | {
      readonly type: "job";
      readonly level: string;
      readonly options: PlainSolveOptions;
      /** This thread's place among the threads that search the level together. */
      readonly share?: { readonly index: number; readonly count: number };
    }
  | { readonly type: "batches"; readonly batches: readonly object[] };

/**
 * What a worker thread tells the pool: the events it passes on, and the search's own traffic.
 * Internal to the pool and its threads; not part of the public API.
 * @internal
 */
export type WorkerReply =
  | SolveEvent
  | { readonly type: "batch"; readonly batch: object }
  | { readonly type: "idle"; readonly level: string };

export interface PoolOptions extends PlainSolveOptions {
  /**
   * The memory budget of the whole call in megabytes (the JavaScript heap plus the search tables of
   * every worker thread), split evenly among its threads as they come and go: a search stops with the
   * `memory` bound when its thread's share is used up, and reports the share in
   * `SolveResult.memoryLimitMb`. Default: one budget that every call without this option in the
   * process shares (`defaultMemoryBudgetMb()`: 3072 MB, or half the machine's memory if less), so
   * calls running side by side split it too.
   */
  readonly maxMemoryMb?: number;
  /**
   * Worker threads; default: one per available core. With several levels, at most one per level, each
   * solving levels in turn; with one level, all of them search it together when it is searched
   * breadth-first without a heuristic (see `parallelBreadthFirst`) or is a marker level with a
   * heuristic (they fill its table if it has one, then run the best-first search: see `MarkerTeam`),
   * else one searches it.
   */
  readonly workers?: number;
  /**
   * Plugin modules with system, goal or lose condition types the pack uses (see the engine's
   * `loadPlugins`): file paths or URLs, imported here and by every worker thread, since a registry's
   * functions cannot be sent to a thread.
   */
  readonly plugins?: readonly string[];
  /** Receives every event as it happens. */
  readonly onEvent?: (event: SolveEvent) => void;
}

/** A level the pool could not solve because solving it failed (e.g. an unknown level id). */
export class SolveError extends Error {
  constructor(
    readonly level: string,
    message: string,
  ) {
    super(`${level}: ${message}`);
  }
}

/**
 * Solves levels of one pack folder (or of a pack's files read in memory, such as from a zip) in
 * parallel on worker threads, each worker taking the next level
 * when it finishes one; a single level is searched by all the threads together where its search allows
 * (see `PoolOptions.workers`). Results come back in the order of `levels`; progress streams through
 * `onEvent`. No level, no worker: an empty list resolves to `[]`.
 *
 * The pack is validated once, here, and handed to the workers validated: they only prepare it, so no
 * worker compiles the schema validator (about 0.4 s of a small level's 0.6 s). A pack that does not
 * load rejects with a {@link SolveError} naming the first level, before any worker starts.
 *
 * The first failure (a level that reports an error, which rejects with a {@link SolveError}, or a
 * worker thread that fails or exits) stops every worker at once, without waiting for their current
 * levels, and rejects with that failure once they have all stopped; no event follows it.
 */
export async function solveLevels(
  packDir: string | PackFiles,
  levels: readonly string[],
  options: PoolOptions = {},
): Promise<SolveResult[]> {
  if (levels.length === 0) return [];
  const { workers: wanted, onEvent, plugins: named = [], maxMemoryMb, ...solveOptions } = options;
  // Absolute, so that workers (and their own working folder) find the same modules.
  const plugins = named.map(resolvePlugin);
  let registry: Registry;
  try {
    registry = await loadPlugins(plugins);
  } catch (error) {
    throw new SolveError(levels[0] as string, error instanceof Error ? error.message : String(error));
  }
  const validateOptions = validateOptionsFor({}, registry);
  const validated =
    typeof packDir === "string"
      ? await validatePackFolder(packDir, validateOptions)
      : validatePack(packDir, validateOptions);
  if (!prepareValidated(validated, registry).ok || validated.pack === undefined)
    throw new SolveError(levels[0] as string, "the pack does not load");
  const pack = validated.pack;
  const threads = Math.max(1, wanted ?? availableParallelism());
  // One level and several threads: they search it together.
  const shared = levels.length === 1 && threads > 1;
  const count = shared ? threads : Math.min(levels.length, threads);
  const budget = maxMemoryMb === undefined ? sharedMemoryBudget() : new MemoryBudget(maxMemoryMb);
  // The one-file build of the worker starts several times faster (see scripts/bundle-worker.mjs); a
  // plugin imports @gridponder/engine itself, so with plugins the threads load the modules it shares.
  const workerFile = new URL(plugins.length > 0 ? "./worker.js" : "./worker-bundle.js", import.meta.url);
  return new Promise<SolveResult[]>((resolve, reject) => {
    const results = new Map<string, SolveResult>();
    /** Workers started and not yet told to stop, each counted in the memory budget. */
    const running = new Set<Worker>();
    let next = 0;
    let done = 0;
    let settled = false;
    /** How each stopped worker's termination goes, so that the pool settles only after them all. */
    const stopping: Promise<unknown>[] = [];
    const stop = (worker: Worker) => {
      if (running.delete(worker)) budget.leave();
      // A worker that already exited resolves at once; terminating never fails the pool.
      stopping.push(worker.terminate().catch(() => undefined));
    };
    /** Ends the pool: every worker stopped, then the results, or the first failure. */
    const finish = (failure: { error: unknown } | null) => {
      if (settled) return;
      settled = true;
      for (const worker of [...running]) stop(worker);
      void Promise.all(stopping).then(() =>
        failure ? reject(failure.error) : resolve(levels.map((level) => results.get(level) as SolveResult)),
      );
    };
    const fail = (error: unknown) => finish({ error });
    /** The batches of the layer the threads sharing a level are swapping, by thread. */
    let round: object[] = [];
    const start = (index: number) => {
      const memoryShare = budget.join();
      let worker: Worker;
      try {
        worker = new Worker(workerFile, {
          workerData: { pack, plugins, memoryShare },
        });
      } catch (error) {
        budget.leave();
        throw error;
      }
      running.add(worker);
      const feed = () => {
        if (settled) return;
        // Threads sharing a level are fed it once each; the pool ends when thread 0 reports.
        if (!shared && next >= levels.length) {
          stop(worker);
          if (done === levels.length) finish(null);
          return;
        }
        const level = (shared ? levels[0] : levels[next++]) as string;
        try {
          if (index === 0 || !shared) onEvent?.({ type: "start", level });
          const request: WorkerRequest = {
            type: "job",
            level,
            options: solveOptions,
            ...(shared ? { share: { index, count } } : {}),
          };
          worker.postMessage(request);
        } catch (error) {
          // An `onEvent` that throws, or options that cannot cross to the thread.
          fail(error);
        }
      };
      worker.on("message", (event: WorkerReply) => {
        if (settled) return;
        if (event.type === "batch") {
          round[index] = event.batch;
          if (round.filter(Boolean).length === count) {
            const batches = round;
            round = [];
            for (const w of running) w.postMessage({ type: "batches", batches } satisfies WorkerRequest);
          }
          return;
        }
        if (event.type === "idle") {
          // A thread that shared the level (or had no part in it) is done; thread 0 reports.
          stop(worker);
          return;
        }
        try {
          onEvent?.(event);
        } catch (error) {
          fail(error);
          return;
        }
        if (event.type === "done") {
          results.set(event.result.level, event.result);
          done++;
          if (shared) finish(null);
          else feed();
        } else if (event.type === "error") {
          fail(new SolveError(event.level, event.message));
        }
      });
      worker.on("error", fail);
      worker.on("exit", (code) => {
        // Only a worker the pool still counts on can stop unexpectedly.
        if (running.has(worker)) fail(new Error(`a solver worker stopped unexpectedly (exit code ${code})`));
      });
      feed();
    };
    try {
      for (let i = 0; i < count && !settled; i++) start(i);
    } catch (error) {
      fail(error); // a worker that cannot start
    }
  });
}

export type { SolveResult } from "../types.js";
export { defaultMemoryBudgetMb } from "./memory-budget.js";
