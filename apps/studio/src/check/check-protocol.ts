import type { Diagnostic, PackFiles, ValidPack } from "@gridponder/schema";

/** What the studio asks its validation worker: the pack's files, to validate. */
export interface CheckRequest {
  readonly id: number;
  readonly files: PackFiles;
}

/** The validator's findings, and the validated pack when it has no errors. */
export interface CheckReply {
  readonly id: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly valid: ValidPack | null;
}
