import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type SolveEvent, type SolveResult, solveLevels } from "@gridponder/solver/node";
import { type Command, InvalidArgumentError } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { InputError } from "../errors.js";
import { findPackFolders, loadPlayablePack, requireLevel } from "../packs.js";
import { plural } from "../plural.js";
import { progressBar } from "../progress-bar.js";
import { inlineText } from "../terminal-text.js";
import { textTable } from "../text-table.js";
import { isZipFile, isZipName, readZipPack } from "../zip-pack.js";
import { nonNegativeInteger, positiveInteger, positiveSeconds } from "./numbers.js";

interface SolveFlags {
  maxDepth?: number;
  maxStates?: number;
  timeLimit?: number;
  maxMemory?: number;
  countStates?: number;
  workers?: number;
  strategy?: "bfs" | "astar";
}

/**
 * The most worker threads `--workers` may ask for. Each loads its own copy of the pack and engine
 * (tens of megabytes before it searches), so a thousand would exhaust the memory whatever the budget.
 */
const MAX_WORKERS = 64;

function workerCount(text: string): number {
  const n = positiveInteger(text);
  if (n > MAX_WORKERS) throw new InvalidArgumentError(`expected at most ${MAX_WORKERS} workers`);
  return n;
}

/** `--count-states`: a whole number, or `all` for no cap. */
function countStatesOf(text: string): number {
  if (text === "all") return Number.POSITIVE_INFINITY;
  try {
    return nonNegativeInteger(text);
  } catch {
    throw new InvalidArgumentError('expected a whole number, 0 or more, or "all"');
  }
}

function strategyOf(text: string): "bfs" | "astar" {
  if (text !== "bfs" && text !== "astar") throw new InvalidArgumentError('expected "bfs" or "astar"');
  return text;
}

const yesNo = (value: boolean | null) => (value === null ? "?" : value ? "yes" : "no");

/** One row of the results table: level, gold length, optimum, uniqueness, states, time, verdict. */
function row(r: SolveResult): string[] {
  // A bounded search still proved that nothing shorter than its lower bound wins.
  const optimum =
    r.status === "solved"
      ? String(r.optimalLength)
      : r.status === "unsolvable"
        ? "none"
        : `≥ ${r.lowerBound ?? 0} (${r.bound})`;
  const count = r.optimalCount === null ? "?" : `${r.optimalCount}${r.countCapped ? "+" : ""}`;
  const notes: string[] = [];
  if (!r.gold.wins) notes.push("gold path does not win");
  else if (r.gold.optimal === false) notes.push("gold path is not optimal");
  if (!r.gold.hintStopsValid) notes.push("hint stop outside the gold path");
  if (r.status === "unsolvable") notes.push("proven unsolvable");
  return [
    inlineText(r.level),
    String(r.gold.length),
    optimum,
    r.status === "solved" ? `${yesNo(r.gold.uniqueOptimum)} (${count})` : "-",
    r.statesExpanded.toLocaleString("en-US"),
    `${(r.elapsedMs / 1000).toFixed(2)} s`,
    notes.join("; "),
  ];
}

/** A level is a finding when its gold path fails, a hint stop is misplaced, or it cannot be solved. */
function isFinding(r: SolveResult): boolean {
  return !r.gold.wins || !r.gold.hintStopsValid || r.status === "unsolvable";
}

/** A level's result with the pack folder it belongs to (in `--json` output). */
type PackSolveResult = SolveResult & { pack: string };

/**
 * Splits the arguments into pack folders and level ids: leading arguments that are folders name packs
 * (a folder of packs names each pack in it); anything after them is a level id, allowed with one pack.
 */
async function packsAndLevels(args: readonly string[]): Promise<{ packs: string[]; levels: string[] }> {
  const packs: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    // The first argument must be a folder; later ones are level ids once one is not a folder.
    const info = await stat(arg).catch(() => null);
    if (i > 0 && !info?.isDirectory() && !(info?.isFile() && isZipName(arg))) break;
    packs.push(...(await findPackFolders(arg)));
  }
  const levels = args.slice(i);
  if (levels.length > 0 && packs.length > 1)
    throw new InputError(
      `level ids (${levels.join(", ")}) can only follow a single pack; ${packs.length} packs were given`,
    );
  return { packs, levels };
}

