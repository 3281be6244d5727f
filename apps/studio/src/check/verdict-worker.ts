/**
 * The studio's solver thread: prepares the validated pack it is sent (no validator here) and proves
 * the level's optimum with `@gridponder/solver`, posting progress as it goes. One search at a time;
 * the studio cancels a search by ending the worker, since a search does not yield to messages.
 * @module
 */
import { compilePack } from "@gridponder/engine";
import { solveLevel } from "@gridponder/solver";
import type { VerdictReply, VerdictRequest } from "./verdict-protocol.js";

const post = (reply: VerdictReply) => postMessage(reply);

addEventListener("message", (event: MessageEvent<VerdictRequest>) => {
  const { id, pack, level, maxStates } = event.data;
  try {
    const prepared = compilePack(pack);
    const result = solveLevel(prepared, level, {
      maxStates,
      onProgress: (progress) => post({ type: "progress", id, progress }),
    });
    post({ type: "done", id, result });
  } catch (error) {
    post({ type: "error", id, message: error instanceof Error ? error.message : String(error) });
  }
});
