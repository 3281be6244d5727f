import { join } from "node:path";
import type { Pack } from "@gridponder/engine";
import { ownPack, puzzlePackNames } from "@gridponder/test-corpus";
import { beforeAll, describe, expect, it } from "vitest";
import {
  efficiencyOf,
  greedyAgent,
  inProcess,
  type LevelScore,
  optimalAgent,
  type Report,
  randomAgent,
  runHarness,
  totalsOf,
} from "../src/index.js";
import { externalAgent, longExternalAgent } from "../src/node.js";

const NAMES = puzzlePackNames();
let packs: { name: string; pack: Pack }[] = [];

beforeAll(async () => {
  packs = await Promise.all(NAMES.map(async (name) => ({ name, pack: (await ownPack(name)).pack })));
});

/** A report without its times, which differ between runs. */
function timeless(report: Report): unknown {
  return JSON.parse(JSON.stringify(report, (key, value) => (key === "timeMs" ? undefined : value)));
}

describe("scores", () => {
  it("rate a solved level by its reference length over the moves it took, at most 1", () => {
    const optimum = { length: 10, kind: "optimum" } as const;
    expect(efficiencyOf(true, 10, optimum)).toBe(1);
    expect(efficiencyOf(true, 20, optimum)).toBe(0.5);
    expect(efficiencyOf(false, 10, optimum)).toBe(0);
    // Shorter than a gold path that is not proven optimal: still 1.
    expect(efficiencyOf(true, 8, { length: 10, kind: "gold" })).toBe(1);
  });

  it("sum up as solve rate, efficiency of the solved levels and the score over all", () => {
    const level = (solved: boolean, efficiency: number): LevelScore => ({
      level: "x",
      title: "x",
      solved,
      ending: solved ? "won" : "lost",
      moves: 1,
      reference: { length: 1, kind: "optimum" },
      moveLimit: 3,
      efficiency,
      timeMs: 5,
      counts: { accepted: 2, refused: 1, malformed: 0 },
    });
    const totals = totalsOf([level(true, 1), level(true, 0.5), level(false, 0), level(false, 0)]);
    expect(totals).toMatchObject({
      levels: 4,
      solved: 2,
      solveRate: 0.5,
      efficiency: 0.75,
      score: 0.375,
      timeMs: 20,
    });
    expect(totals.counts).toEqual({ accepted: 8, refused: 4, malformed: 0 });
  });
});

describe("the harness", () => {
  it("scores the optimal agent 100 % solved at efficiency 1 on every level of packs/", async () => {
    const report = await runHarness(packs, {
      agent: "optimal",
      play: inProcess(optimalAgent()),
      times: false,
    });
    expect(report.overall.levels).toBeGreaterThanOrEqual(70);
    expect(report.overall).toMatchObject({ solveRate: 1, efficiency: 1, score: 1 });
    expect(report.overall.counts.refused + report.overall.counts.malformed).toBe(0);
    for (const pack of report.packs)
      for (const level of pack.levelScores) {
        expect(level.reference.kind, `${pack.pack}/${level.level}`).toBe("optimum");
        expect(level.moves).toBe(level.reference.length);
      }
  });

  it("plays the seeded random agent on every level of packs/, the same way twice", async () => {
    const run = () =>
      runHarness(packs, {
        agent: "random",
        play: inProcess(randomAgent),
        seed: 7,
        times: false,
        observation: "json",
      });
    const first = await run();
    expect(first.overall.levels).toBeGreaterThanOrEqual(70);
    expect(first.overall.counts.accepted).toBeGreaterThan(first.overall.levels);
    for (const level of first.packs.flatMap((p) => p.levelScores)) {
      // Random play ends by winning, losing or running out of moves; never past the limit.
      expect(["won", "lost", "out_of_moves"]).toContain(level.ending);
      expect(level.moves).toBeLessThanOrEqual(level.moveLimit);
    }
    expect(timeless(await run())).toEqual(timeless(first));
    const other = await runHarness(packs.slice(0, 2), {
      agent: "random",
      play: inProcess(randomAgent),
      seed: 8,
      times: false,
    });
    expect(timeless(other)).not.toEqual(timeless({ ...first, packs: first.packs.slice(0, 2) }));
  });

  it("plays the greedy agent, which follows goal progress, and writes each attempt's transcript", async () => {
    const transcripts = new Map<string, number>();
    const report = await runHarness(packs.slice(0, 3), {
      agent: "greedy",
      play: inProcess(greedyAgent),
      observation: "json",
      times: false,
      onAttempt: (pack, score, transcript) => {
        transcripts.set(`${pack}/${score.level}`, transcript.length);
        return `transcripts/${pack}/${score.level}.jsonl`;
      },
    });
    const levels = report.packs.flatMap((p) => p.levelScores);
    expect(transcripts.size).toBe(levels.length);
    for (const level of levels) expect(level.transcript).toMatch(/^transcripts\/.+\.jsonl$/);
    expect(report.overall.solved).toBeGreaterThan(0);
  });

  it("stops an in-process agent that loops, after its request allowance", async () => {
    const looping = inProcess(
      async ({ request }) => {
        for (;;) await request({ type: "observe" });
      },
      () => 50,
    );
    const report = await runHarness(packs.slice(0, 1), { agent: "loop", play: looping, times: false });
    for (const level of report.packs[0]?.levelScores ?? []) expect(level.ending).toBe("request_limit");
  });
});

