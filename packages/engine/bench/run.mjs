// Engine benchmark (`pnpm bench`): prints measured steps per second, median of several runs.
//  (a) end-to-end gold-path replay: a fresh session per level, then every gold-path action, over
//      every level of the conformance corpus;
//  (b) stepping a live session: plain avatar moves on one level, the session created beforehand.
// Also prints the minified + gzipped size of the browser bundle.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { Session } from "../dist/index.js";
import { loadPackFolder } from "../dist/node.js";

const root = join(import.meta.dirname, "..");
const packsDir = join(root, "../../../shared/conformance/packs");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString("en-US");

const levels = [];
for (const name of readdirSync(packsDir).sort()) {
  const loaded = await loadPackFolder(join(packsDir, name)).catch(() => null);
  if (!loaded?.ok) continue;
  for (const id of loaded.pack.levelOrder) {
    const gold = loaded.pack.levels[id].solution.goldPath;
    try {
      new Session(loaded.pack, id);
      levels.push({ pack: loaded.pack, id, gold });
    } catch {
      // A level whose systems this engine does not have yet cannot be replayed.
    }
  }
}
const goldSteps = levels.reduce((n, l) => n + l.gold.length, 0);

function replayAll() {
  let steps = 0;
  for (const { pack, id, gold } of levels) {
    const s = new Session(pack, id);
    for (const action of gold) {
      s.act(action);
      steps++;
    }
  }
  return steps;
}

// (a) gold-path replay, repeated until each run lasts at least ~200 ms.
replayAll();
const reps = Math.max(1, Math.ceil(20_000 / Math.max(1, goldSteps)));
const replayRates = [];
for (let r = 0; r < RUNS; r++) {
  const t0 = performance.now();
  let steps = 0;
  for (let i = 0; i < reps; i++) steps += replayAll();
  replayRates.push(steps / ((performance.now() - t0) / 1000));
}

// (b) live stepping: back-and-forth avatar moves on carrot_quest fw_001 (open floor, no pushes).
const carrot = await loadPackFolder(join(packsDir, "carrot_quest"));
const stepRates = [];
if (carrot.ok) {
  const session = new Session(carrot.pack, "fw_001");
  const moves = [
    { action: "move", direction: "down" },
    { action: "move", direction: "up" },
  ];
  const STEPS = 200_000;
  for (let r = 0; r < RUNS + 1; r++) {
    session.reset();
    const t0 = performance.now();
    for (let i = 0; i < STEPS; i++) session.act(moves[i & 1]);
    const rate = STEPS / ((performance.now() - t0) / 1000);
    if (r > 0) stepRates.push(rate); // the first run warms the JIT up
  }
}

async function bundleSize(external) {
  const bundle = await build({
    entryPoints: [join(root, "src/index.ts")],
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    logLevel: "silent",
    external,
  });
  const code = bundle.outputFiles[0].contents;
  return `${fmt(code.length / 1024)} KiB minified, ${fmt(gzipSync(code).length / 1024)} KiB gzipped`;
}

console.log(`levels replayed: ${levels.length} (${goldSteps} gold-path actions)`);
console.log(
  `(a) gold-path replay, fresh session per level: ${fmt(median(replayRates))} steps/s (median of ${RUNS})`,
);
if (stepRates.length > 0) {
  console.log(`(b) live session, plain avatar moves: ${fmt(median(stepRates))} steps/s (median of ${RUNS})`);
}
console.log(`engine alone (schema external): ${await bundleSize(["@gridponder/schema"])}`);
console.log(`engine with the schema validator: ${await bundleSize([])}`);
