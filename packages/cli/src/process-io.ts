import type { CliIo } from "./context.js";

/** The real process streams. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
  };
}
