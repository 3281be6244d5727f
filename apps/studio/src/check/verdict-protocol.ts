import type { ValidPack } from "@gridponder/schema";
import type { SearchProgress, SolveResult } from "@gridponder/solver";

/** What the studio asks its solver worker: one level of a validated pack, with a state budget. */
export interface VerdictRequest {
  readonly id: number;
  readonly pack: ValidPack;
  readonly level: string;
  readonly maxStates: number;
}

/** What the worker answers, tagged with the request's id. */
export type VerdictReply =
  | { readonly type: "progress"; readonly id: number; readonly progress: SearchProgress }
  | { readonly type: "done"; readonly id: number; readonly result: SolveResult }
  | { readonly type: "error"; readonly id: number; readonly message: string };
