// The per-pack workload of `run.mjs`: every pack of the conformance corpus on its own, its gold paths
// replayed from a fresh session per level, as `reference.py --serve` replays them. An aggregate over
// all packs is dominated by the pack the reference is slowest on, so it hides the packs where the
// engine is weak; a ratio per pack does not.
//
// `node bench/run.mjs pack-server [cold]` loads every pack, prints the packs' sizes as one JSON line,
// then times the pack named on each line of its input and answers with one JSON line. `run.mjs` keeps
// one such process per mode and one reference process, and asks them pack by pack in turn, so the two
// figures a ratio divides are taken seconds apart, not a whole run apart.
import { createInterface } from "node:readline";
import { CONFORMANCE_PACKS, loadCorpus, replayAll } from "./corpus.mjs";

/** Each pack runs this long untimed first, so the JIT has settled on its code paths. */
export const PACK_WARMUP_MS = 500;
/** Then this many timed slices of at least SLICE_MS of CPU time each; a pack's rate is the fastest slice's. */
export const SLICES = 5;
export const SLICE_MS = 200;
/** Replays between two clock readings, aimed at about this long, so reading the clock costs nothing. */
const BATCH_MS = 10;

/**
 * The CPU time this process has used, in ms. CPU time rather than wall time: on a shared machine the
 * process is often descheduled while others run, which wall time counts and CPU time does not (the
 * reference is timed the same way). The whole process's time, so work on helper threads (the garbage
 * collector's) counts too.
 */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Steps per second of one pack. The fastest slice, not the mean: another process only ever slows a
 * slice down (sharing caches and the memory bus), so the fastest is the one least disturbed.
 */
function timePack(pack, cold) {
  const one = [pack];
  let replays = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < PACK_WARMUP_MS) {
    replayAll(one, cold);
    replays++;
  }
  const batch = Math.max(1, Math.round((replays * BATCH_MS) / (performance.now() - t0)));
  let best = 0;
  for (let s = 0; s < SLICES; s++) {
    let steps = 0;
    const start = cpuMs();
    let ms = 0;
    while (ms < SLICE_MS) {
      for (let i = 0; i < batch; i++) steps += replayAll(one, cold);
      ms = cpuMs() - start;
    }
    best = Math.max(best, steps / (ms / 1000));
  }
  return best;
}

/**
 * Serves timings on stdin/stdout (see the top). All packs stay loaded in this one process, as an app
 * or a solver would hold them; packs without gold-path actions are left out (nothing to time).
 */
export async function servePacks(cold, dir = CONFORMANCE_PACKS) {
  const packs = (await loadCorpus(dir)).filter((p) => p.levels.some((l) => l.gold.length > 0));
  const sizes = packs.map((p) => ({
    name: p.name,
    levels: p.levels.length,
    actions: p.levels.reduce((n, l) => n + l.gold.length, 0),
  }));
  console.log(JSON.stringify(sizes));
  for await (const line of createInterface({ input: process.stdin })) {
    const pack = packs.find((p) => p.name === line.trim());
    if (!pack) throw new Error(`no pack ${line}`);
    console.log(JSON.stringify({ name: pack.name, rate: timePack(pack, cold) }));
  }
}
