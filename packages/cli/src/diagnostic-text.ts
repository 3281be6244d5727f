import { type Diagnostic, formatDiagnostics } from "@gridponder/schema";
import { inlineText } from "./terminal-text.js";

function escaped(d: Diagnostic): Diagnostic {
  return {
    ...d,
    file: inlineText(d.file),
    pointer: inlineText(d.pointer),
    message: inlineText(d.message),
    ...(d.hint === undefined ? {} : { hint: inlineText(d.hint) }),
  };
}

/**
 * Diagnostics formatted like compiler output for a terminal: their file names (from the file system)
 * and pointers and messages (which quote pack text) escaped, so none can forge a line or send a
 * control sequence; `color` paints the severities.
 */
export function diagnosticText(diagnostics: readonly Diagnostic[], color = false): string {
  return formatDiagnostics(diagnostics.map(escaped), { color });
}
