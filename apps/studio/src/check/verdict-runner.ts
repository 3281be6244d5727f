/**
 * Keeps one solver verdict current for the level being edited: each request (an edit) waits a moment
 * for the next one (debounced), then searches in a Web Worker; a newer request ends a running search
 * by ending its worker, so only the newest edit is ever searched.
 * @module
 */
import type { ValidPack } from "@gridponder/schema";
import type { SolveResult } from "@gridponder/solver";
import { LatestWorker } from "./latest-worker.js";
import { failedVerdict, resultVerdict, searchingVerdict, type Verdict } from "./verdict.js";
import type { VerdictReply, VerdictRequest } from "./verdict-protocol.js";

export interface VerdictUpdate {
  readonly level: string;
  readonly verdict: Verdict;
  /** The finished search, when there is one. */
  readonly result: SolveResult | null;
}

export interface VerdictRunnerOptions {
  /** Most states a search may keep (the studio's budget). */
  readonly maxStates: number;
  /** How long an edit waits for the next before the search starts. */
  readonly debounceMs: number;
  readonly onUpdate: (update: VerdictUpdate) => void;
  /** Starts a solver worker (a test may count them). */
  readonly startWorker?: () => Worker;
}

const defaultWorker = () => new Worker(new URL("./verdict-worker.ts", import.meta.url), { type: "module" });

export class VerdictRunner {
  readonly #options: VerdictRunnerOptions;
  readonly #worker: LatestWorker<VerdictReply>;
  #busy = false;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: VerdictRunnerOptions) {
    this.#options = options;
    this.#worker = new LatestWorker<VerdictReply>({
      start: options.startWorker ?? defaultWorker,
      onReply: (reply) => this.#onReply(reply),
      onError: (message) => {
        this.#endWorker();
        this.#options.onUpdate({
          level: "",
          verdict: failedVerdict(message || "worker error"),
          result: null,
        });
      },
    });
  }

  /** Asks for a verdict on `level` of `pack`, replacing any search asked for before. */
  request(pack: ValidPack, level: string): void {
    const id = this.#worker.nextId();
    if (this.#timer !== null) clearTimeout(this.#timer);
    // A search still running is for an older edit: ending its worker is the only way to stop it. The
    // next worker starts now, so it has loaded the solver by the time the edit has waited its turn.
    // (Not before the first request: at page load it would compete with the first check.)
    if (this.#busy) this.#endWorker();
    this.#worker.start();
    this.#options.onUpdate({ level, verdict: searchingVerdict(null), result: null });
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#start({ id, pack, level, maxStates: this.#options.maxStates });
    }, this.#options.debounceMs);
  }

  /** Whether no search runs or waits to start. */
  get idle(): boolean {
    return this.#timer === null && !this.#busy;
  }

  /** Stops any search and forgets pending requests. */
  cancel(): void {
    this.#worker.nextId();
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#busy) this.#endWorker();
  }

  dispose(): void {
    this.cancel();
    this.#endWorker();
  }

  #start(request: VerdictRequest): void {
    this.#busy = true;
    this.#worker.post(request);
  }

  #endWorker(): void {
    this.#worker.terminate();
    this.#busy = false;
  }

  #onReply(reply: VerdictReply): void {
    if (reply.type === "progress") {
      this.#options.onUpdate({
        level: reply.progress.level,
        verdict: searchingVerdict(reply.progress),
        result: null,
      });
      return;
    }
    this.#busy = false;
    if (reply.type === "done")
      this.#options.onUpdate({
        level: reply.result.level,
        verdict: resultVerdict(reply.result),
        result: reply.result,
      });
    else this.#options.onUpdate({ level: "", verdict: failedVerdict(reply.message), result: null });
  }
}
