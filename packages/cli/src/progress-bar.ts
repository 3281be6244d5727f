import { SingleBar } from "cli-progress";
import type { CliContext } from "./context.js";

/**
 * A progress bar on stderr, only where someone watches it: on a terminal, and never under `--json`.
 * `format` is cli-progress's (`{bar}`, `{value}`, `{total}` and the payload's fields).
 */
export function progressBar(ctx: CliContext, format: string): SingleBar | null {
  if (!ctx.io.isTTY || ctx.json) return null;
  return new SingleBar({
    format,
    stream: ctx.io.stderr as NodeJS.WritableStream,
    hideCursor: true,
    clearOnComplete: true,
  });
}
