/** How serious a finding is: an `error` makes the pack invalid, a `warning` does not. */
export type Severity = "error" | "warning";

/**
 * One finding about a pack, as data. `file` is pack-relative (`levels/fw_004.json`), `pointer` is an
 * RFC 6901 JSON pointer into that file (`""` for the whole file).
 */
export interface Diagnostic {
  /** The pack-relative path of the file the finding is about. */
  file: string;
  /** A JSON pointer to the value the finding is about; `""` for the whole file. */
  pointer: string;
  /** `error` makes the pack invalid; `warning` does not. */
  severity: Severity;
  /** A stable machine-readable code, such as `unknown-kind` or `schema-type`. */
  code: string;
  /** What is wrong, and what was expected. */
  message: string;
  /** A suggestion for fixing it, when one helps. */
  hint?: string;
  /** 1-based line of the value in the file, when known. */
  line?: number;
  /** 1-based column of the value in the file, when known. */
  column?: number;
}

/** Escapes one key for use in a JSON pointer. */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Builds a JSON pointer from path segments. */
export function pointerOf(...segments: (string | number)[]): string {
  return segments.map((s) => `/${escapePointerSegment(s)}`).join("");
}

/**
 * Splits a JSON pointer into its unescaped segments.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The value a JSON pointer names in `root` (own members only), or `undefined` where there is none.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let v: unknown = root;
  for (const seg of pointerSegments(pointer)) {
    if (v === null || typeof v !== "object") return undefined;
    v = Object.hasOwn(v, seg) ? (v as Record<string, unknown>)[seg] : undefined;
  }
  return v;
}

/**
 * How many segments a JSON pointer has: 0 for the whole document.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function pointerDepth(pointer: string): number {
  return pointer === "" ? 0 : pointer.split("/").length - 1;
}

/** Whether the JSON pointer `path` is `base` or names a value inside it. */
export function isUnderPointer(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** Options for {@link formatDiagnostics}. */
export interface FormatOptions {
  /** Wrap severities in ANSI colours (for terminals). */
  color?: boolean;
  /** Print a closing summary line such as `2 errors, 1 warning`. */
  summary?: boolean;
}

const ansi = {
  red: "\u001b[31m",
  yellow: "\u001b[33m",
  dim: "\u001b[2m",
  bold: "\u001b[1m",
  reset: "\u001b[0m",
};

/**
 * Formats one diagnostic like a compiler message:
 * `levels/fw_004.json:/board/layers/objects/2/3: error: unknown kind "rokc" (did you mean "rock"?)`,
 * followed by indented `at line …` and `hint: …` lines when known.
 */
export function formatDiagnostic(d: Diagnostic, options: FormatOptions = {}): string {
  const paint = (code: string, text: string) => (options.color ? `${code}${text}${ansi.reset}` : text);
  const severity =
    d.severity === "error" ? paint(ansi.red + ansi.bold, "error") : paint(ansi.yellow, "warning");
  // The whole-file pointer is empty; `file: error: …` reads better than `file:: error: …`.
  const where = d.pointer === "" ? d.file : `${d.file}:${d.pointer}`;
  const lines = [`${where}: ${severity}: ${d.message}`];
  if (d.line !== undefined) lines.push(paint(ansi.dim, `  at line ${d.line}, column ${d.column ?? 1}`));
  if (d.hint) lines.push(paint(ansi.dim, `  hint: ${d.hint}`));
  return lines.join("\n");
}

/** Counts errors and warnings. */
export function countDiagnostics(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const d of diagnostics) if (d.severity === "error") errors++;
  return { errors, warnings: diagnostics.length - errors };
}

/** Formats a list of diagnostics, one block each, optionally followed by a summary line. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], options: FormatOptions = {}): string {
  const blocks = diagnostics.map((d) => formatDiagnostic(d, options));
  if (options.summary) {
    const { errors, warnings } = countDiagnostics(diagnostics);
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    blocks.push(`${plural(errors, "error")}, ${plural(warnings, "warning")}`);
  }
  return blocks.join("\n");
}

/** Orders diagnostics by file, then by position in the file (pointer order), errors first on ties. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const rank = (d: Diagnostic) => (d.severity === "error" ? 0 : 1);
  return diagnostics.sort(
    (a, b) =>
      compareFiles(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0) ||
      rank(a) - rank(b),
  );
}

const FILE_ORDER = ["manifest.json", "game.json", "theme.json"];

function compareFiles(a: string, b: string): number {
  const ia = FILE_ORDER.indexOf(a);
  const ib = FILE_ORDER.indexOf(b);
  if (ia !== ib) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  return a < b ? -1 : a > b ? 1 : 0;
}
