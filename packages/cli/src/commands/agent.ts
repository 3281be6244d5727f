import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { Writable } from "node:stream";
import type {
  AgentSession,
  MatchAgentSession,
  ObservationForm,
  Opponent,
  Player,
  Report,
} from "@gridponder/agent";
import type { Pack } from "@gridponder/engine";
import { isMatchPackFolder, loadMatchPackFolder } from "@gridponder/match/node";
import { type Command, Option } from "commander";
import {
  type AgentModules,
  BUILT_IN_AGENT_NAMES,
  loadAgent,
  OBSERVATION_FORM_NAMES,
} from "../agent-module.js";
import { CATALOG_FOLDER, type FinalLines, type PlayedPack, withReplays } from "../agent-report.js";
import type { CliContext } from "../context.js";
import { jsonText, printLine, whenDrained } from "../context.js";
import { InputError, refusedPath } from "../errors.js";
import { findPackFolders, loadPlayablePack, requireLevel } from "../packs.js";
import { cliVersion } from "../version.js";
import { writeWhole } from "../write-file.js";
import { isZipName } from "../zip-pack.js";

interface ServeOptions {
  level?: string;
  observation: ObservationForm;
  transcript?: string;
  anonymise?: string | true;
  seat?: string;
  seats?: string;
  opponent?: Opponent;
  seed?: string;
}

/** A whole number option, or undefined when absent; an input error otherwise. */
function wholeOption(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new InputError(`${name} takes a whole number from ${min}, not ${JSON.stringify(value)}`);
  return n;
}

/** A session on a match pack: the agent in one seat, bots in the others. */
async function openMatchSession(
  { agent }: AgentModules,
  packDir: string,
  options: ServeOptions,
  transcript: WriteStream | null,
): Promise<MatchAgentSession> {
  const loaded = await loadMatchPackFolder(packDir);
  if (!loaded.ok || !loaded.manifest || !loaded.game)
    throw new InputError(
      `${packDir} is not a valid match pack: ${loaded.diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => `${d.file}${d.pointer} ${d.message}`)
        .join("; ")}`,
    );
  if (options.anonymise !== undefined) throw new InputError("--anonymise is for puzzle packs");
  if (options.observation === "image")
    throw new InputError("a match session gives text or json observations");
  const seat = wholeOption("--seat", options.seat, 1);
  const seatCount = wholeOption("--seats", options.seats, 1);
  const seed = wholeOption("--seed", options.seed, 0);
  try {
    return new agent.MatchAgentSession(
      {
        manifest: loaded.manifest,
        game: loaded.game,
        ...(loaded.theme ? { theme: loaded.theme } : {}),
        ...(loaded.levels ? { levels: loaded.levels } : {}),
      },
      {
        ...(options.level === undefined ? {} : { level: options.level }),
        ...(seat === undefined ? {} : { seat: seat - 1 }),
        ...(seatCount === undefined ? {} : { seatCount }),
        ...(seed === undefined ? {} : { seed }),
        ...(options.opponent === undefined ? {} : { opponent: options.opponent }),
        observation: options.observation,
        ...(transcript ? { onEntry: (entry) => transcript.write(`${JSON.stringify(entry)}\n`) } : {}),
      },
    );
  } catch (error) {
    throw new InputError(error instanceof Error ? error.message : String(error));
  }
}

