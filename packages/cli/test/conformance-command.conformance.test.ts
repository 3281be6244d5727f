import { mkdir, readFile, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CONFORMANCE, execBin, run, STACK_FRAME, tempDir, useScratchDirs } from "./helpers.js";

const PACKS = join(CONFORMANCE, "packs");
const TRACES = join(CONFORMANCE, "traces");
const FUZZ_PACKS = join(CONFORMANCE, "fuzz/packs");
const FUZZ_TRACES = join(CONFORMANCE, "fuzz/traces");

const scratch = useScratchDirs();

interface TraceFile {
  pack: string;
  level: string;
  runs: Record<string, { eventTypes: string[][] } & Record<string, unknown>>;
}

/**
 * A packs folder and a traces folder holding one trace of the corpus, edited by `edit`: the pack is
 * the corpus pack itself (linked), the trace a copy.
 */
async function oneTrace(pack: string, level: string, edit: (trace: TraceFile) => void) {
  const dir = await scratch();
  const packs = join(dir, "packs");
  const traces = join(dir, "traces", pack);
  await mkdir(packs);
  await mkdir(traces, { recursive: true });
  await symlink(join(PACKS, pack), join(packs, pack));
  const trace = JSON.parse(
    gunzipSync(await readFile(join(TRACES, pack, `${level}.trace.json.gz`))).toString("utf8"),
  ) as TraceFile;
  edit(trace);
  await writeFile(join(traces, `${level}.trace.json`), JSON.stringify(trace));
  return { packs, traces: join(dir, "traces") };
}

/** Renames the gold run, so that the trace has none (as a fuzz trace has none). */
function withoutGold(trace: TraceFile): void {
  const { gold: _gold, ...walks } = trace.runs;
  trace.runs = walks;
}

/** The mutant form (fuzz/README.md): the gold path replayed as a walk, which need not win. */
function goldAsWalk(trace: TraceFile): void {
  const { gold, ...walks } = trace.runs;
  trace.runs = { ...walks, walk0: gold as TraceFile["runs"][string] };
}

