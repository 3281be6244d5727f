/**
 * Runs the studio's analyses in a Web Worker, one at a time: a new request ends the work of the one
 * before (an author who asks again has changed their mind), and only the newest reply is passed on.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";
import type { AnalysisReply } from "./analysis-protocol.js";
import { LatestWorker } from "./latest-worker.js";

const defaultWorker = () => new Worker(new URL("./analysis-worker.ts", import.meta.url), { type: "module" });

export class AnalysisRunner {
  readonly #worker: LatestWorker<AnalysisReply>;
  #busy = false;

  constructor(onReply: (reply: AnalysisReply) => void, startWorker: () => Worker = defaultWorker) {
    this.#worker = new LatestWorker<AnalysisReply>({
      start: startWorker,
      onReply: (reply) => {
        this.#busy = false;
        onReply(reply);
      },
      onError: (message) => {
        this.cancel();
        onReply({ type: "error", id: 0, message: message || "the analysis worker failed" });
      },
    });
  }

  /** Analyses `level` of the pack made of `files`. */
  analyze(files: PackFiles, level: string): void {
    this.#post((id) => ({ id, kind: "analyze", files, level }));
  }

  /** Generates up to `count` variants of `level`. */
  generate(files: PackFiles, level: string, count: number, seed: number): void {
    this.#post((id) => ({ id, kind: "generate", files, level, count, seed }));
  }

  get idle(): boolean {
    return !this.#busy;
  }

  /** Ends whatever runs; its reply never comes. */
  cancel(): void {
    this.#worker.nextId();
    this.#worker.terminate();
    this.#busy = false;
  }

  #post(request: (id: number) => { id: number }): void {
    if (this.#busy) this.#worker.terminate();
    this.#busy = true;
    this.#worker.post(request(this.#worker.nextId()));
  }
}
