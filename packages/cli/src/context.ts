import type { Readable } from "node:stream";
import { builtinRegistry, type Registry } from "@gridponder/engine";
import picocolors from "picocolors";

/** picocolors' formatters; all of them return their input unchanged when colours are off. */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** Where output goes: `process.stdout`, `process.stderr`, or a test's string collector. */
export interface TextSink {
  write(text: string): unknown;
}

/** The outside world a command sees, so tests can run commands in-process with fake streams. */
export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  /** Key presses for `play`; a raw-mode terminal when it has `isTTY` and `setRawMode`. */
  stdin: Readable;
  /** Whether stdout is a terminal: decides colours and whether `play` redraws the screen. */
  isTTY: boolean;
  env: Record<string, string | undefined>;
}

/** What every command receives: the streams, colours that are off unless stdout is a terminal, and `--json`. */
export interface CliContext {
  io: CliIo;
  colors: Colors;
  /** Set from the global `--json` option just before a command's action runs. */
  json: boolean;
  /** The plugin modules of the global `--plugin` options, as given (set with `json`). */
  plugins: string[];
  /** The built-in types with those of the plugins: every command loads packs with it. */
  registry: Registry;
  /**
   * The exit code `main` returns: commands raise it to 1 for findings. Invalid input is reported by
   * throwing an `InputError` instead, which `main` turns into 2.
   */
  exitCode: number;
}

export function createContext(io: CliIo): CliContext {
  return {
    io,
    colors: picocolors.createColors(io.isTTY && !io.env.NO_COLOR),
    json: false,
    plugins: [],
    registry: builtinRegistry,
    exitCode: 0,
  };
}

/** Writes one line (or several joined lines) to stdout. */
export function printLine(ctx: CliContext, text = ""): void {
  ctx.io.stdout.write(`${text}\n`);
}

/** Writes one line to stderr. */
export function printError(ctx: CliContext, text: string): void {
  ctx.io.stderr.write(`${text}\n`);
}

/** The only thing a `--json` command writes to stdout. */
export function printJson(ctx: CliContext, value: unknown): void {
  ctx.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
