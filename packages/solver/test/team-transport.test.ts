import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
// The team's threads run the built files, so this test runs against dist too (turbo builds first).
import { type TransportShape, transportBuffers } from "../dist/parallel/team-transport.js";

interface RoundsReport {
  type: "rounds";
  sent: [number, number, number][];
  received: [number, number, number, number, number][];
  sums: [number, number, number][];
  job: number;
}
interface NextReport {
  type: "next";
  job: number;
  argument: number;
}

/** Starts `count` transport threads; resolves their reports of the rounds and of the next job. */
function team(count: number, shape: TransportShape) {
  const buffers = transportBuffers(count, shape);
  const threads = Array.from(
    { length: count },
    (_, index) =>
      new Worker(new URL("./fixtures/transport-thread.mjs", import.meta.url), {
        workerData: { buffers, shape, index, count },
      }),
  );
  const reports = threads.map((w) => {
    const rounds = new Promise<RoundsReport>((resolve, reject) => {
      w.on("error", reject);
      w.on("message", (m: RoundsReport | NextReport) => m.type === "rounds" && resolve(m));
    });
    const next = new Promise<NextReport>((resolve) => {
      w.on("message", (m: RoundsReport | NextReport) => m.type === "next" && resolve(m));
    });
    return { rounds, next };
  });
  return { buffers, threads, reports };
}

describe("the team transport", () => {
  it.each([2, 3, 4])(
    "delivers every item posted to a box exactly once, to its receiver, in its round, across %i threads",
    async (count) => {
      const shape: TransportShape = { own: 2, shared: 1, perThread: 2, box: 256 };
      const rounds = 7;
      const { buffers, reports, threads } = team(count, shape);
      // The lead's side of the transport posts the job; the threads take it once each.
      const { TeamTransport } = await import("../dist/parallel/team-transport.js");
      const lead = new TeamTransport({ control: buffers.control }, { ...shape, box: 0 }, 0, count);
      lead.postJob(1, rounds);
      const done = await Promise.all(reports.map((r) => r.rounds));
      const expected: string[] = [];
      done.forEach((report, from) => {
        for (const [to, round, seq] of report.sent) expected.push(`${from}>${to}@${round}#${seq}`);
      });
      // Every thread sent something to every other: the check below is not vacuous.
      expect(expected.length).toBeGreaterThan(count * (count - 1));
      const got: string[] = [];
      done.forEach((report, to) => {
        expect(report.job).toBe(1);
        for (const [boxFrom, from, round, seq, readIn] of report.received) {
          // The box a thread reads is the one its sender wrote to it, in the same round.
          expect(boxFrom).toBe(from);
          expect(readIn).toBe(round);
          got.push(`${from}>${to}@${round}#${seq}`);
        }
        // Round words: every thread's posted word read back by each.
        report.sums.forEach(([sum, least, first], round) => {
          expect(sum).toBe((count * (count + 1)) / 2);
          expect(least).toBe(round);
          expect(first).toBe(0);
        });
      });
      expect(got.length).toBe(expected.length);
      expect(new Set(got).size).toBe(got.length);
      expect(got.sort()).toEqual(expected.sort());
      // The next job is taken once more by every thread, with its argument.
      lead.postJob(2, -1);
      const next = await Promise.all(reports.map((r) => r.next));
      for (const report of next) expect(report).toEqual({ type: "next", job: 2, argument: -1 });
      await Promise.all(threads.map((w) => w.terminate()));
    },
    60_000,
  );
});
