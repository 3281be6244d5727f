import { isAbsolute, relative } from "node:path";
import type { BuildSummary, CatalogProgress, CatalogSolveOptions } from "@gridponder/catalog";
import { countDiagnostics, type Diagnostic, formatDiagnostics } from "@gridponder/schema";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { loadCatalog } from "../catalog-module.js";
import { type CliContext, printError, printJson, printLine } from "../context.js";
import { InputError } from "../errors.js";
import { requireFolder } from "../packs.js";
import { plural } from "../plural.js";
import { positiveSeconds } from "./numbers.js";

interface BuildFlags {
  out: string;
  force?: boolean;
  skipInvalid?: boolean;
  base?: string;
  /** Seconds per level, or `true` when the flag came without a value. */
  solve?: number | true;
  /** False with `--no-studio`. */
  studio: boolean;
}

/** What the solver gets per level when `--solve` comes without a value. */
const DEFAULT_SOLVE_SECONDS = 10;

/** A path as the user would type it: relative to the working folder when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

function located(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, file: shown(d.file) }));
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * Shows the build's phases: a bar per counted phase on a terminal, one line per phase elsewhere (CI
 * logs), nothing under --json.
 */
function progressDisplay(ctx: CliContext): { onProgress: (e: CatalogProgress) => void; stop: () => void } {
  if (ctx.json) return { onProgress: () => {}, stop: () => {} };
  let bar: SingleBar | null = null;
  let phase = "";
  const stop = () => {
    bar?.stop();
    bar = null;
  };
  const onProgress = (e: CatalogProgress) => {
    if (e.phase !== phase) {
      stop();
      phase = e.phase;
      const label =
        e.phase === "compile"
          ? `compiling ${plural(e.total, "pack")}`
          : e.phase === "solve"
            ? `solving ${plural(e.total, "level")}`
            : e.phase === "assets"
              ? `writing ${plural(e.total, "asset")}`
              : e.phase === "pages"
                ? "building pages"
                : null;
      if (label === null) return;
      if (ctx.io.isTTY && (e.phase === "compile" || e.phase === "solve" || e.phase === "assets")) {
        // The solver's levels take from milliseconds to the whole limit: the bar names the current one.
        const detail = e.phase === "solve" ? " | {level}" : "";
        bar = new SingleBar({
          format: `${label.split(" ")[0]} {bar} {value}/{total}${detail}`,
          stream: ctx.io.stderr as NodeJS.WritableStream,
          hideCursor: true,
          clearOnComplete: true,
        });
        bar.start(e.total, 0, { level: "" });
      } else printError(ctx, `${label}…`);
    }
    if (bar && e.phase === "solve") bar.update(e.done, { level: e.level ?? "" });
    else if (bar && (e.phase === "compile" || e.phase === "assets")) bar.update(e.done);
  };
  return { onProgress, stop };
}

function printSummary(ctx: CliContext, summary: BuildSummary, solved: boolean): void {
  const color = ctx.colors.isColorSupported;
  if (summary.warnings.length > 0) printLine(ctx, formatDiagnostics(located(summary.warnings), { color }));
  printLine(
    ctx,
    `built ${plural(summary.packs, "pack")}, ${plural(summary.levels, "level")}` +
      (solved ? ` (${summary.optima} ${summary.optima === 1 ? "optimum" : "optima"} proven)` : "") +
      // Board and card games (match packs), when the folder had some.
      (summary.matches > 0 ? `, ${plural(summary.matches, "board and card game")}` : "") +
      `, ${plural(summary.pages, "page")} ` +
      `(${megabytes(summary.bytes)}) into ${shown(summary.outDir)} in ${(summary.durationMs / 1000).toFixed(1)} s` +
      (summary.warnings.length > 0 ? `, ${plural(summary.warnings.length, "warning")}` : ""),
  );
}

/** The flag that overrides a refusal, in the CLI's words (the catalog names its API options). */
const FLAG_HINTS: Readonly<Record<string, string>> = {
  "invalid-packs": " with --skip-invalid",
  "output-not-ours": ", or give --force to build into it, keeping those files",
  "output-conflict": ", or give --force to replace them",
  "studio-missing": " with --no-studio",
};

function solveOptions(ctx: CliContext, seconds: number | true): CatalogSolveOptions {
  const cacheFile = ctx.io.env.GRIDPONDER_OPTIMA_CACHE;
  return {
    timeLimitMs: Math.round((seconds === true ? DEFAULT_SOLVE_SECONDS : seconds) * 1000),
    ...(cacheFile ? { cacheFile } : {}),
  };
}

/** Exit codes of a process stopped by a signal, as shells report them. */
const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Ctrl-C or a termination request ends the build at once. The catalog removes its staging folder as the
 * process exits, so the output folder is left as it was unless the new site had already replaced it.
 * Returns a function that stops listening.
 */
