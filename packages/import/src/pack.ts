/**
 * Assembling an imported game into a match pack's files, and checking them with the match validator:
 * an import never hands back a pack that does not validate.
 * @module
 */
import type { MatchGame, MatchManifest, MatchTheme } from "@gridponder/match/validate";
import { validateMatchPack } from "@gridponder/match/validate";
import type { Diagnostic } from "@gridponder/schema";
import { inferPatterns } from "./patterns.js";
import { type ImportReport, reportText } from "./report.js";

/** The outcome of an import. */
export type ImportResult =
  | {
      ok: true;
      /** The pack's files by pack-relative path: manifest, game, theme and `import-report.md`. */
      files: Record<string, string>;
      game: MatchGame;
      report: ImportReport;
      /** Warnings about the source; none of them stopped the import. */
      diagnostics: Diagnostic[];
    }
  | { ok: false; diagnostics: Diagnostic[] };

/** The file an import writes its report to, beside the pack's JSON files. */
export const REPORT_FILE = "import-report.md";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Lowercase words joined by hyphens, as a manifest's `gameId` must be. */
export function gameIdOf(text: string): string {
  const id = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return /^[a-z]/.test(id) ? id : `game-${id || "imported"}`;
}

export interface PackParts {
  title: string;
  description?: string;
  author?: string;
  game: MatchGame;
  theme: MatchTheme;
  report: ImportReport;
  /** Warnings gathered while translating. */
  warnings: Diagnostic[];
}

/** Words for people from a source's name: `drawCard` and `draw_card` are "Draw card". */
export function wordsOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? `${(words[0] as string).toUpperCase()}${words.slice(1)}` : name;
}

/** Every move gets a label for people (menus, buttons, narration) when its source gave it none. */
function labelled(game: MatchGame): MatchGame {
  if (game.moves.every((m) => m.label !== undefined)) return game;
  return {
    ...game,
    moves: game.moves.map((m) => (m.label === undefined ? { ...m, label: wordsOf(m.id) } : m)),
  };
}

/** The pack's files, validated: a pack that would not validate is refused with the validator's findings. */
export function assemblePack(parts: PackParts): ImportResult {
  const manifest: MatchManifest = {
    format: "match",
    // Prefixed with the source language, so that an import does not take the id of a game of our own.
    gameId: gameIdOf(`${parts.report.format}-${parts.title}`),
    title: parts.title.slice(0, 80) || "Imported game",
    version: "1.0.0",
    ...(parts.description ? { description: parts.description.slice(0, 500) } : {}),
    ...(parts.author ? { author: parts.author.slice(0, 120) } : {}),
    tags: ["imported", parts.report.format],
  };
  // Where a source says only which cells a piece may go to, the pattern lets the runtime try those alone.
  const game = labelled(inferPatterns(parts.game));
  const files: Record<string, string> = {
    "manifest.json": json(manifest),
    "game.json": json(game),
    "theme.json": json(parts.theme),
  };
  const checked = validateMatchPack(files);
  const errors = checked.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    return {
      ok: false,
      diagnostics: errors.map((d) => ({
        ...d,
        code: `import-invalid-${d.code}`,
        message: `the imported pack does not validate (${d.file} ${d.pointer}): ${d.message}`,
        hint: "this is a fault of the importer, not of the source: please report it with the source file",
      })),
    };
  files[REPORT_FILE] = reportText(parts.report, manifest.title);
  return { ok: true, files, game, report: parts.report, diagnostics: parts.warnings };
}
