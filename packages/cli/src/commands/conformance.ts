import { formatLevelReport, type LevelReport, levelPasses, type PassOptions } from "@gridponder/engine";
import { runConformance, TraceFileError } from "@gridponder/engine/node";
import { type Command, Option } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { InputError } from "../errors.js";
import { requireFolder } from "../packs.js";
import { inlineText } from "../terminal-text.js";

/** Why a failing level's gold run does not count, when that is a reason it fails. */
function goldProblem(report: LevelReport, options: PassOptions): string | null {
  if (!options.requireGold || report.goldWon === true) return null;
  if (report.goldWon === null && report.goldWalked) return null;
  if (report.goldWon === false) return "the replay does not end in a win";
  // A gold run that differs, or a pack that does not load, is reported among the mismatches already.
  if (report.mismatches.some((m) => m.run === "gold" || m.run === "*")) return null;
  return "the trace has no gold run and no walk replays the gold path (--gold-optional judges states and event types alone)";
}

/**
 * A report with the names and lines a terminal shows escaped: pack folders, level ids, run names and
 * event types come from folder names and trace files, and diff lines quote trace keys.
 */
function shownReport(report: LevelReport): LevelReport {
  return {
    ...report,
    pack: inlineText(report.pack),
    level: inlineText(report.level),
    mismatches: report.mismatches.map((m) => ({
      ...m,
      run: inlineText(m.run),
      diff: m.diff.map(inlineText),
    })),
    eventMismatches: report.eventMismatches.map((e) => ({
      ...e,
      run: inlineText(e.run),
      expected: e.expected.map(inlineText),
      actual: e.actual.map(inlineText),
    })),
  };
}

function printLevel(ctx: CliContext, original: LevelReport, options: PassOptions): void {
  const report = shownReport(original);
  const [head = "", ...details] = formatLevelReport(report).split("\n");
  const ok = levelPasses(report, options);
  printLine(ctx, `${ok ? ctx.colors.green("ok  ") : ctx.colors.red("FAIL")} ${head}`);
  if (ok) return;
  for (const line of details) printLine(ctx, line);
  for (const e of report.eventMismatches) {
    printLine(
      ctx,
      `  ${e.run}: event types differ at step ${e.step}: expected ${e.expected.join(",") || "none"}, got ${e.actual.join(",") || "none"}`,
    );
  }
  const gold = goldProblem(report, options);
  if (gold) printLine(ctx, `  gold: ${gold}`);
}

async function runConformanceCommand(
  ctx: CliContext,
  packsDir: string,
  tracesDir: string,
  options: PassOptions,
): Promise<void> {
  await requireFolder(packsDir, "packs folder");
  await requireFolder(tracesDir, "traces folder");
  const reports = await runConformance(packsDir, tracesDir).catch((error: unknown) => {
    // A trace file or folder that cannot be read as one is the input's fault, named with its pointer.
    if (error instanceof TraceFileError) throw new InputError(error.message);
    throw error;
  });
  // Nothing to check is not a pass: the folders were most likely swapped or mistyped.
  if (reports.length === 0)
    throw new InputError(
      `no trace files in ${tracesDir} (expected <pack>/<level>.trace.json or .trace.json.gz)`,
    );
  const passedCount = reports.filter((r) => levelPasses(r, options)).length;
  const failedCount = reports.length - passedCount;
  ctx.exitCode = failedCount > 0 ? 1 : 0;
  if (ctx.json) {
    printJson(ctx, {
      requireGold: options.requireGold,
      levels: reports.map((r) => ({ ...r, passed: levelPasses(r, options) })),
      passed: passedCount,
      failed: failedCount,
    });
    return;
  }
  for (const report of reports) printLevel(ctx, report, options);
  printLine(ctx, `${passedCount} passed, ${failedCount} failed`);
}

export function registerConformance(program: Command, ctx: CliContext): void {
  program
    .command("conformance")
    .description("replay reference traces against the engine, one line per level")
    .argument("<packs-folder>", "folder holding the packs the traces were recorded on")
    .argument("<traces-folder>", "folder holding <pack>/<level>.trace.json(.gz) files")
    .option(
      "--gold-optional",
      "do not require the level's gold path in the trace; judge states and event types alone",
    )
    // Event-type differences used to be listed only with --verbose; they now fail a level and are
    // always listed, so the option is still accepted but changes nothing.
    .addOption(new Option("--verbose").hideHelp())
    .addHelpText(
      "after",
      `
A level passes when every run matches state by state with the reference's event types at every
step, and its trace has the level's gold path: a gold run whose replay wins, or, in a mutant's
trace (the differential fuzz corpus, whose gold paths need not win), a walk that replays it. A
trace with neither fails. With --gold-optional, states and event types are judged alone. Exit code
1 when a level fails; 2 when a trace file is not a trace (unreadable, a folder, not JSON, of the
wrong shape, nested more than 64 levels deep, or over 32 MiB, compressed or decompressed), or when
the traces folder holds no trace at all.

Examples:
  gridponder conformance ../shared/conformance/packs ../shared/conformance/traces
  gridponder conformance ../shared/conformance/fuzz/packs ../shared/conformance/fuzz/traces`,
    )
    .action((packsDir: string, tracesDir: string, options: { goldOptional?: boolean }) =>
      runConformanceCommand(ctx, packsDir, tracesDir, { requireGold: !options.goldOptional }),
    );
}
