import { formatLevelReport, type LevelReport } from "@gridponder/engine";
import { runConformance } from "@gridponder/engine/node";
import type { Command } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { requireFolder } from "../packs.js";

/** A level passes when every run matches state by state and the gold run wins. */
function passed(report: LevelReport): boolean {
  return report.runsMatched === report.runs && report.goldWon !== false;
}

function printLevel(ctx: CliContext, report: LevelReport, verbose: boolean): void {
  const [head = "", ...details] = formatLevelReport(report).split("\n");
  const ok = passed(report);
  printLine(ctx, `${ok ? ctx.colors.green("ok  ") : ctx.colors.red("FAIL")} ${head}`);
  if (!ok) {
    for (const line of details) printLine(ctx, line);
    if (report.goldWon === false) printLine(ctx, "  gold: the replay does not end in a win");
  }
  if (verbose) {
    for (const e of report.eventMismatches) {
      printLine(
        ctx,
        ctx.colors.dim(
          `  events ${e.run}@${e.step}: expected ${e.expected.join(",")}, got ${e.actual.join(",")}`,
        ),
      );
    }
  }
}

async function runConformanceCommand(
  ctx: CliContext,
  packsDir: string,
  tracesDir: string,
  verbose: boolean,
): Promise<void> {
  await requireFolder(packsDir, "packs folder");
  await requireFolder(tracesDir, "traces folder");
  const reports = await runConformance(packsDir, tracesDir);
  const passedCount = reports.filter(passed).length;
  const failedCount = reports.length - passedCount;
  ctx.exitCode = failedCount > 0 ? 1 : 0;
  if (ctx.json) {
    printJson(ctx, {
      levels: reports.map((r) => ({ ...r, passed: passed(r) })),
      passed: passedCount,
      failed: failedCount,
    });
    return;
  }
  for (const report of reports) printLevel(ctx, report, verbose);
  printLine(ctx, `${passedCount} passed, ${failedCount} failed`);
}

export function registerConformance(program: Command, ctx: CliContext): void {
  program
    .command("conformance")
    .description("replay reference traces against the engine, one line per level")
    .argument("<packs-folder>", "folder holding the packs the traces were recorded on")
    .argument("<traces-folder>", "folder holding <pack>/<level>.trace.json(.gz) files")
    .option("--verbose", "also list runs whose event types differ")
    .addHelpText(
      "after",
      `
A level passes when every run matches state by state and its gold run wins. Exit code 1 when a
level fails.

Example:
  gridponder conformance ../shared/conformance/packs ../shared/conformance/traces --verbose`,
    )
    .action((packsDir: string, tracesDir: string, options: { verbose?: boolean }) =>
      runConformanceCommand(ctx, packsDir, tracesDir, Boolean(options.verbose)),
    );
}
