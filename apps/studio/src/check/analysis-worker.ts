/**
 * The studio's analysis thread: loads the pack from its files (the validator runs here, never on the
 * player's pages) and analyses a level or generates variants of it with `@gridponder/analysis`. The
 * studio cancels work by ending the worker, since an analysis does not yield to messages.
 * @module
 */
import { analyzeLevel, generateLevels, packSource } from "@gridponder/analysis";
import { STUDIO_ANALYSIS, STUDIO_GENERATION } from "./analysis-budget.js";
import type { AnalysisReply, AnalysisRequest } from "./analysis-protocol.js";

const post = (reply: AnalysisReply) => postMessage(reply);

addEventListener("message", (event: MessageEvent<AnalysisRequest>) => {
  const request = event.data;
  try {
    const source = packSource(request.files);
    if (request.kind === "analyze") {
      post({
        type: "analysis",
        id: request.id,
        analysis: analyzeLevel(source, request.level, STUDIO_ANALYSIS),
      });
      return;
    }
    const report = generateLevels(source, request.level, {
      ...STUDIO_GENERATION,
      count: request.count,
      seed: request.seed,
    });
    post({
      type: "variants",
      id: request.id,
      levels: report.levels,
      attempts: report.attempts,
      verdicts: report.verdicts,
    });
  } catch (error) {
    post({ type: "error", id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
