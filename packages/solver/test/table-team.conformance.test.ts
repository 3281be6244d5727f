import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type Pack, Session } from "@gridponder/engine";
import { beforeAll, describe, expect, it } from "vitest";
// Helper threads run the built files, so this test runs against dist too (turbo builds first).
import { BEYOND, relaxedDistances, startFill } from "../dist/heuristics/relaxed-carry/table.js";
import { Job, joinTeam, postJob, teamBuffers } from "../dist/parallel/table-team.js";
import { type RelaxedModel, relaxedCarry } from "../src/models/index.js";
import { FUZZ_PACKS } from "./corpus.js";

/** A fuzz mutant on ice with a small relaxed model (3 M states). */
const PACK = join(FUZZ_PACKS, "twinseed");
const LEVEL = "tw_013_m1";

let model: RelaxedModel;
beforeAll(async () => {
  const { loadPackFolder } = await import("@gridponder/engine/node");
  const loaded = await loadPackFolder(PACK);
  if (!loaded.ok) throw new Error("the fuzz twinseed pack must load");
  const pack: Pack = loaded.pack;
  const session = new Session(pack, LEVEL);
  const relaxed = relaxedCarry(pack, session.level, session.initial);
  if (relaxed === null) throw new Error(`${LEVEL} must have a relaxed carry model`);
  model = relaxed.model;
}, 60_000);

/** Starts `count - 1` helpers on fresh team buffers; resolves once they wait for a job. */
async function team(count: number, groups = model.groups) {
  const buffers = teamBuffers(count, model.size, model.virtualSize, groups);
  const helpers = Array.from(
    { length: count - 1 },
    (_, i) =>
      new Worker(new URL("./fixtures/table-helper.mjs", import.meta.url), {
        workerData: { packDir: PACK, level: LEVEL, buffers, index: i + 1, count },
      }),
  );
  const reports = helpers.map(
    (w) =>
      new Promise<{ job: number; reached: number | null; complete: boolean | null }>((resolve, reject) => {
        w.on("error", reject);
        w.on("message", (m) => {
          if (m !== "ready") resolve(m);
        });
      }),
  );
  await Promise.all(helpers.map((w) => new Promise((resolve) => w.once("message", resolve))));
  return { lead: joinTeam(buffers, 0, count), reports };
}

/** Whether every helper has reported (finished its job). */
async function helpersDone(reports: readonly Promise<unknown>[]): Promise<boolean> {
  const pending = Symbol();
  const settled = await Promise.all(reports.map((r) => Promise.race([r, Promise.resolve(pending)])));
  return settled.every((s) => s !== pending);
}

describe("a table filled by a team of threads", () => {
  it("equals the table one thread fills, with two and three threads, by groups of states or one by one", async () => {
    const alone = relaxedDistances(model, BEYOND - 1);
    expect(alone.complete).toBe(true);
    expect(model.groups).toBeGreaterThan(0);
    for (const [count, groups] of [
      [2, model.groups],
      [3, model.groups],
      [2, 0],
    ] as const) {
      const { lead, reports } = await team(count, groups);
      // The lead runs here, on the test's thread (Node lets the main thread wait), the helpers in workers.
      const together = relaxedDistances(model, BEYOND - 1, Number.POSITIVE_INFINITY, lead);
      for (const report of await Promise.all(reports))
        expect(report).toEqual({ job: Job.Fill, reached: alone.reached, complete: true });
      expect(together.reached).toBe(alone.reached);
      expect(together.complete).toBe(true);
      expect(Buffer.compare(Buffer.from(together.stored), Buffer.from(alone.stored))).toBe(0);
    }
  });

  it("lets helpers start alone and the lead join them later, with the same table", async () => {
    const alone = relaxedDistances(model, BEYOND - 1);
    for (const count of [2, 3]) {
      const { lead, reports } = await team(count);
      startFill(model, lead);
      // The lead joins at whatever layer the helpers have reached by now.
      const together = relaxedDistances(model, BEYOND - 1, Number.POSITIVE_INFINITY, lead);
      for (const report of await Promise.all(reports))
        expect(report).toEqual({ job: Job.Fill, reached: alone.reached, complete: true });
      expect(together).toMatchObject({ reached: alone.reached, complete: true });
      expect(Buffer.compare(Buffer.from(together.stored), Buffer.from(alone.stored))).toBe(0);
    }
  });

  it("lets the lead join two helpers at any layer, with the same table", async () => {
    // Two helpers decide together when the lead comes in: every thread must count it from the same
    // barrier on, or the lead runs a layer behind them and labels states too low.
    const alone = relaxedDistances(model, BEYOND - 1);
    for (const layer of [1, 2, 4, 8, 12]) {
      const { lead, reports } = await team(3);
      startFill(model, lead);
      while (!lead.stored.includes(BEYOND - layer) && !(await helpersDone(reports)))
        await new Promise((resolve) => setTimeout(resolve, 0));
      const together = relaxedDistances(model, BEYOND - 1, Number.POSITIVE_INFINITY, lead);
      for (const report of await Promise.all(reports))
        expect(report).toEqual({ job: Job.Fill, reached: alone.reached, complete: true });
      expect(together, `joined at distance ${layer}`).toMatchObject({
        reached: alone.reached,
        complete: true,
      });
      expect(Buffer.compare(Buffer.from(together.stored), Buffer.from(alone.stored))).toBe(0);
    }
  });

  it("hands the lead the table its helpers finished alone", async () => {
    const alone = relaxedDistances(model, BEYOND - 1);
    const { lead, reports } = await team(2);
    startFill(model, lead);
    expect(await Promise.all(reports)).toEqual([{ job: Job.Fill, reached: alone.reached, complete: true }]);
    const taken = relaxedDistances(model, BEYOND - 1, Number.POSITIVE_INFINITY, lead);
    expect(taken).toMatchObject({ reached: alone.reached, complete: true });
    expect(Buffer.compare(Buffer.from(taken.stored), Buffer.from(alone.stored))).toBe(0);
  });

  it("stops helpers that started alone when the lead never needs the table", async () => {
    const alone = relaxedDistances(model, BEYOND - 1);
    const { lead, reports } = await team(2);
    startFill(model, lead);
    // Once the helper has claimed a state at distance 1, it is filling.
    while (!lead.stored.includes(BEYOND - 1)) await new Promise((resolve) => setTimeout(resolve, 1));
    postJob(lead, Job.Quit);
    // It stops at its next layer (or, had this thread been held up long enough, has finished).
    const [report] = await Promise.all(reports);
    if (report?.job === Job.Quit) expect(report.reached).toBeNull();
    else {
      expect(report?.job).toBe(Job.Fill);
      expect(report?.reached).toBeLessThanOrEqual(alone.reached);
      if (report?.complete)
        expect(Buffer.compare(Buffer.from(lead.stored), Buffer.from(alone.stored))).toBe(0);
    }
  });

  it("stops every thread when the lead's deadline has passed, with a table cut short", async () => {
    const { lead, reports } = await team(2);
    const cut = relaxedDistances(model, BEYOND - 1, performance.now() - 1, lead);
    expect(cut).toMatchObject({ reached: 0, complete: false });
    expect(await Promise.all(reports)).toEqual([{ job: Job.Fill, reached: 0, complete: false }]);
  });

  it("sends parked helpers home when the table is never needed", async () => {
    const { lead, reports } = await team(2);
    postJob(lead, Job.Quit);
    expect(await Promise.all(reports)).toEqual([{ job: Job.Quit, reached: null, complete: null }]);
  });
});