describe("an external agent", () => {
  const node = JSON.stringify(process.execPath);
  const script = (name: string) => `${node} ${JSON.stringify(join(import.meta.dirname, "fixtures", name))}`;
  const lantern = () => packs.filter((p) => p.name === "lantern-cellar");

  it("plays through its stdin and stdout, told its level by the environment", async () => {
    const report = await runHarness(lantern(), {
      agent: "first-legal",
      play: externalAgent(script("first-legal.mjs"), { stderr: "ignore" }),
      observation: "json",
    });
    const levels = report.packs[0]?.levelScores ?? [];
    expect(levels.length).toBe(8);
    for (const level of levels) {
      expect(level.counts.accepted, level.level).toBeGreaterThan(0);
      expect(["won", "lost", "out_of_moves"]).toContain(level.ending);
    }
  });

  it("counts garbage as malformed, and ends attempts whose program exits or hangs", async () => {
    const garbage = await runHarness(
      lantern().map((p) => ({ ...p })),
      {
        agent: "garbage",
        play: externalAgent(script("garbage.mjs"), { stderr: "ignore" }),
      },
    );
    for (const level of garbage.packs[0]?.levelScores ?? []) {
      expect(level.counts.malformed).toBe(3);
      expect(level.ending).toBe("stopped");
    }
    const hang = await runHarness(lantern(), {
      agent: "hang",
      play: externalAgent(script("hang.mjs"), { stderr: "ignore", timeLimitMs: 300 }),
    });
    for (const level of hang.packs[0]?.levelScores ?? []) expect(level.ending).toBe("time_limit");
  });

  it("plays every level in one long session when asked, started again only if it leaves", async () => {
    const reasons = async (leaveAfter: string | null) => {
      const agent = longExternalAgent(
        `${leaveAfter ? `LEAVE_AFTER=${leaveAfter} ` : ""}${script("long-first-legal.mjs")}`,
        0,
        { stderr: "ignore" },
      );
      const seen: string[][] = [];
      const report = await runHarness(lantern(), {
        agent: "long",
        play: agent.play,
        onAttempt: (_pack, score, transcript) => {
          seen.push(
            transcript.flatMap((e) => {
              const reason = (e.request as { reason?: unknown } | undefined)?.reason;
              return typeof reason === "string" ? [`${reason} ${score.level}`] : [];
            }),
          );
          return undefined;
        },
      });
      await agent.close();
      return { report, seen };
    };
    const long = await reasons(null);
    const levels = long.report.packs[0]?.levelScores ?? [];
    expect(levels.length).toBe(8);
    for (const level of levels) expect(level.counts.accepted, level.level).toBeGreaterThan(0);
    // One process, counting levels as it goes, each reason given in the level it names.
    const pids = new Set(long.seen.flat().map((r) => r.split(",")[0]));
    expect(pids.size).toBe(1);
    long.seen.forEach((reasons, i) => {
      expect(reasons.length).toBeGreaterThan(0);
      for (const reason of reasons) {
        const [, count, named, scored] = /level (\d+) (\S+) (\S+)$/.exec(reason) ?? [];
        expect(Number(count)).toBe(i + 1);
        expect(named).toBe(scored);
      }
    });
    // A program that leaves after each level is started again for the next.
    const leaving = await reasons("1");
    const fresh = new Set(leaving.seen.flat().map((r) => r.split(",")[0]));
    expect(fresh.size).toBe(8);
    for (const reasons of leaving.seen) for (const r of reasons) expect(r).toMatch(/level 1 /);
  });
});
