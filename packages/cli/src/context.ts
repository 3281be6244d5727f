import type { Readable } from "node:stream";
import { builtinRegistry, type Registry } from "@gridponder/engine";
import picocolors from "picocolors";
import { terminalSafe, terminalSafeJson } from "./terminal-text.js";

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

/**
 * Writes text to a sink through the terminal guard (`terminalSafe`): every path to the terminal goes
 * through here, so no control character from a pack or a file name reaches it, while the CLI's own
 * colours do when they are on. Returns what the sink's `write` returns (false asks to wait for drain).
 */
export function writeText(ctx: CliContext, sink: TextSink, text: string): unknown {
  return sink.write(terminalSafe(text, ctx.colors.isColorSupported));
}

/**
 * Waits for a stream whose `write` returned false to drain, so that a long output (a trace of millions
 * of steps) is not queued in memory faster than the reader takes it. Sinks without events never wait.
 */
export async function whenDrained(sink: TextSink, wrote: unknown): Promise<void> {
  if (wrote !== false) return;
  const stream = sink as { once?: (event: string, listener: () => void) => unknown };
  const once = stream.once;
  if (typeof once !== "function") return;
  await new Promise<void>((resolve) => {
    once.call(sink, "drain", resolve);
  });
}

/** Writes one line (or several joined lines) to stdout. */
export function printLine(ctx: CliContext, text = ""): unknown {
  return writeText(ctx, ctx.io.stdout, `${text}\n`);
}

/** Writes one line to stderr. */
export function printError(ctx: CliContext, text: string): void {
  writeText(ctx, ctx.io.stderr, `${text}\n`);
}

/** JSON text as `--json` output writes it: indented, and inert in a terminal. */
export function jsonText(value: unknown): string {
  return terminalSafeJson(JSON.stringify(value, null, 2));
}

/** The only thing a `--json` command writes to stdout. */
export function printJson(ctx: CliContext, value: unknown): void {
  ctx.io.stdout.write(`${jsonText(value)}\n`);
}
