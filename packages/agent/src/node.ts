/**
 * Serving a session over streams (a process's standard input and output): as JSON lines, one request
 * per line in and one response per line out, in order (blank lines are skipped); or as a Model Context
 * Protocol server whose tools are the requests. Either ends when the input does.
 * @module
 */
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { AgentSession } from "./agent-session.js";
import type { MatchAgentSession } from "./match-session.js";

export {
  type ExternalAgentOptions,
  externalAgent,
  type LongExternalAgent,
  longExternalAgent,
} from "./harness/external.js";
export { reportHtml } from "./harness/report-html.js";
export { type FolderImages, folderAssets, folderImages, type PngOptions, pngRenderer } from "./image.js";
export { createMcpServer, serveMcp } from "./mcp.js";

/**
 * Answers every line of `input` through `write`, waiting for each write (a stream's drain) before
 * reading on, so a flood of requests cannot pile up responses in memory; resolves when the input ends.
 */
export async function serveLines(
  session: AgentSession | MatchAgentSession,
  input: Readable,
  write: (line: string) => unknown,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    await write(`${JSON.stringify(session.handleLine(line))}\n`);
  }
}
