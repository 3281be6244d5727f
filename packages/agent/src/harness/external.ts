/**
 * An agent that is a program: the harness starts its command (through the shell, so any language and
 * any arguments), reads its requests from the program's stdout, one per line, and writes each
 * response to its stdin.
 *
 * - **Fresh** (`externalAgent`): a new process for each level. The program learns the level from the
 *   first response it asks for (`start` or `observe`) and from the environment: `GRIDPONDER_PACK`,
 *   `GRIDPONDER_LEVEL`, `GRIDPONDER_SEED`, `GRIDPONDER_MOVE_LIMIT`. The attempt ends when the level is
 *   over (the program's input is then closed and it gets a moment to exit), when the program exits,
 *   or when the wall-clock budget runs out (it is then killed).
 * - **Long** (`longExternalAgent`): one process plays every level in turn, so it can carry what it
 *   learnt from one level to the next. After a response whose `status` is not `playing`, its next
 *   request is answered by the next level's session (a `start` gives that level's rules); every
 *   response names its `level`. Its environment has `GRIDPONDER_SESSION=long` and the seed. Its input
 *   is closed after the last level. A program that exits, or overruns an attempt's wall-clock budget
 *   (it is then killed), is started again for the next level.
 * @module
 */
import { type ChildProcessByStdio, spawn } from "node:child_process";
import { createInterface, type Interface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { AgentSession } from "../agent-session.js";
import type { Player } from "./run.js";
import type { Ending } from "./score.js";

export interface ExternalAgentOptions {
  /** Wall-clock budget of one attempt. Default 60 s. */
  readonly timeLimitMs?: number;
  /** How long a program may take to exit after its input is closed. Default 2 s. */
  readonly graceMs?: number;
  /** Where the program's stderr goes (the harness's own by default; `ignore` drops it). */
  readonly stderr?: "inherit" | "ignore";
  readonly cwd?: string;
}

/** A started program: its request lines, and how to end it. */
interface Program {
  readonly child: ChildProcessByStdio<Writable, Readable, Readable | null>;
  readonly lines: Interface;
  /** Kills the program and everything it started. */
  readonly kill: () => void;
  /** Closes the program's input, then kills it if it has not exited after the grace period. */
  readonly finish: () => void;
  readonly exited: Promise<void>;
}

function start(command: string, env: Record<string, string>, options: ExternalAgentOptions): Program {
  const child = spawn(command, {
    shell: true,
    // Its own process group, so that killing it reaches what the shell started too.
    detached: true,
    stdio: ["pipe", "pipe", options.stderr ?? "inherit"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...env },
  });
  const kill = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  // A program that exits early leaves its stdin closed: writes to it must not fail the run.
  child.stdin.on("error", () => undefined);
  const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  void exited.then(() => lines.close());
  const finish = () => {
    child.stdin.end();
    setTimeout(kill, options.graceMs ?? 2_000).unref();
  };
  return { child, lines, kill, finish, exited };
}

/** Answers one request line from `session`; whether the level is then over. */
function answer(program: Program, session: AgentSession, line: string): boolean {
  const response = session.handleLine(line);
  program.child.stdin.write(`${JSON.stringify(response)}\n`);
  return response.status !== "playing";
}

/** A program started afresh for each level. */
export function externalAgent(command: string, options: ExternalAgentOptions = {}): Player {
  const timeLimitMs = options.timeLimitMs ?? 60_000;
  return (session, { packName, shownLevel, seed, moveLimit }) =>
    new Promise<Ending | null>((resolve, reject) => {
      const program = start(
        command,
        {
          GRIDPONDER_PACK: packName,
          GRIDPONDER_LEVEL: shownLevel,
          GRIDPONDER_SEED: String(seed),
          GRIDPONDER_MOVE_LIMIT: String(moveLimit),
        },
        options,
      );
      let stopped: Ending | null = null;
      let over = false;
      const timer = setTimeout(() => {
        stopped = "time_limit";
        program.kill();
      }, timeLimitMs);
      program.lines.on("line", (line) => {
        if (over || line.trim() === "") return;
        if (answer(program, session, line)) {
          over = true;
          program.finish();
        }
      });
      program.child.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      void program.exited.then(() => {
        clearTimeout(timer);
        resolve(stopped);
      });
    });
}

/** An attempt of a long session: what it does with a request, the program's exit, and its failure to start. */
interface Attempt {
  readonly line: (from: Program, line: string) => void;
  readonly exited: () => void;
  readonly fail: (error: Error) => void;
}

/** A long-session agent: its player, and `close`, which ends the program after the last level. */
export interface LongExternalAgent {
  readonly play: Player;
  readonly close: () => Promise<void>;
}

/** One program for every level, in turn (see the module's notes). */
export function longExternalAgent(
  command: string,
  seed: number,
  options: ExternalAgentOptions = {},
): LongExternalAgent {
  const timeLimitMs = options.timeLimitMs ?? 60_000;
  let program: Program | null = null;
  /** Request lines that arrived while no attempt was under way: the next attempt answers them. */
  let waiting: string[] = [];
  /** The attempt under way. */
  let current: Attempt | null = null;

  const running = (): Program => {
    if (program !== null) return program;
    const started = start(command, { GRIDPONDER_SESSION: "long", GRIDPONDER_SEED: String(seed) }, options);
    program = started;
    started.lines.on("line", (line) => {
      // A program killed for overrunning may still have lines in flight: they are no one's.
      if (program !== started || line.trim() === "") return;
      if (current === null) waiting.push(line);
      else current.line(started, line);
    });
    started.child.on("error", (error) => current?.fail(error));
    void started.exited.then(() => {
      if (program !== started) return;
      program = null;
      waiting = [];
      current?.exited();
    });
    return started;
  };

  const play: Player = (session) =>
    new Promise<Ending | null>((resolve, reject) => {
      let answered = 0;
      let restarted = false;
      const timer = setTimeout(() => {
        // A program that overran is killed; the next level starts it again.
        const overran = program;
        program = null;
        waiting = [];
        end("time_limit");
        overran?.kill();
      }, timeLimitMs);
      const settle = () => {
        if (current !== attempt) return false;
        clearTimeout(timer);
        current = null;
        return true;
      };
      const end = (ending: Ending | null) => {
        if (settle()) resolve(ending);
      };
      const attempt: Attempt = {
        line: (from, line) => {
          answered++;
          if (answer(from, session, line)) end(null);
        },
        // A program that left once its last level was over had not heard of this one: it is started
        // again for it (once: one that leaves without a word ends the attempt).
        exited: () => {
          if (answered > 0 || restarted) end(null);
          else {
            restarted = true;
            running();
          }
        },
        fail: (error) => {
          if (settle()) reject(error);
        },
      };
      current = attempt;
      const from = running();
      const queued = waiting;
      waiting = [];
      for (const line of queued) {
        // The level may end part-way through what was queued: the rest is the next level's.
        if (current === attempt) attempt.line(from, line);
        else waiting.push(line);
      }
    });

  const close = async () => {
    const p = program;
    if (p === null) return;
    p.finish();
    await p.exited;
  };
  return { play, close };
}
