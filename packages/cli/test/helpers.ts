import { execFile, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, expect } from "vitest";
import { type CliIo, main } from "../src/index.js";

export const REPO = join(import.meta.dirname, "../../..");
export const LANTERN_CELLAR = join(REPO, "packs/lantern-cellar");
/** The conformance corpus (see "Tests" in the README): only `*.conformance.test.ts` files read it. */
export { CORPUS as CONFORMANCE } from "@gridponder/conformance-corpus";
export const BROKEN_FIXTURES = join(REPO, "packages/schema/test/fixtures/broken");
export const BIN = join(import.meta.dirname, "../dist/bin.js");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string;
  isTTY?: boolean;
  env?: Record<string, string | undefined>;
  stdout?: CliIo["stdout"];
}

/** Runs `gridponder <args>` in-process with string streams. */
export async function run(args: string[], options: RunOptions = {}): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: options.stdout ?? { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

/**
 * A terminal: stdin in raw mode and stdout a TTY, so `play` draws full screens in colour; `columns`
 * gives stdout a width, as Node's `tty.WriteStream` has.
 */
export function terminalIo(keys: string, columns?: number): { io: CliIo; output: () => string } {
  let out = "";
  const stdin = Object.assign(Readable.from([keys]), { isTTY: true, setRawMode: () => stdin });
  const write = (text: string) => (out += text);
  const stdout = columns === undefined ? { write } : { write, columns };
  return {
    io: {
      stdout,
      stderr: { write },
      stdin,
      isTTY: true,
      env: {},
    },
    output: () => out,
  };
}

/** Runs the built binary in a child process, writing `stdin` to it. */
export function runBin(args: string[], stdin = ""): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Runs the built binary without stdin, for commands that do not read it. */
export function execBin(args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr });
    });
  });
}

/** A fresh temporary folder, removed by the returned cleanup. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-cli-"));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A `scratch()` that makes a temporary folder, removed after each test of the calling file. */
export function useScratchDirs(): () => Promise<string> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  return async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    return dir;
  };
}

/** A copy of a pack in `dir` with one file's text edited, so the original is never touched. */
export async function editedCopy(
  dir: string,
  pack: string,
  file: string,
  edit: (text: string) => string,
): Promise<string> {
  const copy = join(dir, "pack");
  await cp(pack, copy, { recursive: true });
  const path = join(copy, file);
  const text = await readFile(path, "utf8");
  const edited = edit(text);
  expect(edited, `the edit changed nothing in ${file}`).not.toBe(text);
  await writeFile(path, edited);
  return copy;
}

/** Copies a broken schema fixture into `dir`, so the test never touches the original. */
export async function copyBrokenFixture(name: string, dir: string): Promise<string> {
  const target = join(dir, name);
  await cp(join(BROKEN_FIXTURES, name), target, { recursive: true });
  return target;
}

const ARROW_KEYS: Record<string, string> = {
  up: "\u001b[A",
  down: "\u001b[B",
  right: "\u001b[C",
  left: "\u001b[D",
};

/** The keys that play a list of cardinal moves. */
export function arrowKeys(moves: readonly string[]): string {
  return moves.map((m) => ARROW_KEYS[m] ?? "").join("");
}

/** A line of a JavaScript stack trace, such as `    at run (file:///…/x.js:12:5)`. */
export const STACK_FRAME = /^\s+at .*:\d+:\d+\)?$/m;
