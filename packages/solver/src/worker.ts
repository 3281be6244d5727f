import { parentPort, workerData } from "node:worker_threads";
import { loadPackFolder } from "@gridponder/engine/node";
import type { PlainSolveOptions, SolveEvent } from "./node.js";
import { solveLevel } from "./solve.js";

// A solver thread of `solveLevels`: loads its pack once, then solves the levels it is sent, one at a
// time, posting progress and results back.
const port = parentPort;
if (!port) throw new Error("the solver worker must run in a worker thread");
const { packDir } = workerData as { packDir: string };
const loading = loadPackFolder(packDir);

port.on("message", async ({ level, options }: { level: string; options: PlainSolveOptions }) => {
  const post = (event: SolveEvent) => port.postMessage(event);
  try {
    const loaded = await loading;
    if (!loaded.ok) {
      post({ type: "error", level, message: "the pack does not load" });
      return;
    }
    const result = solveLevel(loaded.pack, level, {
      ...options,
      onProgress: (progress) => post({ type: "progress", progress }),
    });
    post({ type: "done", result });
  } catch (error) {
    post({ type: "error", level, message: error instanceof Error ? error.message : String(error) });
  }
});
