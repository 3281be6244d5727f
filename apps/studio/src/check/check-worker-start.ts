/**
 * Starts the validation worker. Its own module, so that the page's entry can start it before the
 * studio's code has loaded: the worker prepares the validator meanwhile (the first check's main cost).
 * @module
 */
export const startCheckWorker = (): Worker =>
  new Worker(new URL("./check-worker.ts", import.meta.url), { type: "module" });