describe("gridponder conformance", () => {
  it("passes every level of the conformance corpus", { timeout: 300_000 }, async () => {
    const { code, stdout } = await run(["conformance", PACKS, TRACES]);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.at(-1)).toBe("104 passed, 0 failed");
    expect(lines).toHaveLength(105);
    expect(lines[0]).toMatch(/^ok {3}\S+\/\S+: \d+\/\d+ runs match$/);
    expect(code).toBe(0);
  });

  it("reports levels as JSON with --json", { timeout: 300_000 }, async () => {
    const { code, stdout } = await run(["conformance", PACKS, TRACES, "--json"]);
    const report = JSON.parse(stdout);
    expect(report.passed).toBe(104);
    expect(report.failed).toBe(0);
    expect(report.levels).toHaveLength(104);
    expect(code).toBe(0);
  });

  it("exits 1 when a level fails, and prints the failure", async () => {
    // carrot_quest's traces replayed against a packs folder that lacks carrot_quest: every level fails.
    const { dir, cleanup } = await tempDir();
    try {
      await mkdir(join(dir, "packs"));
      await mkdir(join(dir, "traces"));
      await symlink(join(TRACES, "carrot_quest"), join(dir, "traces", "carrot_quest"));
      const { code, stdout } = await run(["conformance", join(dir, "packs"), join(dir, "traces")]);
      expect(code).toBe(1);
      expect(stdout).toMatch(
        /^FAIL carrot_quest\/fw_001: 0\/4 runs match\n {2}\*: error differs after loading\n/m,
      );
      expect(stdout).toMatch(/\n0 passed, [1-9]\d* failed\n$/);
    } finally {
      await cleanup();
    }
  });

  it("fails a level whose trace has no gold run, and says so", async () => {
    const { packs, traces } = await oneTrace("carrot_quest", "fw_001", withoutGold);
    const { code, stdout } = await run(["conformance", packs, traces]);
    expect(stdout).toBe(
      "FAIL carrot_quest/fw_001: 3/3 runs match\n" +
        "  gold: the trace has no gold run and no walk replays the gold path (--gold-optional judges states and event types alone)\n" +
        "0 passed, 1 failed\n",
    );
    expect(code).toBe(1);
    const json = JSON.parse((await run(["conformance", packs, traces, "--json"])).stdout);
    expect(json).toMatchObject({ requireGold: true, passed: 0, failed: 1 });
    expect(json.levels[0]).toMatchObject({ goldWon: null, passed: false });
  });

  it("passes a level without a gold run with --gold-optional", async () => {
    const { packs, traces } = await oneTrace("carrot_quest", "fw_001", withoutGold);
    const { code, stdout } = await run(["conformance", packs, traces, "--gold-optional"]);
    expect(stdout).toBe("ok   carrot_quest/fw_001: 3/3 runs match\n1 passed, 0 failed\n");
    expect(code).toBe(0);
  });

  it("passes a trace that replays the gold path as a walk, as a mutant's trace does", async () => {
    const { packs, traces } = await oneTrace("carrot_quest", "fw_001", goldAsWalk);
    const { code, stdout } = await run(["conformance", packs, traces]);
    expect(stdout).toBe("ok   carrot_quest/fw_001: 4/4 runs match\n1 passed, 0 failed\n");
    expect(code).toBe(0);
    const json = JSON.parse((await run(["conformance", packs, traces, "--gold-optional", "--json"])).stdout);
    expect(json).toMatchObject({ requireGold: false, passed: 1, failed: 0 });
  });

  it("fails a level whose event types differ, with or without --gold-optional", async () => {
    const { packs, traces } = await oneTrace("carrot_quest", "fw_001", (trace) => {
      const walk = trace.runs.walk1 as TraceFile["runs"][string];
      walk.eventTypes[0] = [...(walk.eventTypes[0] ?? []), "not_an_event"];
    });
    for (const extra of [[], ["--gold-optional"]]) {
      const { code, stdout } = await run(["conformance", packs, traces, ...extra]);
      expect(stdout).toMatch(
        /^FAIL carrot_quest\/fw_001: 4\/4 runs match\n {2}walk1: event types differ at step 0: expected \S*,not_an_event, got \S+\n0 passed, 1 failed\n$/,
      );
      expect(code).toBe(1);
    }
  });

  it("passes the fuzz corpus, whose traces replay each gold path as a walk, with or without --gold-optional", {
    timeout: 300_000,
  }, async () => {
    // Mutants keep a gold path that need not win, so their traces have no gold run (fuzz/README.md).
    const states = await run(["conformance", FUZZ_PACKS, FUZZ_TRACES, "--gold-optional"]);
    expect(states.stdout.trimEnd().split("\n").at(-1)).toMatch(/^([1-9]\d{2,}) passed, 0 failed$/);
    expect(states.code).toBe(0);
    const strict = await run(["conformance", FUZZ_PACKS, FUZZ_TRACES]);
    expect(strict.stdout.trimEnd().split("\n").at(-1)).toMatch(/^([1-9]\d{2,}) passed, 0 failed$/);
    expect(strict.code).toBe(0);
  });

  it("exits 2 when a folder is missing", async () => {
    const { code, stderr } = await run(["conformance", "/no/packs", TRACES]);
    expect(code).toBe(2);
    expect(stderr).toBe("gridponder: no such packs folder: /no/packs\n");
  });

  /** A traces folder for carrot_quest holding one file, `fw_001.trace.json(.gz)`, with these bytes. */
  async function badTrace(name: string, bytes: string | Buffer | null) {
    const { packs, traces } = await oneTrace("carrot_quest", "fw_001", () => {});
    const folder = join(traces, "carrot_quest");
    await rm(join(folder, "fw_001.trace.json"));
    if (bytes === null) await mkdir(join(folder, name));
    else await writeFile(join(folder, name), bytes);
    return { packs, traces, file: join(folder, name) };
  }

  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  const run0 = { actions: [], accepted: [], eventTypes: [], states: [{}] };

  it.each([
    ["not JSON", "fw_001.trace.json", "{", ": is not valid JSON: "],
    [
      "of the wrong shape",
      "fw_001.trace.json",
      '{"pack":"carrot_quest"}',
      ":/level: expected the level id (a string)",
    ],
    [
      "a run whose lists differ in length",
      "fw_001.trace.json",
      JSON.stringify({ pack: "p", level: "fw_001", runs: { gold: { ...run0, states: [] } } }),
      ":/runs/gold/states: expected one state more than actions (1)",
    ],
    [
      "nested 100,000 levels deep",
      "fw_001.trace.json",
      `{"pack":"p","level":"fw_001","runs":${deep(100_000)}}`,
      ":/runs/0/0/0",
    ],
    ["a folder", "fw_001.trace.json", null, ": is not a file"],
    ["not gzip", "fw_001.trace.json.gz", "plain text", ": is not valid gzip: "],
  ])("exits 2 on a trace file that is %s, naming the file", async (_what, name, bytes, message) => {
    const { packs, traces, file } = await badTrace(name, bytes);
    const { code, stdout, stderr } = await run(["conformance", packs, traces]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(`gridponder: ${file}${message}`);
    expect(stderr).not.toMatch(STACK_FRAME);
  });

  it("refuses a gzip bomb (40 MiB of zeros in 40 kB) with exit 2 instead of running out of memory", async () => {
    const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const { packs, traces, file } = await badTrace("fw_001.trace.json.gz", bomb);
    const { code, stdout, stderr } = await execBin(["conformance", packs, traces]);
    expect(stderr).toBe(`gridponder: ${file}: decompresses to more than 32 MiB\n`);
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });

  it("refuses a trace file over 32 MiB without reading it", async () => {
    const { packs, traces, file } = await badTrace("fw_001.trace.json", "");
    await truncate(file, 33 * 1024 * 1024);
    const { code, stderr } = await run(["conformance", packs, traces]);
    expect(stderr).toBe(`gridponder: ${file}: is larger than 32 MiB (34603008 bytes)\n`);
    expect(code).toBe(2);
  });

  it("exits 2 when the traces folder holds no trace (the folders swapped)", async () => {
    const { code, stdout, stderr } = await run(["conformance", TRACES, PACKS]);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `gridponder: no trace files in ${PACKS} (expected <pack>/<level>.trace.json or .trace.json.gz)\n`,
    );
    expect(code).toBe(2);
  });

  it("skips files beside the pack folders of a traces folder", async () => {
    const { packs, traces } = await oneTrace("carrot_quest", "fw_001", () => {});
    await writeFile(join(traces, "README.md"), "# traces\n");
    const { code, stdout } = await run(["conformance", packs, traces]);
    expect(stdout).toBe("ok   carrot_quest/fw_001: 4/4 runs match\n1 passed, 0 failed\n");
    expect(code).toBe(0);
  });
});
