import type { Bound, SearchProgress, SolveOptions } from "./types.js";

/** The bounds of one search, and the bookkeeping that checks them without slowing it down. */
export class Limits {
  readonly maxDepth: number;
  readonly maxStates: number;
  private readonly deadline: number;
  private readonly maxHeapBytes: number;
  private readonly started: number;
  private checks = 0;

  constructor(
    readonly level: string,
    private readonly options: SolveOptions,
    parent?: { readonly started: number; readonly deadline: number },
  ) {
    this.maxDepth = options.maxDepth ?? 200;
    this.maxStates = options.maxStates ?? 100_000_000;
    this.started = parent?.started ?? performance.now();
    this.deadline =
      parent?.deadline ??
      (options.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : this.started + options.timeLimitMs);
    // Where the host reports heap use (Node), stop well before its default heap limit rather than crash.
    const memoryMb = options.maxMemoryMb ?? (heapUsed() > 0 ? 3072 : undefined);
    this.maxHeapBytes = memoryMb === undefined ? Number.POSITIVE_INFINITY : memoryMb * 1024 * 1024;
  }

  get elapsedMs(): number {
    return performance.now() - this.started;
  }

  /** Milliseconds left before the time limit (Infinity without one). */
  get remainingMs(): number {
    return this.deadline - performance.now();
  }

  /**
   * The same bounds for one stage of a search made of several: the clock keeps running from the
   * parent's start, and the stage stops after at most `ms` more milliseconds (or at the parent's limit)
   * and at most `maxStates` states (or the parent's).
   */
  stage(ms = Number.POSITIVE_INFINITY, maxStates = Number.POSITIVE_INFINITY): Limits {
    const deadline = Math.min(this.deadline, performance.now() + ms);
    const options = { ...this.options, maxStates: Math.min(this.maxStates, maxStates) };
    return new Limits(this.level, options, { started: this.started, deadline });
  }

  /**
   * Called once per expanded state; every 2,048 calls it checks time and memory and reports progress
   * (reading the clock on every state would cost more than the search step).
   */
  tick(depth: number, statesExpanded: number, statesSeen: number): Bound | null {
    if (++this.checks < 2048) return null;
    this.checks = 0;
    const now = performance.now();
    if (now > this.deadline) return "timeLimit";
    if (this.maxHeapBytes !== Number.POSITIVE_INFINITY && heapUsed() > this.maxHeapBytes) return "memory";
    this.report({ level: this.level, depth, statesExpanded, statesSeen, elapsedMs: now - this.started });
    return null;
  }

  report(progress: SearchProgress): void {
    this.options.onProgress?.(progress);
  }
}

/**
 * Memory in use, where the host tells (Node): the JavaScript heap plus the typed arrays behind the
 * search tables, which live outside it. Elsewhere 0, which never trips the memory bound.
 */
function heapUsed(): number {
  const proc = (
    globalThis as { process?: { memoryUsage?: () => { heapUsed: number; arrayBuffers?: number } } }
  ).process;
  const usage = proc?.memoryUsage?.();
  return usage === undefined ? 0 : usage.heapUsed + (usage.arrayBuffers ?? 0);
}
