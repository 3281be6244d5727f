import { join } from "node:path";
import type { Registry } from "@gridponder/engine";
import { countDiagnostics, type Diagnostic, pointerOf } from "@gridponder/schema";
import type { Command } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { diagnosticText } from "../diagnostic-text.js";
import { type GoldPathResult, replayGoldPath } from "../gold-path.js";
import { findPackFolders, isMatchPackAt, levelFileOf, loadPackAt, validateMatchAt } from "../packs.js";
import { plural } from "../plural.js";
import { inlineText } from "../terminal-text.js";

/**
 * A gold-path replay with the level file it comes from and, when it does not win, the JSON pointer in
 * that file of what to blame (`blamedPointer`).
 */
type GoldPathReport = GoldPathResult & { file: string; pointer?: string };

interface PackReport {
  path: string;
  /** A puzzle pack, or a match pack (a board or card game, `"format": "match"`: no gold paths). */
  format: "puzzle" | "match";
  valid: boolean;
  /**
   * The level files found: an invalid pack counts those it could not read or validate too. For a match
   * pack, the start positions its manifest lists that validated.
   */
  levels: number;
  errors: number;
  warnings: number;
  diagnostics: Diagnostic[];
  /** A valid match pack's seat range. */
  seats?: { min: number; max: number };
  /** Empty for an invalid pack: its levels cannot be played. */
  goldPaths: GoldPathReport[];
}

async function validateOne(dir: string, registry: Registry): Promise<PackReport> {
  // The loader every command uses (so a pack `play` refuses is invalid here too), looking up shared
  // asset collections as well, so that a missing one is reported.
  const loaded = await loadPackAt(dir, { sharedCollections: true, registry });
  const { diagnostics } = loaded;
  const { errors, warnings } = countDiagnostics(diagnostics);
  const report: PackReport = {
    path: dir,
    format: "puzzle",
    valid: loaded.ok,
    levels: loaded.levelFiles?.length ?? (loaded.ok ? loaded.pack.levelOrder.length : 0),
    errors,
    warnings,
    diagnostics,
    goldPaths: [],
  };
  if (loaded.ok) {
    const { pack } = loaded;
    report.goldPaths = pack.levelOrder.map((id) => {
      const gold = replayGoldPath(pack, id);
      const file = levelFileOf(pack, id);
      return gold.won ? { ...gold, file } : { ...gold, file, pointer: blamedPointer(gold) };
    });
  }
  return report;
}

/** A match pack: the match format's validator (its games compile for every seat count), no gold paths. */
async function validateMatch(dir: string): Promise<PackReport> {
  const result = await validateMatchAt(dir);
  const { errors, warnings } = countDiagnostics(result.diagnostics);
  return {
    path: dir,
    format: "match",
    valid: result.ok,
    levels: Object.keys(result.levels ?? {}).length,
    errors,
    warnings,
    diagnostics: result.diagnostics,
    ...(result.ok && result.game
      ? { seats: { min: result.game.seats.min, max: result.game.seats.max } }
      : {}),
    goldPaths: [],
  };
}

/** "2 seats", "2 to 5 seats". */
function seatsText(seats: { min: number; max: number } | undefined): string {
  if (!seats) return "";
  return seats.min === seats.max ? `, ${plural(seats.min, "seat")}` : `, ${seats.min} to ${seats.max} seats`;
}

/** Where a gold path that does not win goes wrong: the step its replay names, else the whole path. */
function blamedPointer(gold: GoldPathResult): string {
  return pointerOf("solution", "goldPath", ...(gold.step === undefined ? [] : [gold.step]));
}

function goldPathFinding(ctx: CliContext, report: PackReport, gold: GoldPathReport): string {
  const where = inlineText(`${join(report.path, gold.file)}:${blamedPointer(gold)}`);
  return `${where}: ${ctx.colors.red(ctx.colors.bold("failure"))}: ${inlineText(gold.problem ?? "")}`;
}

function printReport(ctx: CliContext, report: PackReport): void {
  const color = ctx.colors.isColorSupported;
  if (report.diagnostics.length > 0) printLine(ctx, diagnosticText(report.diagnostics, color));
  const failing = report.goldPaths.filter((g) => !g.won);
  for (const gold of failing) printLine(ctx, goldPathFinding(ctx, report, gold));
  const verdict = !report.valid
    ? ctx.colors.red(report.format === "match" ? "invalid match pack" : "invalid")
    : report.format === "match"
      ? ctx.colors.green(
          `valid match pack${seatsText(report.seats)}${report.levels > 0 ? `, ${plural(report.levels, "start position")}` : ""}`,
        )
      : failing.length > 0
        ? ctx.colors.yellow(
            `valid, but ${failing.length} of ${plural(report.levels, "gold path")} ${failing.length === 1 ? "does" : "do"} not win`,
          )
        : ctx.colors.green(`valid, ${plural(report.levels, "level")}, every gold path wins`);
  printLine(ctx, `${ctx.colors.bold(inlineText(report.path))}: ${verdict}`);
}

async function runValidate(ctx: CliContext, paths: string[]): Promise<void> {
  // Every path is checked before any pack is validated, so a typo fails fast instead of after a long run.
  const folders: string[] = [];
  for (const path of paths) folders.push(...(await findPackFolders(path, { matchPacks: true })));

  const reports: PackReport[] = [];
  for (const dir of folders) {
    const report = (await isMatchPackAt(dir))
      ? await validateMatch(dir)
      : await validateOne(dir, ctx.registry);
    reports.push(report);
    if (!ctx.json) printReport(ctx, report);
  }

  const levels = reports.reduce((n, r) => n + r.levels, 0);
  const errors = reports.reduce((n, r) => n + r.errors, 0);
  const warnings = reports.reduce((n, r) => n + r.warnings, 0);
  const failingGoldPaths = reports.reduce((n, r) => n + r.goldPaths.filter((g) => !g.won).length, 0);
  ctx.exitCode = reports.some((r) => !r.valid) ? 2 : failingGoldPaths > 0 ? 1 : 0;

  if (ctx.json) {
    printJson(ctx, {
      packs: reports,
      summary: { packs: reports.length, levels, errors, warnings, failingGoldPaths },
    });
    return;
  }
  let summary = `${plural(reports.length, "pack")}, ${plural(errors, "error")}, ${plural(warnings, "warning")}`;
  if (failingGoldPaths > 0) summary += `, ${plural(failingGoldPaths, "failing gold path")}`;
  printLine(ctx, summary);
}

export function registerValidate(program: Command, ctx: CliContext): void {
  program
    .command("validate")
    .description(
      "check pack folders (or folders of packs) as every command loads them (the schema, and the engine's systems), then replay every level's gold path",
    )
    .argument("<paths...>", "pack folders, a pack's .zip, or folders holding pack folders")
    .addHelpText(
      "after",
      `
Exit code 2 when a pack is invalid, 1 when a gold path does not win, else 0.

A match pack (a board or card game: "format": "match" in its manifest.json) is checked with the match
format's validator: its manifest, game (compiled for every seat count), theme and start positions.

A .zip of a pack folder (manifest.json at its root, or in its single top folder) is read in memory,
never extracted; a zip with absolute or .. paths, backslashes, more than 2000 entries, an entry over
16 MiB or over 64 MiB in all is refused (exit 2), naming the entry.

Examples:
  gridponder validate packs/lantern-cellar
  gridponder validate lantern-cellar.zip
  gridponder validate packs --json`,
    )
    .action((paths: string[]) => runValidate(ctx, paths));
}
