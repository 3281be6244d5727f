import type { GeneratedLevel, GenerateReport, LevelAnalysis } from "@gridponder/analysis";
import type { PackFiles } from "@gridponder/schema";

/** What the studio asks its analysis worker: the figures of one level, or variants of it. */
export type AnalysisRequest =
  | { readonly id: number; readonly kind: "analyze"; readonly files: PackFiles; readonly level: string }
  | {
      readonly id: number;
      readonly kind: "generate";
      readonly files: PackFiles;
      readonly level: string;
      readonly count: number;
      readonly seed: number;
    };

/** What the worker answers, tagged with the request's id. */
export type AnalysisReply =
  | { readonly type: "analysis"; readonly id: number; readonly analysis: LevelAnalysis }
  | {
      readonly type: "variants";
      readonly id: number;
      readonly levels: readonly GeneratedLevel[];
      readonly attempts: number;
      readonly verdicts: GenerateReport["verdicts"];
    }
  | { readonly type: "error"; readonly id: number; readonly message: string };
