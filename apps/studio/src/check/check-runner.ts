/**
 * Validates the pack being edited in a worker, one request at a time: a request made while another
 * runs waits for it, and only the newest waiting request is sent, so a burst of edits costs two checks.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";
import type { CheckReply, CheckRequest } from "./check-protocol.js";
import { startCheckWorker } from "./check-worker-start.js";
import { LatestWorker } from "./latest-worker.js";
import { type CheckedPack, preparePack } from "./pack-check.js";

export class CheckRunner {
  readonly #worker: LatestWorker<CheckReply>;
  readonly #onChecked: (files: PackFiles, checked: CheckedPack) => void;
  /** The files of the check the worker is doing (its request is the newest, so its reply is the one kept). */
  #running: PackFiles | null = null;
  #waiting: PackFiles | null = null;

  /** `started`: a validation worker the page started early (else one is started now). */
  constructor(onChecked: (files: PackFiles, checked: CheckedPack) => void, started?: Worker) {
    this.#onChecked = onChecked;
    let early = started;
    this.#worker = new LatestWorker<CheckReply>({
      start: () => {
        const worker = early ?? startCheckWorker();
        early = undefined;
        return worker;
      },
      onReply: (reply) => this.#done(reply),
      onError: (message) => {
        const files = this.#running;
        this.#running = null;
        if (files)
          this.#onChecked(files, {
            diagnostics: [
              {
                file: "manifest.json",
                pointer: "",
                severity: "error",
                code: "validator",
                message: `the validator stopped: ${message}`,
              },
            ],
            valid: null,
            pack: null,
          });
      },
    });
    this.#worker.start();
  }

  /** Whether no check runs or waits. */
  get idle(): boolean {
    return this.#running === null && this.#waiting === null;
  }

  /** Asks for a check of `files`; the answer comes to `onChecked`. */
  check(files: PackFiles): void {
    if (this.#running) {
      this.#waiting = files;
      return;
    }
    this.#send(files);
  }

  dispose(): void {
    this.#worker.terminate();
  }

  #send(files: PackFiles): void {
    const request: CheckRequest = { id: this.#worker.nextId(), files };
    this.#running = files;
    this.#worker.post(request);
  }

  #done(reply: CheckReply): void {
    const running = this.#running;
    if (!running) return;
    this.#running = null;
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting) this.#send(waiting);
    this.#onChecked(running, preparePack(reply.diagnostics, reply.valid));
  }
}
