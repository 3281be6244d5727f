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
 * progress streams through `onEvent`.
 */
export async function solveLevels(
  packDir: string,
  levels: readonly string[],
  options: PoolOptions = {},
): Promise<SolveResult[]> {
  const { workers: wanted, onEvent, ...solveOptions } = options;
  const count = Math.max(1, Math.min(levels.length, wanted ?? availableParallelism()));
  const results = new Map<string, SolveResult>();
  let next = 0;
  let failure: SolveError | null = null;
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: { packDir } });
      const feed = () => {
        if (next >= levels.length || failure) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const level = levels[next++] as string;
        onEvent?.({ type: "start", level });
        worker.postMessage({ level, options: solveOptions });
      };
      worker.on("message", (event: SolveEvent) => {
        onEvent?.(event);
        if (event.type === "done") {
          results.set(event.result.level, event.result);
          feed();
        } else if (event.type === "error") {
          failure ??= new SolveError(event.level, event.message);
          feed();
        }
      });
      worker.on("error", reject);
      feed();
    });
  await Promise.all(Array.from({ length: count }, runWorker));
  if (failure) throw failure;
  return levels.map((level) => results.get(level) as SolveResult);
}

export type { SolveResult } from "./types.js";
