import { totalmem } from "node:os";

const MIB = 1024 * 1024;

/**
 * The memory budget of the searches `solveLevels` runs in a process when it is given none: 3072 MB in
 * all (what one search was allowed before), or half the machine's memory when that is less. Every
 * call without `maxMemoryMb` draws on this one budget, so several calls at once (the catalog's lanes)
 * share it rather than each taking as much.
 */
export function defaultMemoryBudgetMb(): number {
  return Math.max(1, Math.min(3072, Math.floor(totalmem() / 2 / MIB)));
}

/**
 * One memory budget split evenly among the worker threads drawing on it, as they come and go: each
 * thread's share sits in shared memory, which its searches read at every memory check (see `Limits`),
 * so the shares of the threads at work never add up to more than the budget.
 */
export class MemoryBudget {
  private readonly cell = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private members = 0;

  constructor(readonly totalMb: number) {
    this.update();
  }

  /** Each member's share in megabytes (the whole budget while it has none). */
  get shareMb(): number {
    return Atomics.load(this.cell, 0);
  }

  /** Counts in one more thread and returns the cell it reads its share from (shared memory). */
  join(): Int32Array {
    this.members++;
    this.update();
    return this.cell;
  }

  /** Counts out a thread that stopped: the others' shares grow. */
  leave(): void {
    this.members = Math.max(0, this.members - 1);
    this.update();
  }

  private update(): void {
    Atomics.store(this.cell, 0, Math.max(1, Math.floor(this.totalMb / Math.max(1, this.members))));
  }
}

let processBudget: MemoryBudget | null = null;

/** The budget every `solveLevels` call without `maxMemoryMb` shares (see {@link defaultMemoryBudgetMb}). */
export function sharedMemoryBudget(): MemoryBudget {
  processBudget ??= new MemoryBudget(defaultMemoryBudgetMb());
  return processBudget;
}
