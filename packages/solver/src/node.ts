import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { SearchProgress, SolveOptions, SolveResult } from "./types.js";

/** Solve options that can cross a thread boundary (no functions, no heuristic objects). */
export type PlainSolveOptions = Omit<SolveOptions, "heuristic" | "onProgress">;

/** What the pool reports while it works, level by level. */
export type SolveEvent =
  | { readonly type: "start"; readonly level: string }
  | { readonly type: "progress"; readonly progress: SearchProgress }
  | { readonly type: "done"; readonly result: SolveResult }
  | { readonly type: "error"; readonly level: string; readonly message: string };

export interface PoolOptions extends PlainSolveOptions {
  /** Worker threads; default: one per available core, at most one per level. */
  readonly workers?: number;
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
 * Solves levels of one pack folder in parallel on worker threads, each worker loading the pack once
 * and taking the next level when it finishes one. Results come back in the order of `levels`;
 * progress streams through `onEvent`. No level, no worker: an empty list resolves to `[]` at once.
 *
 * The first failure (a level that reports an error, which rejects with a {@link SolveError}, or a
 * worker thread that fails or exits) stops every worker at once, without waiting for their current
 * levels, and rejects with that failure once they have all stopped; no event follows it.
 */
export async function solveLevels(
  packDir: string,
  levels: readonly string[],
  options: PoolOptions = {},
): Promise<SolveResult[]> {
  if (levels.length === 0) return [];
  const { workers: wanted, onEvent, ...solveOptions } = options;
  const count = Math.max(1, Math.min(levels.length, wanted ?? availableParallelism()));
  return new Promise<SolveResult[]>((resolve, reject) => {
    const results = new Map<string, SolveResult>();
    /** Workers started and not yet told to stop. */
    const running = new Set<Worker>();
    let next = 0;
    let done = 0;
    let settled = false;
    /** How each stopped worker's termination goes, so that the pool settles only after them all. */
    const stopping: Promise<unknown>[] = [];
    const stop = (worker: Worker) => {
      running.delete(worker);
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
    const start = () => {
      const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: { packDir } });
      running.add(worker);
      const feed = () => {
        if (settled) return;
        if (next >= levels.length) {
          stop(worker);
          if (done === levels.length) finish(null);
          return;
        }
        const level = levels[next++] as string;
        try {
          onEvent?.({ type: "start", level });
          worker.postMessage({ level, options: solveOptions });
        } catch (error) {
          // An `onEvent` that throws, or options that cannot cross to the thread.
          fail(error);
        }
      };
      worker.on("message", (event: SolveEvent) => {
        if (settled) return;
        try {
          onEvent?.(event);
        } catch (error) {
          fail(error);
          return;
        }
        if (event.type === "done") {
          results.set(event.result.level, event.result);
          done++;
          feed();
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
      for (let i = 0; i < count && !settled; i++) start();
    } catch (error) {
      fail(error); // a worker that cannot start
    }
  });
}

export type { SolveResult } from "./types.js";
