/**
 * Findings of an import: errors and warnings about the source file, each with the JSON pointer of the
 * construct it is about and, when the text is at hand, its line and column.
 * @module
 */
import type { JsonFile } from "@gridponder/match/validate";
import { type Diagnostic, escapePointerSegment } from "@gridponder/schema";

/** The pointer of a member or element below `pointer`. */
export function at(pointer: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>((p, s) => `${p}/${escapePointerSegment(s)}`, pointer);
}

/** Collects diagnostics about one source file. */
export class Findings {
  readonly list: Diagnostic[] = [];

  constructor(
    readonly file: string,
    private readonly json?: JsonFile,
  ) {}

  private add(
    severity: Diagnostic["severity"],
    pointer: string,
    code: string,
    message: string,
    hint?: string,
  ) {
    // A hostile source could repeat one mistake without end: a few hundred findings say enough.
    if (this.list.length >= 200) return;
    const where = this.json?.locate(pointer);
    this.list.push({
      file: this.file,
      pointer,
      severity,
      code,
      message,
      ...(hint === undefined ? {} : { hint }),
      ...(where ? { line: where.line, column: where.column } : {}),
    });
  }

  error(pointer: string, code: string, message: string, hint?: string): void {
    this.add("error", pointer, code, message, hint);
  }

  warning(pointer: string, code: string, message: string, hint?: string): void {
    this.add("warning", pointer, code, message, hint);
  }

  get failed(): boolean {
    return this.list.some((d) => d.severity === "error");
  }
}

/** What a JSON value is, in words, for "expected …, found …" messages. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
