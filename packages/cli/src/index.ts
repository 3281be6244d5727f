/**
 * `@gridponder/cli`: the `gridponder` command. `main` runs one command line in-process against the
 * given streams and returns its exit code, so tests need neither a child process nor `process.exit`.
 * @module
 */
import { CommanderError } from "commander";
import { type CliContext, type CliIo, createContext, printError } from "./context.js";
import { InputError, messageOf } from "./errors.js";
import { createProgram } from "./program.js";
import { inlineText } from "./terminal-text.js";

export type { CliContext, CliIo, Colors, TextSink } from "./context.js";

/** The exit code of an unexpected failure: a bug in gridponder, told apart from invalid input (2). */
export const EXIT_INTERNAL_ERROR = 3;
export { InputError } from "./errors.js";

/**
 * Runs `gridponder <args>` and returns the exit code: 0 ok, 1 findings, 2 usage error or invalid input,
 * 3 internal error (a bug in gridponder, not in the input).
 */
export async function main(args: string[], io: CliIo): Promise<number> {
  const ctx = createContext(io);
  try {
    await createProgram(ctx).parseAsync(args, { from: "user" });
    return ctx.exitCode;
  } catch (error) {
    return reportFailure(ctx, error);
  }
}

function reportFailure(ctx: CliContext, error: unknown): number {
  // Commander has already printed its message (or the help or version it was asked for).
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  // A message is one line that quotes paths and ids as given, so a line break in one cannot forge
  // another line; details are lines of their own (such as diagnostics), escaped where they were made.
  if (error instanceof InputError) {
    printError(ctx, `gridponder: ${inlineText(error.message)}`);
    for (const line of error.details) printError(ctx, line);
    return 2;
  }
  printError(ctx, `gridponder: internal error: ${inlineText(messageOf(error))}`);
  if (ctx.io.env.GRIDPONDER_DEBUG === "1" && error instanceof Error && error.stack)
    printError(ctx, error.stack);
  return EXIT_INTERNAL_ERROR;
}
