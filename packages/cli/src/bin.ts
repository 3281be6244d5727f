#!/usr/bin/env node
import { EXIT_INTERNAL_ERROR, main } from "./index.js";
import { processIo } from "./process-io.js";
import { blockText, inlineText } from "./terminal-text.js";

// `gridponder trace … | head` closes the pipe early; that is the reader's choice, not an error to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

try {
  process.exitCode = await main(process.argv.slice(2), processIo());
} catch (error) {
  // `main` reports its own failures; this only catches a failure to report one.
  process.stderr.write(
    `gridponder: internal error: ${inlineText(error instanceof Error ? error.message : String(error))}\n`,
  );
  if (process.env.GRIDPONDER_DEBUG === "1" && error instanceof Error)
    process.stderr.write(`${blockText(error.stack ?? "")}\n`);
  process.exitCode = EXIT_INTERNAL_ERROR;
}
