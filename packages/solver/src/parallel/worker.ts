import { parentPort, workerData } from "node:worker_threads";
import { prepareValidated } from "@gridponder/engine";
import { loadPlugins } from "@gridponder/engine/plugins";
import type { ValidPack } from "@gridponder/schema";
import type { SearchLink } from "../search/parallel-bfs.js";
import { solveLevel, solveLevelShared } from "../solve.js";
import type { SolveOptions } from "../types.js";
import type { PlainSolveOptions, SolveEvent, WorkerReply, WorkerRequest } from "./pool.js";

// A solver thread of `solveLevels`: prepares the pack the pool validated, then solves the levels it is
// sent, one at a time, posting progress and results back; or, sent one level with a share, searches it
// together with the other threads, swapping each layer's new states through the pool.
const port = parentPort;
if (!port) throw new Error("the solver worker must run in a worker thread");
const { pack, plugins, memoryShare } = workerData as {
  pack: ValidPack;
  plugins: readonly string[];
  /** This thread's share of the pool's memory budget in megabytes, kept current by the pool. */
  memoryShare: Int32Array;
};
const memoryShareMb = () => Atomics.load(memoryShare, 0);
// Validated by the pool already: the schema validator (hundreds of milliseconds to compile) stays
// unloaded here. The pool imported the plugins already, so they load here too.
const loaded = prepareValidated({ ok: true, diagnostics: [], pack }, await loadPlugins(plugins));
/** Waits for the messages of the round this thread last sent its own for. */
let deliver: ((messages: readonly object[]) => void) | null = null;

/** The buffers of the typed arrays a message holds (one level deep), handed over instead of copied. */
function buffersOf(message: object): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const value of Object.values(message)) {
    if (ArrayBuffer.isView(value)) buffers.push(value.buffer as ArrayBuffer);
    else if (value !== null && typeof value === "object")
      for (const inner of Object.values(value))
        if (ArrayBuffer.isView(inner)) buffers.push(inner.buffer as ArrayBuffer);
  }
  return buffers;
}

const post = (reply: WorkerReply) => port.postMessage(reply);

port.on("message", async (request: WorkerRequest) => {
  if (request.type === "batches") {
    const resolve = deliver;
    deliver = null;
    resolve?.(request.batches);
    return;
  }
  const { level, options, share } = request;
  try {
    if (!loaded.ok) {
      post({ type: "error", level, message: "the pack does not load" });
      return;
    }
    if (share === undefined) {
      const result = solveLevel(loaded.pack, level, withProgress(options, true));
      post({ type: "done", result });
      return;
    }
    const link: SearchLink = {
      index: share.index,
      count: share.count,
      exchange: <T extends object>(message: T) =>
        new Promise<readonly T[]>((resolve) => {
          deliver = resolve as (messages: readonly object[]) => void;
          port.postMessage({ type: "batch", batch: message } satisfies WorkerReply, buffersOf(message));
        }),
    };
    const result = await solveLevelShared(loaded.pack, level, withProgress(options, share.index === 0), link);
    post(result === null ? { type: "idle", level } : { type: "done", result });
  } catch (error) {
    post({ type: "error", level, message: error instanceof Error ? error.message : String(error) });
  }
});

function withProgress(plain: PlainSolveOptions, report: boolean): SolveOptions {
  const options: SolveOptions = { ...plain, memoryShareMb };
  if (!report) return options;
  return {
    ...options,
    onProgress: (progress: Extract<SolveEvent, { type: "progress" }>["progress"]) =>
      post({ type: "progress", progress }),
  };
}
