import {
  analyzeLevel,
  type LevelAnalysis,
  orderCorrelation,
  packSource,
  summarizeMechanics,
} from "@gridponder/analysis";
import { analysisReportHtml, ChartLibrariesMissing, chartLibraries } from "@gridponder/analysis/report";
import type { Command } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { InputError, messageOf } from "../errors.js";
import { readPlayablePack, requireLevel } from "../packs.js";
import { progressBar } from "../progress-bar.js";
import { inlineText } from "../terminal-text.js";
import { textTable } from "../text-table.js";
import { writeWhole } from "../write-file.js";
import { nonNegativeInteger, positiveInteger, positiveSeconds } from "./numbers.js";

interface AnalyzeFlags {
  maxStates?: number;
  walks?: number;
  seed?: number;
  timeLimit?: number;
  mechanics: boolean;
  report?: string;
}

const percent = (x: number | null) => (x === null ? "-" : `${(x * 100).toFixed(1)}%`);

/** What a level needs, and what only shortens it, in a few words. */
function needs(a: LevelAnalysis): string {
  if (a.mechanics === null) return "";
  const { needed, helps, unknown } = summarizeMechanics(a.mechanics, a.optimum);
  return [
    needed.join(", "),
    helps.length > 0 ? `shortens: ${helps.map((x) => `${x.name} (+${x.extra})`).join(", ")}` : "",
    unknown.map((n) => `${n}?`).join(", "),
  ]
    .filter((s) => s !== "")
    .map(inlineText)
    .join("; ");
}

function row(a: LevelAnalysis): string[] {
  const optimum = a.optimum === null ? "none" : `${a.optimum}${a.optimumProven ? "" : "*"}`;
  return [
    inlineText(a.level),
    optimum,
    a.optimalCount === null ? "?" : a.optimalCount.toLocaleString("en-US"),
    `${a.statesComplete ? "" : "≥"}${a.reachableStates.toLocaleString("en-US")}`,
    percent(a.deadEndRatio),
    a.branching.toFixed(2),
    percent(a.randomPlay.rate),
    a.difficulty === null ? "-" : a.difficulty.toFixed(1),
    needs(a),
  ];
}

/**
 * Loads the report's chart libraries (optional peer dependencies of the analysis package), or an input
 * error naming them, before the analysis rather than after its minutes.
 */
async function requireChartLibraries(): Promise<void> {
  try {
    await chartLibraries();
  } catch (error) {
    if (error instanceof ChartLibrariesMissing) throw new InputError(error.message);
    throw error;
  }
}

async function runAnalyze(
  ctx: CliContext,
  packDir: string,
  levelArgs: string[],
  flags: AnalyzeFlags,
): Promise<void> {
  const { files } = await readPlayablePack(packDir, ctx.registry);
  if (flags.report !== undefined) await requireChartLibraries();
  const source = packSource(files, { registry: ctx.registry });
  const levels =
    levelArgs.length > 0 ? levelArgs.map((id) => requireLevel(source.pack, id)) : [...source.pack.levelOrder];
  const bar = progressBar(ctx, "analysing {bar} {value}/{total} levels | {level}");
  bar?.start(levels.length, 0, { level: "" });
  const results: LevelAnalysis[] = [];
  try {
    for (const id of levels) {
      bar?.update(results.length, { level: inlineText(id) });
      results.push(
        analyzeLevel(source, id, {
          maxStates: flags.maxStates,
          walks: flags.walks,
          seed: flags.seed,
          timeLimitMs: flags.timeLimit === undefined ? undefined : Math.round(flags.timeLimit * 1000),
          mechanics: flags.mechanics
            ? { timeLimitMs: flags.timeLimit === undefined ? undefined : Math.round(flags.timeLimit * 1000) }
            : false,
        }),
      );
    }
  } finally {
    bar?.stop();
  }
  const rho = orderCorrelation(results);
  if (flags.report !== undefined) {
    const html = await analysisReportHtml(
      { title: source.pack.manifest.title, id: source.pack.manifest.gameId },
      results,
    );
    try {
      await writeWhole(flags.report, html);
    } catch (error) {
      throw new InputError(`cannot write the report to ${flags.report} (${messageOf(error)})`);
    }
  }
  if (ctx.json) {
    printJson(ctx, { pack: packDir, levels: results, orderCorrelation: rho });
    return;
  }
  const header = [
    "level",
    "optimum",
    "optima",
    "states",
    "dead ends",
    "branching",
    "random wins",
    "difficulty",
    "needs",
  ];
  printLine(ctx, textTable([header, ...results.map(row)]));
  printLine(ctx);
  if (results.some((a) => !a.optimumProven))
    printLine(ctx, "* the gold path's length: the optimum was not proven within the bounds");
  printLine(
    ctx,
    `difficulty (1 easy – 10 hard) against the play order: Spearman ${rho === null ? "-" : rho.toFixed(2)}` +
      (flags.report === undefined ? "" : `; report written to ${inlineText(flags.report)}`),
  );
}

/** `gridponder analyze <pack> [level...]`: design figures per level, a difficulty estimate, an HTML report. */
export function registerAnalyze(program: Command, ctx: CliContext): void {
  program
    .command("analyze")
    .description(
      "design figures for each level: optimum, states, dead ends, random play, mechanics needed, difficulty",
    )
    .argument("<pack>", "a pack folder (or a pack's .zip)")
    .argument("[levels...]", "level ids (default: every level, in play order)")
    .option("--max-states <n>", "states of a level's graph explored (default 200000)", positiveInteger)
    .option("--walks <n>", "seeded random walks per level (default 200)", nonNegativeInteger)
    .option("--seed <n>", "seed of the random walks (default 1)", nonNegativeInteger)
    .option("--time-limit <seconds>", "wall time of each solver search (default 10)", positiveSeconds)
    .option("--no-mechanics", "skip judging each system, action and rule (one search each)")
    .option("--report <file>", "also write a static HTML report with charts")
    .addHelpText(
      "after",
      `
Columns: the optimum and the number of optimal solutions; the states reachable from the start
(≥ when more than --max-states); dead ends, the share of them from which no win is reachable;
branching, the different states one action leads to on average; random wins, the share of seeded
random walks that win within three times the optimum; difficulty, an estimate from 1 to 10
calibrated on the order of published packs; needs, the systems, actions and rules the level is
proven unsolvable without (shortens: solvable without them, in more actions).

Example:
  gridponder analyze packs/crate-keep --report crate-keep-analysis.html`,
    )
    .action((pack: string, levels: string[], flags: AnalyzeFlags) => runAnalyze(ctx, pack, levels, flags));
}
