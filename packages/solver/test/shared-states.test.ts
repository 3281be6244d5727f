import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
// The inserting threads run the built files, so this test runs against dist too (turbo builds first).
import { SharedStates } from "../dist/tables/shared-states.js";

/** `n` distinct fingerprints from a seed (a simple generator: distinct by their first lane). */
function prints(n: number, from: number): Int32Array {
  const out = new Int32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const v = from + i;
    out.set([Math.imul(v, 0x9e3779b1), v, Math.imul(v, 0x85ebca77), ~v], i * 4);
  }
  return out;
}

describe("SharedStates", () => {
  it("gives dense ids, adds each fingerprint once with its data, and caps path counts", () => {
    const states = SharedStates.create(8);
    const p = prints(3, 10);
    const first = states.findOrAdd(p.subarray(0, 4), 0, -1, -1, 1);
    const second = states.findOrAdd(p.subarray(4, 8), 1, 0, 2, 5);
    expect([first, second]).toEqual([-1, -2]);
    expect(states.findOrAdd(p.subarray(4, 8), 9, 9, 9, 9)).toBe(1);
    expect(states.size).toBe(2);
    expect([states.depth(1), states.parent(1), states.via(1), states.paths(1)]).toEqual([1, 0, 2, 5]);
    states.addPaths(1, 7, 10);
    expect(states.paths(1)).toBe(10);
  });

  it("keeps every id and its data in a larger copy", () => {
    let states = SharedStates.create(4);
    const p = prints(200, 1);
    for (let i = 0; i < 200; i++) {
      if (states.needsRoom(states.size, 1)) states = states.grown(2 * (states.size + 1));
      states.findOrAdd(p.subarray(i * 4, i * 4 + 4), i % 7, i - 1, i % 3, i + 1);
    }
    expect(states.size).toBe(200);
    for (let i = 0; i < 200; i++) {
      expect(states.findOrAdd(p.subarray(i * 4, i * 4 + 4), 0, 0, 0, 0)).toBe(i);
      expect([states.depth(i), states.parent(i), states.via(i), states.paths(i)]).toEqual([
        i % 7,
        i - 1,
        i % 3,
        i + 1,
      ]);
    }
    expect(states.needsRoom(200, 0)).toBe(false);
    expect(states.needsRoom(200, states.capacity)).toBe(true);
  });

  it("adds each fingerprint exactly once when threads add overlapping sets at the same time", async () => {
    const n = 60_000;
    const states = SharedStates.create(2 * n);
    const go = new SharedArrayBuffer(4);
    // Three threads; each pair shares a third of its fingerprints with the next.
    const sets = [prints(n, 0), prints(n, n / 3), prints(n, (2 * n) / 3)];
    const workers = sets.map(
      (set) =>
        new Worker(new URL("./fixtures/shared-states-inserter.mjs", import.meta.url), {
          workerData: { buffers: states.buffers, prints: set, go },
        }),
    );
    const reports = workers.map(
      (w) =>
        new Promise<{ ids: Int32Array; added: Uint8Array }>((resolve, reject) => {
          w.on("error", reject);
          w.on("message", (m) => {
            if (m !== "ready") resolve(m);
          });
        }),
    );
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once("message", resolve))));
    Atomics.store(new Int32Array(go), 0, 1);
    Atomics.notify(new Int32Array(go), 0);
    const results = await Promise.all(reports);
    await Promise.all(workers.map((w) => w.terminate()));
    // The same fingerprint got the same id in every thread, and exactly one thread added it.
    const idOf = new Map<number, number>();
    const addedBy = new Map<number, number>();
    results.forEach(({ ids, added }, t) => {
      const start = (t * n) / 3;
      for (let i = 0; i < n; i++) {
        const v = start + i;
        const known = idOf.get(v);
        if (known !== undefined) expect(ids[i]).toBe(known);
        idOf.set(v, ids[i] as number);
        if (added[i] === 1) addedBy.set(v, (addedBy.get(v) ?? 0) + 1);
      }
    });
    const distinct = idOf.size;
    expect(states.size).toBe(distinct);
    expect([...addedBy.values()].every((c) => c === 1)).toBe(true);
    expect(addedBy.size).toBe(distinct);
    expect(new Set(idOf.values()).size).toBe(distinct);
    // Each thread added one path to each state it met: no update lost.
    for (const [v, id] of idOf) {
      const threads = [0, 1, 2].filter((t) => v >= (t * n) / 3 && v < (t * n) / 3 + n).length;
      if (states.paths(id) !== 1 + threads) throw new Error(`state ${v}: ${states.paths(id)} paths`);
    }
  });
});
