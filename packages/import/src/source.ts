/**
 * Reading a source file's text as JSON, with its syntax errors located.
 * @module
 */
import { type JsonFile, parseJsonFile } from "@gridponder/match/validate";
import { Findings } from "./findings.js";

/** The largest source file an import reads, in characters. */
export const MAX_SOURCE_CHARS = 4_000_000;

/** Parses the source; a syntax error, an empty or an oversized file is a finding, never a throw. */
export function parseSource(file: string, text: string): { json?: JsonFile; findings: Findings } {
  if (text.length > MAX_SOURCE_CHARS) {
    const findings = new Findings(file);
    findings.error(
      "",
      "source-too-large",
      `the file is ${text.length} characters; an import reads at most ${MAX_SOURCE_CHARS}`,
    );
    return { findings };
  }
  const parsed = parseJsonFile(file, text);
  if (!parsed.ok) {
    const findings = new Findings(file);
    findings.list.push({
      file,
      pointer: "",
      severity: "error",
      code: parsed.tooDeep ? "json-too-deep" : "json-syntax",
      message: `not valid JSON: ${parsed.message}`,
      line: parsed.position.line,
      column: parsed.position.column,
    });
    return { findings };
  }
  return { json: parsed.json, findings: new Findings(file, parsed.json) };
}
