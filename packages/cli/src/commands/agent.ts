import { createWriteStream, type WriteStream } from "node:fs";
import { Writable } from "node:stream";
import { AgentSession, OBSERVATION_FORMS, type ObservationForm } from "@gridponder/agent";
import { serveLines, serveMcp } from "@gridponder/agent/node";
import { type Command, Option } from "commander";
import type { CliContext } from "../context.js";
import { whenDrained } from "../context.js";
import { refusedPath } from "../errors.js";
import { loadPlayablePack, requireLevel } from "../packs.js";
import { cliVersion } from "../version.js";

interface ServeOptions {
  level?: string;
  observation: ObservationForm;
  transcript?: string;
}

/** A new transcript file: never one that exists, so no earlier run's transcript is overwritten. */
async function openTranscript(path: string): Promise<WriteStream> {
  const stream = createWriteStream(path, { flags: "wx" });
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", (error) => reject(refusedPath("write", path, error)));
  });
  return stream;
}

/** A session on a pack as the options say, its transcript streamed to a new file when one is named. */
async function openSession(
  ctx: CliContext,
  packDir: string,
  options: ServeOptions,
): Promise<{ session: AgentSession; close: () => Promise<void> }> {
  const pack = await loadPlayablePack(packDir, ctx.registry);
  if (options.level !== undefined) requireLevel(pack, options.level);
  const transcript = options.transcript ? await openTranscript(options.transcript) : null;
  const session = new AgentSession(pack, {
    ...(options.level === undefined ? {} : { level: options.level }),
    observation: options.observation,
    ...(transcript ? { onEntry: (entry) => transcript.write(`${JSON.stringify(entry)}\n`) } : {}),
  });
  const close = async () => {
    if (transcript) await new Promise<void>((resolve) => transcript.end(resolve));
  };
  return { session, close };
}

async function runServe(ctx: CliContext, packDir: string, options: ServeOptions): Promise<void> {
  const { session, close } = await openSession(ctx, packDir, options);
  const out = ctx.io.stdout;
  try {
    await serveLines(session, ctx.io.stdin, (line) => whenDrained(out, out.write(line)));
  } finally {
    await close();
  }
}

async function runMcp(ctx: CliContext, packDir: string, options: ServeOptions): Promise<void> {
  const { session, close } = await openSession(ctx, packDir, options);
  const sink = ctx.io.stdout;
  // The transport writes to a stream; the command's stdout is whatever sink it was given.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      void whenDrained(sink, sink.write(String(chunk))).then(() => done());
    },
  });
  try {
    await serveMcp(session, ctx.io.stdin, output, cliVersion());
  } finally {
    await close();
  }
}

/** The options `serve` and `mcp` share. */
function sessionOptions(command: Command): Command {
  return command
    .argument("<pack>", "pack folder (or .zip)")
    .option("--level <id>", "the level to begin on (the pack's first by default)")
    .addOption(
      new Option("--observation <form>", "how the board is described")
        .choices([...OBSERVATION_FORMS])
        .default("text"),
    )
    .option("--transcript <file>", "also write every request and response to this new JSONL file");
}

export function registerAgent(program: Command, ctx: CliContext): void {
  const agent = program
    .command("agent")
    .description("let a program or a language model play a pack through a JSON-lines protocol");
  sessionOptions(
    agent
      .command("serve")
      .description(
        "answer session requests, one JSON object per line on stdin, one response per line on stdout",
      ),
  )
    .addHelpText(
      "after",
      `
Requests (each may carry an "id", echoed in its response):
  {"type":"levels"}                      the pack's levels, in order
  {"type":"start","level":"<id>"}        start (or restart) a level: its rules text and first observation
  {"type":"observe","form":"json"}       the board, goals and moves now ("text" or "json")
  {"type":"legal_actions"}               every action the engine would accept now
  {"type":"act","action":{"action":"move","direction":"up"},"reason":"…"}
                                         play one turn: accepted, refused (with why) or malformed
  {"type":"undo"}  {"type":"reset"}  {"type":"give_up"}

Every response has "ok", "level", "status" (playing, won or lost) and "moves". A line that is not a
request gets {"type":"error","error":{"code":…,"message":…}}; the server never stops on bad input.
It ends when stdin ends.

Example:
  printf '{"type":"start"}\\n{"type":"act","action":"up"}\\n' | gridponder agent serve packs/lantern-cellar`,
    )
    .action((packDir: string, options: ServeOptions) => runServe(ctx, packDir, options));
  sessionOptions(
    agent
      .command("mcp")
      .description(
        "serve the same session as a Model Context Protocol server over stdio (tools: levels, start, observe, legal_actions, act, undo, reset, give_up)",
      ),
  )
    .addHelpText(
      "after",
      `
An MCP client starts this command and talks to it over stdin and stdout. In a client's settings:
  { "command": "gridponder", "args": ["agent", "mcp", "/path/to/packs/lantern-cellar"] }`,
    )
    .action((packDir: string, options: ServeOptions) => runMcp(ctx, packDir, options));
}
