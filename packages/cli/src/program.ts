import { loadPlugins } from "@gridponder/engine/plugins";
import { Command } from "commander";
import { registerAgent } from "./commands/agent.js";
import { registerAnalyze } from "./commands/analyze.js";
import { registerBuild } from "./commands/build.js";
import { registerConformance } from "./commands/conformance.js";
import { registerGenerate } from "./commands/generate.js";
import { registerImport } from "./commands/import.js";
import { registerNew } from "./commands/new.js";
import { registerPlay } from "./commands/play.js";
import { registerSolve } from "./commands/solve.js";
import { registerTrace } from "./commands/trace.js";
import { registerValidate } from "./commands/validate.js";
import { type CliContext, writeText } from "./context.js";
import { InputError, messageOf } from "./errors.js";
import { cliVersion } from "./version.js";

const EXIT_CODES = `
Exit codes:
  0  ok
  1  findings (a gold path that does not win, a failing conformance level)
  2  usage error or invalid input (missing path, invalid pack, unknown level id)
  3  internal error: a bug in gridponder (please report it with the message)`;

/**
 * The commander program. Settings that subcommands inherit (exit override, output) are configured
 * before the commands are added, because commander copies them when a subcommand is created.
 */
export function createProgram(ctx: CliContext): Command {
  const program = new Command("gridponder")
    .description(
      "Validate, solve, play, trace, scaffold and publish Gridponder puzzle packs, and let agents play them.",
    )
    .version(cliVersion(), "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .helpCommand(false)
    // Global, so that every command (including ones registered later) accepts it after its name.
    .option("--json", "machine-readable output on stdout (and nothing else there)")
    .option(
      "--plugin <module>",
      "a module of custom system, goal or lose condition types the packs use (repeatable)",
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showHelpAfterError("(run gridponder --help for usage)")
    .exitOverride()
    .configureOutput({
      // Usage errors quote the arguments given, which may carry control characters of their own.
      writeOut: (text) => writeText(ctx, ctx.io.stdout, text),
      writeErr: (text) => writeText(ctx, ctx.io.stderr, text),
      outputError: (text, write) => write(ctx.colors.red(text)),
    })
    .addHelpText("after", EXIT_CODES);

  program.hook("preAction", async (_program, command) => {
    const options = command.optsWithGlobals();
    ctx.json = Boolean(options.json);
    ctx.plugins = (options.plugin as string[] | undefined) ?? [];
    try {
      ctx.registry = await loadPlugins(ctx.plugins);
    } catch (error) {
      throw new InputError(messageOf(error));
    }
  });

  registerValidate(program, ctx);
  registerTrace(program, ctx);
  registerConformance(program, ctx);
  registerPlay(program, ctx);
  registerNew(program, ctx);
  registerImport(program, ctx);
  registerSolve(program, ctx);
  registerAnalyze(program, ctx);
  registerGenerate(program, ctx);
  registerBuild(program, ctx);
  registerAgent(program, ctx);

  return program;
}
