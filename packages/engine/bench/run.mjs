// Engine benchmark (`pnpm bench`): prints measured steps per second, median of several runs.
//  (a) end-to-end gold-path replay: a fresh session per level, then every gold-path action, over
//      every level of the conformance corpus (`shared/conformance/packs`), warm (levels prepared
//      once per loaded pack, as in an app or a solver) and cold (the prepared levels forgotten before
//      each replay, so every session prepares its level and runs its load-time cascade);
//  (a') the same over the differential fuzz corpus (`shared/conformance/fuzz/packs`): mutated levels
//      nobody tuned the engine on, replaying each mutant's original gold path (which need not win);
//  (b) stepping a live session: plain avatar moves (back and forth on open floor) on carrot_quest
//      fw_001, the session created beforehand and its undo history kept, as in play.
// Each workload runs in its own Node process, so one cannot skew the other's JIT profile.
// With GP_REF_ENGINE=<root of a reference engine checkout> (the folder holding `engines/python`),
// (a) and (a') also run through that engine (`reference.py`, same levels, same actions, a step
// counted the same way; GP_REF_PYTHON names the interpreter, python3 by default) right after ours, and
// the ratio ours / reference is printed.
// Also prints the minified + gzipped size of the browser bundle.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");
const conformanceDir = join(root, "../../../shared/conformance");
const CORPORA = {
  gold: { dir: join(conformanceDir, "packs"), label: "(a) gold-path replay, fresh session per level" },
  fuzz: {
    dir: join(conformanceDir, "fuzz/packs"),
    label: "(a') fuzz-corpus gold-path replay, fresh session per level",
  },
};
const packsDir = CORPORA.gold.dir;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const REF_RUNS = Number(process.env.BENCH_REF_RUNS ?? 5);
const WARMUP_MS = 2000;
const RUN_MS = 250;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString("en-US");

/**
 * (a), (a') Every gold path from a fresh session, repeated until a run lasts about 250 ms. Warm: the
 * same compiled packs throughout, so a level is prepared once and later sessions of it reuse that
 * (as in an app or a solver). Cold: the packs stay loaded, as the reference keeps its loaded games, but
 * their prepared levels are forgotten (untimed) before each replay, so every session pays for its
 * level's preparation and load-time cascade, as the reference engine's do.
 */
async function goldReplay(dir, cold) {
  const { Session } = await import("../dist/index.js");
  const { forgetPreparedLevels } = await import("../dist/session.js");
  const { loadCorpus } = await import("./corpus.mjs");
  const packs = await loadCorpus(dir);
  let levelCount = 0;
  let goldSteps = 0;
  for (const p of packs) {
    levelCount += p.levels.length;
    for (const l of p.levels) goldSteps += l.gold.length;
  }
  // Every action is a step, accepted or not (a fuzz mutant's gold path may be refused part-way).
  const replayAll = () => {
    let steps = 0;
    for (const { pack, levels } of packs) {
      for (const { id, gold } of levels) {
        const s = new Session(pack, id);
        for (const action of gold) {
          s.act(action);
          steps++;
        }
      }
    }
    return steps;
  };
  const forget = () => {
    for (const p of packs) forgetPreparedLevels(p.pack);
  };
  // The JIT needs a while to settle on a workload this varied: warm up by time, not by rounds.
  for (const until = performance.now() + WARMUP_MS; performance.now() < until; ) {
    if (cold) forget();
    replayAll();
  }
  const rates = [];
  for (let r = 0; r < RUNS; r++) {
    let ms = 0;
    let steps = 0;
    while (ms < RUN_MS) {
      if (cold) forget();
      const t0 = performance.now();
      steps += replayAll();
      ms += performance.now() - t0;
    }
    rates.push(steps / (ms / 1000));
  }
  return { rate: median(rates), levels: levelCount, actions: goldSteps, rates: rates.map(Math.round) };
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

/** The same replay through the reference engine; refuses a workload that differs from ours. */
function referenceReplay(engineRoot, corpus, ours) {
  const out = execFileSync(
    process.env.GP_REF_PYTHON ?? "python3",
    [join(import.meta.dirname, "reference.py"), engineRoot, corpus.dir, String(REF_RUNS)],
    { encoding: "utf8", maxBuffer: 1 << 24 },
  );
  const ref = JSON.parse(out.trim().split("\n").at(-1));
  if (ref.levels !== ours.levels || ref.actions !== ours.actions) {
    throw new Error(
      `workloads differ: ours ${ours.levels} levels / ${ours.actions} actions, ` +
        `reference ${ref.levels} levels / ${ref.actions} actions`,
    );
  }
  return ref;
}

const [workload, mode] = process.argv.slice(2);
if (workload === "gold" || workload === "fuzz") {
  console.log(JSON.stringify(await goldReplay(CORPORA[workload].dir, mode === "cold")));
} else if (workload === "live") {
  console.log(JSON.stringify(await liveSession()));
} else {
  const run = (...args) =>
    JSON.parse(execFileSync(process.execPath, [import.meta.filename, ...args], { encoding: "utf8" }).trim());
  const refRoot = process.env.GP_REF_ENGINE;
  for (const name of ["gold", "fuzz"]) {
    const corpus = CORPORA[name];
    if (!existsSync(corpus.dir)) continue;
    const warm = run(name);
    const cold = run(name, "cold");
    console.log(
      `${corpus.label} (${warm.levels} levels, ${warm.actions} gold-path actions, median of ${RUNS}):`,
    );
    const ref = refRoot ? referenceReplay(refRoot, corpus, warm) : null;
    const vs = (ours) => (ref ? `  (${(ours.rate / ref.rate).toFixed(0)}× the reference)` : "");
    console.log(`    warm, levels prepared once per pack: ${fmt(warm.rate)} steps/s${vs(warm)}`);
    console.log(`    cold, every session prepares its level: ${fmt(cold.rate)} steps/s${vs(cold)}`);
    if (ref)
      console.log(
        `    reference engine (${refRoot}), same workload: ${fmt(ref.rate)} steps/s (median of ${REF_RUNS})`,
      );
  }
  const live = run("live");
  console.log(
    `(b) live session, plain avatar moves: ${fmt(live.rate)} steps/s (median of ${RUNS}; ${live.detail})`,
  );
  console.log(`engine alone (schema external): ${await bundleSize(["@gridponder/schema"])}`);
  console.log(`engine with the schema validator: ${await bundleSize([])}`);
}
