// Replays the gold-path workload of `run.mjs` for a fixed time, for `node --cpu-prof`:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-loop.mjs [packs dir] [seconds] [--cold]
// --cold forgets a level's preparation when its session is done, so each session prepares its level,
// as `run.mjs`'s cold workload does.
import { CONFORMANCE_PACKS, loadCorpus, replayAll } from "./corpus.mjs";

const args = process.argv.slice(2);
const cold = args.includes("--cold");
const [dir = CONFORMANCE_PACKS, seconds = "5"] = args.filter((a) => !a.startsWith("--"));
const packs = await loadCorpus(dir);
const end = performance.now() + Number(seconds) * 1000;
let steps = 0;
let time = 0;
while (performance.now() < end) {
  const t0 = performance.now();
  steps += replayAll(packs, cold);
  time += performance.now() - t0;
}
console.log(`${Math.round(steps / (time / 1000))} steps/s${cold ? " (cold)" : ""}`);