async function solvePack(
  ctx: CliContext,
  packDir: string,
  levelArgs: string[],
  flags: SolveFlags,
): Promise<SolveResult[]> {
  const pack = await loadPlayablePack(packDir, ctx.registry);
  const levels = levelArgs.length > 0 ? levelArgs.map((id) => requireLevel(pack, id)) : [...pack.levelOrder];
  // A bar only where someone watches it: on a terminal, and never under --json.
  const bar = progressBar(ctx, "solving {bar} {value}/{total} levels | {level} | {states} states");
  bar?.start(levels.length, 0, { level: "", states: 0 });
  let done = 0;
  const onEvent = (event: SolveEvent) => {
    if (event.type === "progress")
      bar?.update(done, { level: inlineText(event.progress.level), states: event.progress.statesExpanded });
    else if (event.type === "done")
      bar?.update(++done, { level: inlineText(event.result.level), states: event.result.statesExpanded });
  };
  try {
    // A zipped pack is solved from its files in memory, as it was loaded.
    const source = (await isZipFile(packDir)) ? (await readZipPack(packDir)).files : resolve(packDir);
    return await solveLevels(source, levels, {
      strategy: flags.strategy,
      maxDepth: flags.maxDepth,
      maxStates: flags.maxStates,
      timeLimitMs: flags.timeLimit === undefined ? undefined : Math.round(flags.timeLimit * 1000),
      maxMemoryMb: flags.maxMemory,
      maxCountStates: flags.countStates,
      workers: flags.workers,
      plugins: ctx.plugins,
      onEvent,
    });
  } finally {
    bar?.stop();
  }
}

async function runSolve(ctx: CliContext, args: string[], flags: SolveFlags): Promise<void> {
  // Every path is checked before anything is solved, so a typo fails fast instead of after a long run.
  const { packs, levels } = await packsAndLevels(args);
  const all: PackSolveResult[] = [];
  for (const packDir of packs) {
    const results = await solvePack(ctx, packDir, levels, flags);
    all.push(...results.map((r) => ({ ...r, pack: packDir })));
    if (ctx.json) continue;
    if (packs.length > 1) printLine(ctx, `${inlineText(packDir)}:`);
    const header = ["level", "gold", "optimum", "unique (optima)", "states", "time", ""];
    printLine(ctx, textTable([header, ...results.map(row)]));
    printLine(ctx);
  }
  if (all.some(isFinding)) ctx.exitCode = 1;
  if (ctx.json) {
    printJson(ctx, all);
    return;
  }
  const solved = all.filter((r) => r.status === "solved");
  const total = all.reduce((t, r) => t + r.elapsedMs, 0);
  const states = all.reduce((t, r) => t + r.statesExpanded, 0);
  // No levels at all (an empty selection) still gets a summary rather than a crash.
  const slowest = all.reduce<PackSolveResult | null>(
    (a, b) => (a === null || b.elapsedMs > a.elapsedMs ? b : a),
    null,
  );
  const packNote = packs.length > 1 ? ` in ${plural(packs.length, "pack")}` : "";
  printLine(
    ctx,
    `${plural(all.length, "level")}${packNote}: ${solved.length} solved, ` +
      `${all.filter((r) => r.status === "unsolvable").length} proven unsolvable, ` +
      `${all.filter((r) => r.status === "bounded").length} stopped by a bound; ` +
      `${plural(all.filter((r) => r.status === "solved" && r.gold.optimal === true).length, "gold path")} proven optimal; ` +
      `${(total / 1000).toFixed(1)} s of search${slowest === null ? "" : `, slowest ${inlineText(slowest.level)} (${(slowest.elapsedMs / 1000).toFixed(1)} s)`}, ` +
      `${Math.round(total > 0 ? (states / total) * 1000 : 0).toLocaleString("en-US")} states/s`,
  );
}

/**
 * `gridponder solve <packs...> [level...]`: shortest solutions, their uniqueness and gold-path verdicts,
 * for one pack (optionally some of its levels) or several packs and folders of packs.
 */
export function registerSolve(program: Command, ctx: CliContext): void {
  program
    .command("solve")
    .description("find each level's shortest solution, count the optima and judge the gold path")
    .argument(
      "<paths...>",
      "pack folders (or a pack's .zip) or folders of packs, then (with a single pack) level ids; default: every level",
    )
    .option(
      "--strategy <name>",
      "bfs or astar (default: astar where an admissible heuristic exists)",
      strategyOf,
    )
    .option("--max-depth <n>", "longest solution searched", positiveInteger)
    .option("--max-states <n>", "most states kept per level", positiveInteger)
    .option("--time-limit <seconds>", "wall time per level (fractions allowed)", positiveSeconds)
    .option(
      "--max-memory <mb>",
      "memory budget of the whole solve, split evenly among the worker threads (default: 3072, or half the machine's memory if less)",
      positiveInteger,
    )
    .option(
      "--count-states <n>",
      'states spent counting the optimal solutions once the optimum is proven (default 500000; 0 skips the count, shown as ?; "all" counts in full)',
      countStatesOf,
    )
    .option("--workers <n>", `worker threads, at most ${MAX_WORKERS} (default: one per core)`, workerCount)
    .action((paths: string[], flags: SolveFlags) => runSolve(ctx, paths, flags));
}