function exitOnSignal(ctx: CliContext, stopProgress: () => void): () => void {
  const handlers = Object.entries(SIGNAL_EXIT_CODES).map(([signal, code]) => {
    const handler = () => {
      stopProgress();
      printError(
        ctx,
        "build interrupted: a build replaces its output folder only once the new site is complete",
      );
      process.exit(code);
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => {
    for (const off of handlers) off();
  };
}

async function runBuild(ctx: CliContext, folders: string[], flags: BuildFlags): Promise<void> {
  // The catalog's pages bundle the engine with its built-in types only: a pack that needs a plugin
  // would load here and then fail in every browser.
  if (ctx.plugins.length > 0)
    throw new InputError(
      "build cannot publish packs that need --plugin yet: the catalog's pages play the built-in types only",
    );
  for (const folder of folders) await requireFolder(folder, "folder of packs");
  // Loaded here, not at start-up: the site builder (Astro, Vite) is heavy and only this command needs it.
  const { buildCatalog, CatalogError } = await loadCatalog();
  const progress = progressDisplay(ctx);
  const stopListening = exitOnSignal(ctx, progress.stop);
  let summary: BuildSummary;
  try {
    summary = await buildCatalog({
      packsDir: folders,
      outDir: flags.out,
      ...(flags.force ? { force: true } : {}),
      ...(flags.skipInvalid ? { skipInvalid: true } : {}),
      ...(flags.base === undefined ? {} : { base: flags.base }),
      ...(flags.solve === undefined ? {} : { solve: solveOptions(ctx, flags.solve) }),
      ...(flags.studio ? {} : { studio: false }),
      onProgress: progress.onProgress,
    });
  } catch (error) {
    progress.stop();
    if (!(error instanceof CatalogError)) throw error;
    const errors = located(error.diagnostics);
    // A gold path that no longer wins is a finding (as for validate); anything else is invalid input.
    const onlyGoldPaths = errors.length > 0 && errors.every((d) => d.code === "gold-path");
    const message = error.message + (error.code === undefined ? "" : (FLAG_HINTS[error.code] ?? ""));
    if (ctx.json) {
      printJson(ctx, { ok: false, message, diagnostics: errors });
      ctx.exitCode = onlyGoldPaths ? 1 : 2;
      return;
    }
    if (!onlyGoldPaths) throw new InputError(message, errors.length > 0 ? [formatDiagnostics(errors)] : []);
    printLine(ctx, formatDiagnostics(errors, { color: ctx.colors.isColorSupported }));
    const { errors: count } = countDiagnostics(errors);
    printLine(
      ctx,
      ctx.colors.red(`not built: ${plural(count, "gold path")} no longer ${count === 1 ? "wins" : "win"}`),
    );
    ctx.exitCode = 1;
    return;
  } finally {
    stopListening();
    progress.stop();
  }
  if (ctx.json) printJson(ctx, { ok: true, ...summary });
  else printSummary(ctx, summary, flags.solve !== undefined);
}

/** `gridponder build <packs-folder...> --out <dir>`: the static, playable catalog website. */
export function registerBuild(program: Command, ctx: CliContext): void {
  program
    .command("build")
    .description("publish folders of packs as a static, playable catalog website")
    .argument(
      "<packs-folders...>",
      "folders of packs (or pack folders); sub-folders without a manifest are shared asset collections",
    )
    .requiredOption("-o, --out <dir>", "where the site goes (replaced when the new one is complete)")
    .option("--force", "build into a folder that holds files no build wrote (they are kept)")
    .option("--skip-invalid", "leave invalid packs out with a warning instead of failing")
    .option("--base <path>", "the URL path the site is served under, e.g. /games/ (default /)")
    .option(
      "--solve [seconds]",
      `prove each level's optimum with the solver, up to this long per level (default ${DEFAULT_SOLVE_SECONDS})`,
      positiveSeconds,
    )
    .option("--no-studio", "leave out the authoring studio (studio/) and the level pages' links to it")
    .addHelpText(
      "after",
      `
Every pack is validated and its gold paths replayed before any page is built. Exit code 2 when a pack
is invalid (its diagnostics are printed like validate's) or an option is wrong, 1 when a gold path no
longer wins, 129, 130 or 143 when interrupted (SIGHUP, Ctrl-C, SIGTERM), else 0.

The new site is built in a staging folder beside --out and replaces it only when complete, so a failed
or interrupted build leaves the previous site as it was. A build deletes only files an earlier build
wrote (listed with their hashes in the site's .gridponder-site.json) and that still hold what it
wrote; other files in --out, such as a .git folder or a page edited by hand, are kept. A folder that holds files no build wrote is refused unless --force is given; --force keeps them,
except where the new site writes a file of the same name. An --out that is, holds or lies inside a
packs folder, a pack or a shared collection folder (symbolic links resolved) is always refused.

The site carries the authoring studio at studio/ (with studio/catalog.json, the index it opens the
catalog's packs from), and every level page links to it with "Edit a copy"; --no-studio leaves both out.

--solve runs the solver on every level (one worker thread per core) and shows "Optimum: n moves" where
it proves the optimum within the time limit; the other levels keep showing the reference (gold path)
length, as every level does without --solve. Levels settled by an earlier build come from a cache:
GRIDPONDER_OPTIMA_CACHE, else gridponder/optima.json in your cache folder ($XDG_CACHE_HOME or ~/.cache
on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows). A cached optimum is shown only after
its stored solution replays to a win in that many moves. Give the seconds after the folders (or as
--solve=30), since a value right after --solve is read as the seconds.

Examples:
  gridponder build packs --out site
  gridponder build ../shared/conformance/packs packs --out site --base /games/
  gridponder build packs --out site --solve 30`,
    )
    .action((folders: string[], flags: BuildFlags) => runBuild(ctx, folders, flags));
}
