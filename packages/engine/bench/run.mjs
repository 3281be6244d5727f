// Engine benchmark (`pnpm bench`): prints measured steps per second, median of several runs.
//  (a) end-to-end gold-path replay: a fresh session per level, then every gold-path action, over
//      every level of the conformance corpus;
//  (b) stepping a live session: plain avatar moves (back and forth on open floor) on carrot_quest
//      fw_001, the session created beforehand and its undo history kept, as in play.
// Each workload runs in its own Node process, so one cannot skew the other's JIT profile.
// Also prints the minified + gzipped size of the browser bundle.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");
const packsDir = join(root, "../../../shared/conformance/packs");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString("en-US");

async function loadCorpus() {
  const { Session } = await import("../dist/index.js");
  const { loadPackFolder } = await import("../dist/node.js");
  const levels = [];
  for (const name of readdirSync(packsDir).sort()) {
    const loaded = await loadPackFolder(join(packsDir, name)).catch(() => null);
    if (!loaded?.ok) continue;
    for (const id of loaded.pack.levelOrder) {
      levels.push({ pack: loaded.pack, id, gold: loaded.pack.levels[id].solution.goldPath });
    }
  }
  return { Session, loadPackFolder, levels };
}

/** (a) Every gold path from a fresh session, repeated until a run lasts about 100 ms. */
async function goldReplay() {
  const { Session, levels } = await loadCorpus();
  const goldSteps = levels.reduce((n, l) => n + l.gold.length, 0);
  const replayAll = () => {
    let steps = 0;
    for (const { pack, id, gold } of levels) {
      const s = new Session(pack, id);
      for (const action of gold) {
        s.act(action);
        steps++;
      }
    }
    return steps;
  };
  for (let i = 0; i < 5; i++) replayAll(); // JIT warm-up
  const reps = Math.max(1, Math.ceil(20_000 / Math.max(1, goldSteps)));
  const rates = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    let steps = 0;
    for (let i = 0; i < reps; i++) steps += replayAll();
    rates.push(steps / ((performance.now() - t0) / 1000));
  }
  return { rate: median(rates), detail: `${levels.length} levels, ${goldSteps} gold-path actions` };
}

/** (b) Plain avatar moves on an already-created session. */
async function liveSession() {
  const { Session } = await import("../dist/index.js");
  const { loadPackFolder } = await import("../dist/node.js");
  const carrot = await loadPackFolder(join(packsDir, "carrot_quest"));
  if (!carrot.ok) throw new Error("carrot_quest does not load");
  const session = new Session(carrot.pack, "fw_001");
  // Built once, as a game's input map builds its actions.
  const moves = [
    { action: "move", direction: "down" },
    { action: "move", direction: "up" },
  ];
  const STEPS = 200_000;
  const rates = [];
  for (let r = 0; r < RUNS + 1; r++) {
    session.reset();
    const t0 = performance.now();
    for (let i = 0; i < STEPS; i++) session.act(moves[i & 1]);
    const rate = STEPS / ((performance.now() - t0) / 1000);
    if (r > 0) rates.push(rate); // the first run warms the JIT up
  }
  if (session.state.actionCount !== STEPS) throw new Error("the moves were not all accepted");
  return { rate: median(rates), detail: "carrot_quest fw_001, down/up" };
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

const workload = process.argv[2];
if (workload === "gold") {
  console.log(JSON.stringify(await goldReplay()));
} else if (workload === "live") {
  console.log(JSON.stringify(await liveSession()));
} else {
  const run = (name) =>
    JSON.parse(execFileSync(process.execPath, [import.meta.filename, name], { encoding: "utf8" }).trim());
  const gold = run("gold");
  console.log(
    `(a) gold-path replay, fresh session per level: ${fmt(gold.rate)} steps/s (median of ${RUNS}; ${gold.detail})`,
  );
  const live = run("live");
  console.log(
    `(b) live session, plain avatar moves: ${fmt(live.rate)} steps/s (median of ${RUNS}; ${live.detail})`,
  );
  console.log(`engine alone (schema external): ${await bundleSize(["@gridponder/schema"])}`);
  console.log(`engine with the schema validator: ${await bundleSize([])}`);
}