/** The seed of `--anonymise [seed]` (0 when none is given), or `null` when the option is absent. */
function anonymiseSeed(option: string | true | undefined): number | null {
  if (option === undefined) return null;
  if (option === true) return 0;
  const seed = Number(option);
  if (!Number.isSafeInteger(seed))
    throw new InputError(`--anonymise takes an integer seed, not ${JSON.stringify(option)}`);
  return seed;
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

/** Draws a pack's boards as PNG, with its sprites when it is a folder (a zip's are not unpacked). */
async function imagesOf({ node }: AgentModules, packDir: string, pack: Pack) {
  return isZipName(packDir) ? { image: node.pngRenderer() } : node.folderImages(packDir, pack);
}

/** A session on a pack as the options say, its transcript streamed to a new file when one is named. */
async function openSession(
  ctx: CliContext,
  modules: AgentModules,
  packDir: string,
  options: ServeOptions,
): Promise<{ session: AgentSession | MatchAgentSession; close: () => Promise<void> }> {
  if (!isZipName(packDir) && (await isMatchPackFolder(packDir))) {
    const transcript = options.transcript ? await openTranscript(options.transcript) : null;
    const session = await openMatchSession(modules, packDir, options, transcript);
    const close = async () => {
      if (transcript) await new Promise<void>((resolve) => transcript.end(resolve));
    };
    return { session, close };
  }
  const pack = await loadPlayablePack(packDir, ctx.registry);
  if (options.level !== undefined) requireLevel(pack, options.level);
  const transcript = options.transcript ? await openTranscript(options.transcript) : null;
  const seed = anonymiseSeed(options.anonymise);
  const session = new modules.agent.AgentSession(pack, {
    ...(options.level === undefined ? {} : { level: options.level }),
    ...(seed === null ? {} : { aliases: modules.agent.makeAliases(pack, seed) }),
    observation: options.observation,
    ...(await imagesOf(modules, packDir, pack)),
    ...(transcript ? { onEntry: (entry) => transcript.write(`${JSON.stringify(entry)}\n`) } : {}),
  });
  const close = async () => {
    if (transcript) await new Promise<void>((resolve) => transcript.end(resolve));
  };
  return { session, close };
}

async function runServe(ctx: CliContext, packDir: string, options: ServeOptions): Promise<void> {
  const modules = await loadAgent();
  const { session, close } = await openSession(ctx, modules, packDir, options);
  const out = ctx.io.stdout;
  try {
    await modules.node.serveLines(session, ctx.io.stdin, (line) => whenDrained(out, out.write(line)));
  } finally {
    await close();
  }
}

async function runMcp(ctx: CliContext, packDir: string, options: ServeOptions): Promise<void> {
  const modules = await loadAgent();
  const { session, close } = await openSession(ctx, modules, packDir, options);
  const sink = ctx.io.stdout;
  // The transport writes to a stream; the command's stdout is whatever sink it was given.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      void whenDrained(sink, sink.write(String(chunk))).then(() => done());
    },
  });
  try {
    await modules.node.serveMcp(session, ctx.io.stdin, output, cliVersion());
  } finally {
    await close();
  }
}

interface RunOptions {
  agent: string;
  seed: string;
  budget: string;
  timeLimit: string;
  observation?: ObservationForm;
  out: string;
  anonymise?: boolean;
  session: "fresh" | "long";
  catalog: boolean;
  catalogBase: string;
}

function positiveNumber(text: string, what: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0)
    throw new InputError(`${what} must be a positive number, not ${JSON.stringify(text)}`);
  return n;
}

/** An output folder that is new or empty: a run never mixes its files with, or replaces, others'. */
async function emptyFolder(path: string): Promise<void> {
  let entries: string[] = [];
  try {
    entries = await readdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw refusedPath("read", path, error);
  }
  if (entries.length > 0)
    throw new InputError(`${path} is not empty: give a new folder for the run's report`);
  await mkdir(path, { recursive: true });
}

function percent(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}

