import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { type GenerateReport, type GenerationMethod, generateLevels, packSource } from "@gridponder/analysis";
import { type Command, InvalidArgumentError } from "commander";
import { type CliContext, printJson, printLine } from "../context.js";
import { InputError, isSystemError, messageOf } from "../errors.js";
import { readPlayablePack, requireLevel } from "../packs.js";
import { inlineText } from "../terminal-text.js";
import { textTable } from "../text-table.js";
import { writeNew } from "../write-file.js";
import { isZipName } from "../zip-pack.js";
import { nonNegativeInteger, positiveInteger, positiveSeconds } from "./numbers.js";

interface GenerateFlags {
  from: string;
  count: number;
  minOptimum?: number;
  unique?: boolean;
  uses?: string;
  method: "mutation" | "reverse" | "both";
  seed?: number;
  maxAttempts?: number;
  timeLimit?: number;
  out?: string;
}

function methodOf(text: string): GenerateFlags["method"] {
  if (text !== "mutation" && text !== "reverse" && text !== "both")
    throw new InvalidArgumentError('expected "mutation", "reverse" or "both"');
  return text;
}

/**
 * Writes each level file under `out` with the name it has in the pack, each whole, never over an
 * existing file (nothing a user made is replaced): when a name is taken, nothing is written.
 */
async function writeLevels(report: GenerateReport, out: string, levelFolder: string): Promise<string[]> {
  const paths = report.levels.map((level) => join(out, level.path.slice(levelFolder.length)));
  for (const path of paths)
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      throw new InputError(`${path} already exists; nothing was written (choose another --out)`);
  await mkdir(out, { recursive: true });
  for (const [i, path] of paths.entries()) {
    try {
      await writeNew(path, report.levels[i]?.text ?? "");
    } catch (error) {
      if (isSystemError(error) && error.code === "EEXIST")
        throw new InputError(`${path} appeared while writing; the levels before it were written`);
      throw new InputError(`cannot write ${path} (${messageOf(error)})`);
    }
  }
  return paths;
}

async function runGenerate(ctx: CliContext, packDir: string, flags: GenerateFlags): Promise<void> {
  const { files, pack } = await readPlayablePack(packDir, ctx.registry);
  requireLevel(pack, flags.from);
  const levelFolder = `${pack.manifest.levelDirectory ?? "levels"}/`;
  if (flags.out === undefined && isZipName(packDir))
    throw new InputError(`${packDir} is a .zip: give --out <folder> for the new level files`);
  const out = flags.out ?? join(packDir, levelFolder);
  const source = packSource(files, { registry: ctx.registry });
  const methods: GenerationMethod[] = flags.method === "both" ? ["mutation", "reverse"] : [flags.method];
  const uses =
    flags.uses
      ?.split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "") ?? [];
  const report = generateLevels(source, flags.from, {
    count: flags.count,
    seed: flags.seed,
    minOptimum: flags.minOptimum,
    unique: flags.unique,
    uses,
    methods,
    maxAttempts: flags.maxAttempts,
    timeLimitMs: flags.timeLimit === undefined ? undefined : Math.round(flags.timeLimit * 1000),
  });
  const written = await writeLevels(report, out, levelFolder);
  if (report.levels.length < flags.count) ctx.exitCode = 1;
  if (ctx.json) {
    printJson(ctx, {
      pack: packDir,
      from: flags.from,
      attempts: report.attempts,
      verdicts: report.verdicts,
      levels: report.levels.map((l, i) => ({ ...l, file: written[i] })),
    });
    return;
  }
  const rows = report.levels.map((l, i) => [
    inlineText(l.id),
    l.method,
    String(l.optimum),
    l.optimalCount === null ? "2+" : String(l.optimalCount),
    inlineText(written[i] ?? ""),
  ]);
  if (rows.length > 0) printLine(ctx, textTable([["level", "method", "optimum", "optima", "file"], ...rows]));
  const turnedAway = Object.entries(report.verdicts)
    .filter(([verdict, n]) => verdict !== "kept" && n > 0)
    .map(([verdict, n]) => `${n} ${verdict}`)
    .join(", ");
  printLine(
    ctx,
    `${report.levels.length} of ${flags.count} levels made from ${inlineText(flags.from)} in ${report.attempts} candidates` +
      (turnedAway === "" ? "" : ` (turned away: ${turnedAway})`) +
      ". Each was proven by the solver; its gold path is optimal.",
  );
  if (report.levels.length > 0)
    printLine(
      ctx,
      `To play them, add to levelSequence in game.json: ${inlineText(JSON.stringify(report.levels.map((l) => l.id)))}`,
    );
}

/** `gridponder generate <pack> --from <level> --count N`: new levels, each proven by the solver. */
export function registerGenerate(program: Command, ctx: CliContext): void {
  program
    .command("generate")
    .description("make new levels from an existing one, each proven solvable by the solver")
    .argument("<pack>", "a pack folder (or a pack's .zip, with --out)")
    .requiredOption("--from <level>", "the level to start from")
    .requiredOption("--count <n>", "how many levels to make", positiveInteger)
    .option(
      "--min-optimum <k>",
      "keep levels whose shortest solution has at least k actions",
      positiveInteger,
    )
    .option("--unique", "keep levels with exactly one optimal solution")
    .option(
      "--uses <ids>",
      "comma-separated systems, actions or rules (kind:id where ids are shared, as system:waystone) each level must be unsolvable without",
    )
    .option(
      "--method <name>",
      "mutation, reverse (reachable states far from a win) or both",
      methodOf,
      "both",
    )
    .option("--seed <n>", "seed (default 1): the same seed makes the same levels", nonNegativeInteger)
    .option("--max-attempts <n>", "candidates to try before giving up (default 60 × count)", positiveInteger)
    .option("--time-limit <seconds>", "solver time per candidate (default 10)", positiveSeconds)
    .option("--out <folder>", "where to write the level files (default: the pack's level folder)")
    .addHelpText(
      "after",
      `
Candidates come from mutating the level's board (moving, swapping, adding or removing an entity,
moving the avatar's start) and from reverse search (states the level reaches that are farthest
from a win, taken as new starts). A candidate is kept only when it validates, differs from every
level of the pack (turned and mirrored copies count as the same), and the solver proves it
solvable with the criteria given. Each file has the solver's optimal gold path and hint stops.
Files are never overwritten. Exit code 1 when fewer than --count levels were made.

Example:
  gridponder generate packs/crate-keep --from ck03_from_above --count 5 --min-optimum 12 --unique`,
    )
    .action((pack: string, flags: GenerateFlags) => runGenerate(ctx, pack, flags));
}
