/**
 * Reading conformance trace files safely: every way a file can be wrong (unreadable, a folder, too
 * large, a gzip bomb, not JSON, nested too deeply, not a trace) becomes a {@link TraceFileError} naming
 * the file and, for a value of the wrong shape, its JSON pointer.
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { findTooDeep, MAX_NESTING, pointerOf } from "@gridponder/schema";
import type { Trace } from "./conformance.js";

/**
 * The most bytes a trace file may hold, compressed or once decompressed: 32 MiB. The largest trace
 * recorded so far decompresses to 0.7 MB; the cap keeps a gzip bomb (2 MB that decompress to 4 GB)
 * from exhausting memory.
 */
export const MAX_TRACE_BYTES = 32 * 1024 * 1024;

/** A trace file that cannot be read as a trace. */
export class TraceFileError extends Error {
  constructor(
    readonly file: string,
    /** The JSON pointer of the value at fault; `""` for the whole file. */
    readonly pointer: string,
    readonly reason: string,
  ) {
    super(`${file}${pointer === "" ? "" : `:${pointer}`}: ${reason}`);
    this.name = "TraceFileError";
  }
}

const MIB = 1024 * 1024;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function bytesOf(path: string): Promise<Buffer> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    throw new TraceFileError(path, "", `cannot be read: ${reasonOf(error)}`);
  }
  if (!info.isFile())
    throw new TraceFileError(
      path,
      "",
      "is not a file (a trace file is <level>.trace.json or .trace.json.gz)",
    );
  if (info.size > MAX_TRACE_BYTES)
    throw new TraceFileError(path, "", `is larger than ${MAX_TRACE_BYTES / MIB} MiB (${info.size} bytes)`);
  try {
    return await readFile(path);
  } catch (error) {
    throw new TraceFileError(path, "", `cannot be read: ${reasonOf(error)}`);
  }
}

function textOf(path: string, bytes: Buffer): string {
  if (!path.endsWith(".gz")) return bytes.toString("utf8");
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_TRACE_BYTES }).toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      throw new TraceFileError(path, "", `decompresses to more than ${MAX_TRACE_BYTES / MIB} MiB`);
    throw new TraceFileError(path, "", `is not valid gzip: ${reasonOf(error)}`);
  }
}

type Problem = { pointer: (string | number)[]; expected: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

function arrayProblem(
  value: unknown,
  at: (string | number)[],
  expected: string,
  item: (v: unknown) => boolean,
): Problem | null {
  if (!Array.isArray(value)) return { pointer: at, expected };
  const bad = value.findIndex((v) => !item(v));
  return bad === -1 ? null : { pointer: [...at, bad], expected };
}

/** What is wrong with one run, if anything: its four lists, of matching lengths. */
function runProblem(run: unknown, at: (string | number)[]): Problem | null {
  if (!isObject(run))
    return { pointer: at, expected: "a run: an object with actions, accepted, eventTypes, states" };
  const problem =
    arrayProblem(
      run.actions,
      [...at, "actions"],
      "an array of actions",
      (a) => isObject(a) || typeof a === "string",
    ) ??
    arrayProblem(run.accepted, [...at, "accepted"], "an array of booleans", (a) => typeof a === "boolean") ??
    arrayProblem(
      run.eventTypes,
      [...at, "eventTypes"],
      "an array of arrays of event type names",
      (e) => Array.isArray(e) && e.every((t) => typeof t === "string"),
    ) ??
    arrayProblem(run.states, [...at, "states"], "an array of canonical states (objects)", isObject);
  if (problem) return problem;
  const actions = (run.actions as unknown[]).length;
  if ((run.accepted as unknown[]).length !== actions)
    return { pointer: [...at, "accepted"], expected: `one entry per action (${actions})` };
  if ((run.eventTypes as unknown[]).length !== actions)
    return { pointer: [...at, "eventTypes"], expected: `one entry per action (${actions})` };
  if ((run.states as unknown[]).length !== actions + 1)
    return { pointer: [...at, "states"], expected: `one state more than actions (${actions + 1})` };
  return null;
}

/** What is wrong with a parsed trace, if anything (the format of the conformance corpus's README). */
function traceProblem(value: unknown): Problem | null {
  if (!isObject(value)) return { pointer: [], expected: "an object with pack, level and runs" };
  if (typeof value.pack !== "string") return { pointer: ["pack"], expected: "the pack's name (a string)" };
  if (typeof value.level !== "string") return { pointer: ["level"], expected: "the level id (a string)" };
  if (!isObject(value.runs)) return { pointer: ["runs"], expected: "an object of runs by name" };
  for (const [name, run] of Object.entries(value.runs)) {
    const problem = runProblem(run, ["runs", name]);
    if (problem) return problem;
  }
  return null;
}

/**
 * Reads a trace file (`.trace.json`, or gzip'd `.trace.json.gz`) and checks it has the shape of a
 * trace, refusing files over {@link MAX_TRACE_BYTES} and JSON nested deeper than pack files may be.
 * Throws a {@link TraceFileError} for anything else.
 */
export async function readTrace(path: string): Promise<Trace> {
  const text = textOf(path, await bytesOf(path));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TraceFileError(path, "", `is not valid JSON: ${reasonOf(error)}`);
  }
  const deep = findTooDeep(value);
  if (deep !== undefined) throw new TraceFileError(path, deep, `nested more than ${MAX_NESTING} levels deep`);
  const problem = traceProblem(value);
  if (problem) throw new TraceFileError(path, pointerOf(...problem.pointer), `expected ${problem.expected}`);
  return value as Trace;
}