async function runAgents(ctx: CliContext, packArgs: string[], options: RunOptions): Promise<void> {
  const modules = await loadAgent();
  const { agent, node } = modules;
  const seed = Math.trunc(Number(options.seed));
  if (!Number.isSafeInteger(seed))
    throw new InputError(`--seed must be an integer, not ${JSON.stringify(options.seed)}`);
  const budgetFactor = positiveNumber(options.budget, "--budget");
  const timeLimitMs = positiveNumber(options.timeLimit, "--time-limit") * 1000;
  const builtIn = agent.BASELINES[options.agent];
  if (builtIn && options.session === "long")
    throw new InputError(
      `--session long is for a command agent: the built-in ${options.agent} agent keeps nothing between levels`,
    );
  const long =
    !builtIn && options.session === "long"
      ? node.longExternalAgent(options.agent, seed, { timeLimitMs })
      : null;
  const play: Player = builtIn
    ? agent.inProcess(builtIn())
    : (long?.play ?? node.externalAgent(options.agent, { timeLimitMs }));
  // The greedy baseline reads goal progress from JSON; a program reads what it is given (text by default).
  const observation = options.observation ?? (builtIn ? "json" : "text");
  const folders = (await Promise.all(packArgs.map((p) => findPackFolders(p)))).flat();
  const played: PlayedPack[] = [];
  for (const folder of folders)
    played.push({
      name: basename(resolve(folder)),
      folder,
      pack: await loadPlayablePack(folder, ctx.registry),
    });
  const out = resolve(options.out);
  await emptyFolder(out);
  const lines: FinalLines = new Map();
  let report: Report;
  try {
    report = await agent.runHarness(played, {
      agent: options.agent,
      play,
      seed,
      budgetFactor,
      observation,
      times: !builtIn,
      ...(options.anonymise ? { aliases: (pack: Pack) => agent.makeAliases(pack, seed) } : {}),
      images: (name) => {
        const entry = played.find((p) => p.name === name);
        return entry
          ? imagesOf(modules, entry.folder, entry.pack)
          : Promise.resolve({ image: node.pngRenderer() });
      },
      onAttempt: async (pack, score, transcript, line) => {
        const byLevel = lines.get(pack) ?? new Map();
        lines.set(pack, byLevel.set(score.level, line));
        const relative = join("transcripts", pack, `${score.level}.jsonl`);
        await mkdir(join(out, "transcripts", pack), { recursive: true });
        await writeWhole(join(out, relative), transcript.map((e) => `${JSON.stringify(e)}\n`).join(""));
        if (!ctx.json)
          printLine(
            ctx,
            `${pack}/${score.level}: ${score.solved ? ctx.colors.green("solved") : ctx.colors.red(score.ending.replaceAll("_", " "))} in ${score.moves} (reference ${score.reference.length}${score.reference.kind === "gold" ? ", gold path" : ""})`,
          );
        return relative.split("\\").join("/");
      },
    });
  } finally {
    await long?.close();
  }
  const replays = await withReplays(ctx, out, report, played, lines, {
    catalog: options.catalog,
    base: options.catalogBase,
  });
  report = replays.report;
  await writeWhole(join(out, "report.html"), await node.reportHtml(report));
  await writeWhole(join(out, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  if (ctx.json) {
    printLine(ctx, jsonText(report));
    return;
  }
  for (const pack of report.packs)
    printLine(
      ctx,
      `${pack.pack}: ${pack.solved}/${pack.levels} solved (${percent(pack.solveRate)}), efficiency ${pack.efficiency.toFixed(3)}, score ${pack.score.toFixed(3)}`,
    );
  const all = report.overall;
  printLine(
    ctx,
    ctx.colors.bold(
      `overall: ${all.solved}/${all.levels} solved (${percent(all.solveRate)}), efficiency ${all.efficiency.toFixed(3)}, score ${all.score.toFixed(3)}; actions accepted ${all.counts.accepted}, refused ${all.counts.refused}, malformed ${all.counts.malformed}`,
    ),
  );
  printLine(ctx, `report: ${join(out, "report.html")} (and report.json)`);
  if (replays.catalog === "built")
    printLine(
      ctx,
      `replays: serve ${out} over HTTP (python3 -m http.server -d ${JSON.stringify(out)}) and follow the report's links into ${CATALOG_FOLDER}/`,
    );
  else if (replays.catalog === "missing")
    printLine(
      ctx,
      "replays: none, @gridponder/catalog is not installed beside the CLI to build the catalog they open in",
    );
}

/** The options `serve` and `mcp` share. */
function sessionOptions(command: Command): Command {
  return command
    .argument("<pack>", "pack folder (or .zip)")
    .option("--level <id>", "the level to begin on (the pack's first by default)")
    .addOption(
      new Option("--observation <form>", "how the board is described")
        .choices([...OBSERVATION_FORM_NAMES])
        .default("text"),
    )
    .option("--transcript <file>", "also write every request and response to this new JSONL file")
    .option(
      "--anonymise [seed]",
      "replace the pack's words (kinds, actions, levels) with neutral aliases numbered by the seed, and leave out its prose and sprites",
    )
    .option("--seat <n>", "match packs: the seat the agent plays, from 1 (1 by default)")
    .option("--seats <n>", "match packs: how many seats play (the game's fewest by default)")
    .addOption(
      new Option(
        "--opponent <bot>",
        "match packs: the bot in the other seats (the strongest the game offers by default)",
      ).choices(["random", "alpha-beta", "mcts"]),
    )
    .option("--seed <n>", "match packs: the seed of shuffles and of the bots (1 by default)");
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

A match pack (a board or card game) is played the same way from one seat (--seat), the bots in the
others answering each move: actions are objects from legal_actions or their keys ("push@e2>e4"),
levels are start positions ("standard" first), and "status" may also be "drawn".

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
  agent
    .command("run")
    .description("play an agent on every level of some packs and score it against proven optima")
    .argument("<packs...>", "pack folders, or folders of packs")
    .requiredOption(
      "--agent <agent>",
      `a built-in agent (${BUILT_IN_AGENT_NAMES.join(", ")}) or a command to start for each level`,
    )
    .option("--seed <n>", "the seed of seeded agents, passed to commands as GRIDPONDER_SEED", "0")
    .option("--budget <factor>", "each level's move limit, as a multiple of its reference length", "3")
    .option("--time-limit <seconds>", "wall-clock limit of a command's attempt at one level", "60")
    .addOption(
      new Option(
        "--observation <form>",
        "how the board is described (json for built-ins, text for commands)",
      ).choices([...OBSERVATION_FORM_NAMES]),
    )
    .requiredOption(
      "--out <dir>",
      "a new or empty folder for report.html, report.json, the transcripts and the catalog",
    )
    .option("--anonymise", "replace each pack's words with aliases numbered by the seed (see agent serve)")
    .addOption(
      new Option(
        "--session <mode>",
        "a command agent's process: a fresh one per level, or one long session for every level",
      )
        .choices(["fresh", "long"])
        .default("fresh"),
    )
    .option(
      "--no-catalog",
      "do not build the catalog of the packs beside the report (the replay links open in it)",
    )
    .option(
      "--catalog-base <path>",
      "the URL path the catalog is served under: /catalog/ when the output folder is served at the site's root",
      "/catalog/",
    )
    .addHelpText(
      "after",
      `
A command agent is started through the shell for each level and speaks the protocol of
"gridponder agent serve" the other way round: it writes requests to its stdout and reads responses
on its stdin. It is told GRIDPONDER_PACK, GRIDPONDER_LEVEL, GRIDPONDER_SEED and GRIDPONDER_MOVE_LIMIT.
With --session long it is started once (GRIDPONDER_SESSION=long) and plays every level in turn: after
a response whose status is not "playing", its next request goes to the next level (send "start").

The output folder gets report.json, report.html (charts and a table of every attempt), a transcript
per attempt, and a catalog of the packs in catalog/, where each attempt's replay link opens.

A level's reference length is its optimum as the solver proves it (else its gold path's length).
Efficiency is reference / moves for a solved level (at most 1); a pack's score is the mean over its
levels, unsolved ones counting 0.

Examples:
  gridponder agent run packs --agent optimal --out runs/optimal
  gridponder agent run packs/lantern-cellar --agent "python3 my_agent.py" --out runs/mine
  gridponder agent run packs --agent "python3 my_agent.py" --session long --out runs/long`,
    )
    .action((packs: string[], options: RunOptions) => runAgents(ctx, packs, options));
}
