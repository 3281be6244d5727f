import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();
const HEAP_SCRIPT = join(import.meta.dirname, "fixtures/trace-heap.mjs");
// Just under the schema's cap on a gold path's length (10,000 actions), with the level's own moves.
const STEPS = 9_900;

/** A starter pack whose first level's gold path walks right and left `STEPS` times before its moves. */
async function longGoldPath(): Promise<string> {
  const pack = join(await scratch(), "long");
  expect((await run(["new", pack])).code).toBe(0);
  const file = join(pack, "levels/first_steps.json");
  const level = JSON.parse(await readFile(file, "utf8"));
  const detour = Array.from({ length: STEPS }, (_, i) => (i % 2 === 0 ? "right" : "left"));
  level.solution.goldPath = [...detour, ...level.solution.goldPath];
  level.solution.hintStops = [];
  await writeFile(file, JSON.stringify(level));
  return pack;
}

interface Peak {
  code: number;
  writes: number;
  peak: number;
}

/** The heap in use (bytes, after a full collection) while tracing each level, from the built CLI. */
function tracePeaks(pack: string, json: boolean, levels: string[]): Promise<Record<string, Peak>> {
  const args = ["--expose-gc", HEAP_SCRIPT, pack, json ? "--json" : "plain", ...levels];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

// A trace of millions of steps must not hold them: its memory is measured in bytes, not in time, by
// comparing the heap while tracing a 5-step level with the heap while tracing a 9,900-step one in
// the same process. Holding the steps for one JSON array, or a session's undo history, costs tens
// of megabytes here (about 90 MB for 20,000 steps before the fix, so about 45 MB for these).
describe("gridponder trace in constant memory", () => {
  it.each([
    ["--json", true],
    ["text", false],
  ])("streams a 9,900-step gold path (%s) without holding its steps", async (_name, json) => {
    const pack = await longGoldPath();
    const peaks = await tracePeaks(pack, json, ["into_place", "first_steps"]);
    const short = peaks.into_place as Peak;
    const long = peaks.first_steps as Peak;
    expect(short.code).toBe(0);
    expect(long.code).toBe(0);
    // Streamed: a write per step, not one at the end.
    expect(long.writes).toBeGreaterThan(STEPS);
    expect(long.peak - short.peak).toBeLessThan(16 * 1024 * 1024);
  });
});
