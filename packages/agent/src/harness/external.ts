/**
 * An agent that is a program: the harness starts its command for each level (through the shell, so
 * any language and any arguments), reads its requests from the program's stdout, one per line, and
 * writes each response to its stdin. The program learns the level from the first response it asks
 * for (`start` or `observe`) and from the environment: `GRIDPONDER_PACK`, `GRIDPONDER_LEVEL`,
 * `GRIDPONDER_SEED`, `GRIDPONDER_MOVE_LIMIT`. The attempt ends when the level is over (the program's
 * input is then closed and it gets a moment to exit), when the program exits, or when the wall-clock
 * budget runs out (it is then killed).
 * @module
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Player } from "./run.js";
import type { Ending } from "./score.js";

export interface ExternalAgentOptions {
  /** Wall-clock budget of one attempt. Default 60 s. */
  readonly timeLimitMs?: number;
  /** How long a program may take to exit after its level is over. Default 2 s. */
  readonly graceMs?: number;
  /** Where the program's stderr goes (the harness's own by default; `ignore` drops it). */
  readonly stderr?: "inherit" | "ignore";
  readonly cwd?: string;
}

export function externalAgent(command: string, options: ExternalAgentOptions = {}): Player {
  const timeLimitMs = options.timeLimitMs ?? 60_000;
  const graceMs = options.graceMs ?? 2_000;
  return (session, { packName, shownLevel, seed, moveLimit }) =>
    new Promise<Ending | null>((resolve, reject) => {
      const child = spawn(command, {
        shell: true,
        // Its own process group, so that killing it reaches what the shell started too.
        detached: true,
        stdio: ["pipe", "pipe", options.stderr ?? "inherit"],
        ...(options.cwd ? { cwd: options.cwd } : {}),
        env: {
          ...process.env,
          GRIDPONDER_PACK: packName,
          GRIDPONDER_LEVEL: shownLevel,
          GRIDPONDER_SEED: String(seed),
          GRIDPONDER_MOVE_LIMIT: String(moveLimit),
        },
      });
      let stopped: Ending | null = null;
      let over = false;
      const kill = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      };
      const timer = setTimeout(() => {
        stopped = "time_limit";
        kill();
      }, timeLimitMs);
      const finish = () => {
        if (over) return;
        over = true;
        child.stdin.end();
        setTimeout(kill, graceMs).unref();
      };
      // A program that exits early leaves its stdin closed: writes to it must not fail the run.
      child.stdin.on("error", () => undefined);
      const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
      lines.on("line", (line) => {
        if (over || line.trim() === "") return;
        const response = session.handleLine(line);
        child.stdin.write(`${JSON.stringify(response)}\n`);
        if (response.status !== "playing") finish();
      });
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on("close", () => {
        clearTimeout(timer);
        lines.close();
        resolve(stopped);
      });
    });
}
