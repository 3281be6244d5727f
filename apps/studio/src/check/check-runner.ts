/**
 * Validates the pack being edited in a worker, one request at a time: a request made while another
 * runs waits for it, and only the newest waiting request is sent, so a burst of edits costs two checks.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";
import type { CheckReply, CheckRequest } from "./check-protocol.js";
import { type CheckedPack, preparePack } from "./pack-check.js";

const startWorker = () => new Worker(new URL("./check-worker.ts", import.meta.url), { type: "module" });

export class CheckRunner {
  readonly #worker: Worker;
  readonly #onChecked: (files: PackFiles, checked: CheckedPack) => void;
  #next = 0;
  #running: { id: number; files: PackFiles } | null = null;
  #waiting: PackFiles | null = null;

  constructor(onChecked: (files: PackFiles, checked: CheckedPack) => void) {
    this.#onChecked = onChecked;
    this.#worker = startWorker();
    this.#worker.addEventListener("message", (event: MessageEvent<CheckReply>) => this.#done(event.data));
    this.#worker.addEventListener("error", (event) => {
      event.preventDefault();
      const files = this.#running?.files;
      this.#running = null;
      if (files)
        this.#onChecked(files, {
          diagnostics: [
            {
              file: "manifest.json",
              pointer: "",
              severity: "error",
              code: "validator",
              message: `the validator stopped: ${event.message}`,
            },
          ],
          valid: null,
          pack: null,
        });
    });
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
    const request: CheckRequest = { id: ++this.#next, files };
    this.#running = { id: request.id, files };
    this.#worker.postMessage(request);
  }

  #done(reply: CheckReply): void {
    const running = this.#running;
    if (!running || reply.id !== running.id) return;
    this.#running = null;
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting) this.#send(waiting);
    this.#onChecked(running.files, preparePack(reply.diagnostics, reply.valid));
  }
}
