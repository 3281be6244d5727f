// Replays the gold-path workload of `run.mjs` for a fixed time, for `node --cpu-prof`:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-loop.mjs [packs dir] [seconds] [--cold]
// --cold forgets the prepared levels before each round (untimed), so each session prepares its level,
// as `run.mjs`'s cold workload does.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { validatePackFolder } from "@gridponder/schema/node";
import { compilePack, Session } from "../dist/index.js";
import { forgetPreparedLevels } from "../dist/session.js";

const args = process.argv.slice(2);
const cold = args.includes("--cold");
const [dir = join(import.meta.dirname, "../../../../shared/conformance/packs"), seconds = "5"] = args.filter(
  (a) => !a.startsWith("--"),
);
const packs = [];
for (const name of readdirSync(dir).sort()) {
  if (!existsSync(join(dir, name, "manifest.json"))) continue;
  const valid = (await validatePackFolder(join(dir, name))).pack;
  if (!valid) throw new Error(`${name} does not load`);
  packs.push({ valid, pack: compilePack(valid), ids: Object.keys(valid.levels).sort() });
}
const end = performance.now() + Number(seconds) * 1000;
let steps = 0;
let time = 0;
while (performance.now() < end) {
  if (cold) for (const p of packs) forgetPreparedLevels(p.pack);
  const t0 = performance.now();
  for (const { pack, ids } of packs) {
    for (const id of ids) {
      const s = new Session(pack, id);
      for (const a of pack.levels[id].solution?.goldPath ?? []) {
        s.act(a);
        steps++;
      }
    }
  }
  time += performance.now() - t0;
}
console.log(`${Math.round(steps / (time / 1000))} steps/s${cold ? " (cold)" : ""}`);
