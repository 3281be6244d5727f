/**
 * `@gridponder/solver/node`: the worker-thread pool that solves many levels at once (Node only).
 * @module
 */
export * from "./parallel/pool.js";
