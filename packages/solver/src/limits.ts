import type { Bound, SearchProgress, SolveOptions } from "./types.js";

/**
 * The default of `SolveOptions.maxCountStates`: the states a search may add, once it has proved the
 * optimum, to count the optimal solutions.
 */
export const DEFAULT_COUNT_STATES = 500_000;

/** The least time between two reads of the heap's use (see `tick`). */
const MEMORY_CHECK_MS = 100;

/** The bounds of one search, and the bookkeeping that checks them without slowing it down. */
export class Limits {
  readonly maxDepth: number;
  readonly maxStates: number;
  private readonly deadline: number;
  /** The memory limit in megabytes now (Infinity for none): fixed, or a share that may change. */
  private readonly memoryMb: () => number;
  private readonly started: number;
  private checks = 0;
  private memoryCheckedAt = Number.NEGATIVE_INFINITY;
  /** The least memory limit seen, in megabytes, by this search and its stages (see `SolveResult.memoryLimitMb`). */
  private readonly seen: { leastMemoryMb: number };

  constructor(
    readonly level: string,
    private readonly options: SolveOptions,
    parent?: {
      readonly started: number;
      readonly deadline: number;
      readonly seen: { leastMemoryMb: number };
    },
  ) {
    this.maxDepth = options.maxDepth ?? 200;
    this.maxStates = options.maxStates ?? 100_000_000;
    this.started = parent?.started ?? performance.now();
    this.deadline =
      parent?.deadline ??
      (options.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : this.started + options.timeLimitMs);
    // Where the host reports heap use (Node), stop well before its default heap limit rather than crash;
    // elsewhere there is nothing to check against.
    if (heapUsed() > 0) {
      const fixedMb = options.maxMemoryMb ?? 3072;
      this.memoryMb = options.memoryShareMb ?? (() => fixedMb);
    } else this.memoryMb = () => Number.POSITIVE_INFINITY;
    this.seen = parent?.seen ?? { leastMemoryMb: Number.POSITIVE_INFINITY };
    this.seen.leastMemoryMb = Math.min(this.seen.leastMemoryMb, this.memoryMb());
  }

  /** The states a search may add to count optimal solutions once it has proved the optimum (see `SolveOptions.maxCountStates`). */
  get countStates(): number {
    return this.options.maxCountStates ?? DEFAULT_COUNT_STATES;
  }

  /** The least memory limit any check of this search saw, in megabytes; `null` without one. */
  get memoryLimitMb(): number | null {
    const least = this.seen.leastMemoryMb;
    return least === Number.POSITIVE_INFINITY ? null : least;
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
    return new Limits(this.level, options, { started: this.started, deadline, seen: this.seen });
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
    // Reading the heap's use costs up to half a millisecond in a large heap, 2% of a search checking it
    // every 2,048 states: it is read at most every 100 ms, which no table outgrows the budget in.
    if (now - this.memoryCheckedAt >= MEMORY_CHECK_MS) {
      this.memoryCheckedAt = now;
      const memoryMb = this.memoryMb();
      if (memoryMb < this.seen.leastMemoryMb) this.seen.leastMemoryMb = memoryMb;
      if (memoryMb !== Number.POSITIVE_INFINITY && heapUsed() > memoryMb * 1024 * 1024) return "memory";
    }
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
