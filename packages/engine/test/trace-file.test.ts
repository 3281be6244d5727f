import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_TRACE_BYTES, readTrace, runConformance, TraceFileError } from "../src/node.js";

const folders: string[] = [];
afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function traceFile(name: string, bytes: string | Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-trace-"));
  folders.push(dir);
  await writeFile(join(dir, name), bytes);
  return join(dir, name);
}

async function refusal(path: string): Promise<TraceFileError> {
  const error = await readTrace(path).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TraceFileError);
  return error as TraceFileError;
}

describe("readTrace", () => {
  it("reads a gzip'd trace", async () => {
    const run = {
      actions: [{ action: "move", direction: "up" }],
      accepted: [true],
      eventTypes: [[]],
      states: [{}, {}],
    };
    const path = await traceFile(
      "a.trace.json.gz",
      gzipSync(JSON.stringify({ pack: "p", level: "l1", runs: { gold: run } })),
    );
    const trace = await readTrace(path);
    expect(trace.level).toBe("l1");
    expect(trace.runs.gold?.actions).toEqual([{ action: "move", direction: "up" }]);
  });

  it("stops decompressing at MAX_TRACE_BYTES, so a gzip bomb cannot exhaust memory", async () => {
    const path = await traceFile("bomb.trace.json.gz", gzipSync(Buffer.alloc(MAX_TRACE_BYTES + 1)));
    const error = await refusal(path);
    expect(error.file).toBe(path);
    expect(error.reason).toBe("decompresses to more than 32 MiB");
  });

  it("names the pointer of a value of the wrong shape", async () => {
    const run = { actions: [{ action: "move" }], accepted: ["yes"], eventTypes: [[]], states: [{}, {}] };
    const path = await traceFile("x.trace.json", JSON.stringify({ pack: "p", level: "l", runs: { a: run } }));
    const error = await refusal(path);
    expect(error.pointer).toBe("/runs/a/accepted/0");
    expect(error.message).toBe(`${path}:/runs/a/accepted/0: expected an array of booleans`);
  });

  it("makes runConformance reject with the file at fault", async () => {
    const dir = await mkdtemp(join(tmpdir(), "gridponder-traces-"));
    folders.push(dir);
    await writeFile(join(dir, "README.md"), "not a pack folder, skipped");
    await mkdir(join(dir, "carrot_quest"));
    await writeFile(join(dir, "carrot_quest/fw_001.trace.json"), "[]");
    const error = await runConformance(join(dir, "no-packs"), dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TraceFileError);
    expect((error as TraceFileError).message).toBe(
      `${join(dir, "carrot_quest/fw_001.trace.json")}: expected an object with pack, level and runs`,
    );
  });
});
