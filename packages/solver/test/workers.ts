import type { Worker } from "node:worker_threads";
import { afterEach } from "vitest";

/** What a test learns from watching the worker threads this process starts. */
export interface WorkerWatcher {
  /** How many started since the watch began. */
  started(): number;
  /** How many of those still run. */
  live(): number;
}

/**
 * Watches the worker threads this process starts (Node's `process` "worker" event), so a test can
 * tell how many a call started and how many still run. Call once at the top of a test file: it
 * returns the function a test calls to start a watch, and every watch ends after its test.
 */
export function workerWatches(): () => WorkerWatcher {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });
  return () => {
    const live = new Set<Worker>();
    let started = 0;
    const onWorker = (worker: Worker) => {
      started++;
      live.add(worker);
      worker.once("exit", () => live.delete(worker));
    };
    process.on("worker", onWorker);
    stops.push(() => process.off("worker", onWorker));
    return { started: () => started, live: () => live.size };
  };
}
