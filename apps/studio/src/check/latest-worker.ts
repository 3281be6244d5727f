/**
 * A Web Worker whose replies count only for the newest request: the runners that check and solve the
 * pack being edited number their requests here, and a reply to any older one (from a search already
 * replaced) is dropped before it reaches them.
 * @module
 */

/** What a worker reply carries so that it can be matched with its request. */
export interface NumberedReply {
  readonly id: number;
}

export interface LatestWorkerOptions<Reply extends NumberedReply> {
  /** Starts a worker: at the first request and after each `terminate`. */
  readonly start: () => Worker;
  /** A reply to the newest request. */
  readonly onReply: (reply: Reply) => void;
  /** The worker failed (its error is kept from the console); the message may be empty. */
  readonly onError: (message: string) => void;
}

export class LatestWorker<Reply extends NumberedReply> {
  readonly #options: LatestWorkerOptions<Reply>;
  #worker: Worker | null = null;
  #latest = 0;

  constructor(options: LatestWorkerOptions<Reply>) {
    this.#options = options;
  }

  /** A new request id: from now on replies to every earlier request are dropped. */
  nextId(): number {
    return ++this.#latest;
  }

  /** Starts the worker now, when none runs, rather than at the first request. */
  start(): void {
    if (this.#worker !== null) return;
    const worker = this.#options.start();
    worker.addEventListener("message", (event: MessageEvent<Reply>) => {
      if (event.data.id === this.#latest) this.#options.onReply(event.data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.#options.onError(event.message);
    });
    this.#worker = worker;
  }

  /** Sends a request (numbered by `nextId`) to the worker, starting one when none runs. */
  post(request: NumberedReply): void {
    this.start();
    this.#worker?.postMessage(request);
  }

  /** Ends the worker, and with it whatever it was doing; the next request starts another. */
  terminate(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }
}
