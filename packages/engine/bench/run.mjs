// Engine benchmark (`pnpm bench`): prints measured steps per second, median of several runs.
//  (p) per pack: every pack of the conformance corpus (`shared/conformance/packs`: the seven published
//      packs and the fixture packs) on its own, its gold paths replayed from a fresh session per level,
//      each pack warmed for PACK_WARMUP_MS, then timed as SLICES slices of at least SLICE_MS of CPU
//      time, the fastest counting (`per-pack.mjs`), warm and cold (below), ours and the reference
//      taken pack by pack in turn; with a reference engine, the ratio per pack and the geometric mean
//      of the ratios over the packs. `node bench/run.mjs --per-pack` prints only this;
//  (a) end-to-end gold-path replay: a fresh session per level, then every gold-path action, over
//      every level of the seven published packs of the conformance corpus (`shared/conformance/packs`),
//      warm (levels prepared once per loaded pack, as in an app or a solver) and cold (a level's
//      preparation forgotten when its session is done, so every session prepares its level and runs
//      its load-time cascade); (a+) the same with the corpus's fixture packs added;
//  (a') the same over the differential fuzz corpus (`shared/conformance/fuzz/packs`): mutated levels
//      nobody tuned the engine on, replaying each mutant's original gold path (which need not win);
//  (b) stepping a live session: plain avatar moves (back and forth on open floor) on carrot_quest
//      fw_001, the session created beforehand and its undo history kept, as in play.
// Each workload runs in its own Node process, so one cannot skew the other's JIT profile.
// With GP_REF_ENGINE=<root of a reference engine checkout> (the folder holding `engines/python`),
// (p), (a), (a+) and (a') also run through that engine (`reference.py`: same levels, same actions, a
// step counted the same way; GP_REF_PYTHON names the interpreter, python3 by default), and the ratio
// ours / reference is printed. They run as BENCH_TRIALS trials (3), each ours then the reference, and
// a ratio is taken within a trial: the machine's speed drifts between trials.
// Also prints the minified + gzipped size of the browser bundle.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { gzipSync } from "node:zlib";
import { CORPUS } from "@gridponder/conformance-corpus";
import { build } from "esbuild";
import { PACK_WARMUP_MS, SLICE_MS, SLICES, servePacks } from "./per-pack.mjs";

const root = join(import.meta.dirname, "..");
const conformanceDir = CORPUS;
/**
 * The seven published packs of the conformance corpus (its README), without its fixture packs
 * (`actor_balance_smoke`, `fx_*`): the workload the engine's speed goal was first stated on.
 */
const PUBLISHED = [
  "box_builder",
  "carrot_quest",
  "diagonal_swipes",
  "flood_colors",
  "number_cells",
  "rotate_flip",
  "twinseed",
];
const CORPORA = {
  published: {
    dir: join(conformanceDir, "packs"),
    only: PUBLISHED,
    label: "(a) gold-path replay of the seven published packs, fresh session per level",
  },
  gold: {
    dir: join(conformanceDir, "packs"),
    only: null,
    label: "(a+) the same over every pack of the conformance corpus (the published packs and fixtures)",
  },
  fuzz: {
    dir: join(conformanceDir, "fuzz/packs"),
    only: null,
    label: "(a') fuzz-corpus gold-path replay, fresh session per level",
  },
};
const packsDir = CORPORA.gold.dir;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const REF_RUNS = Number(process.env.BENCH_REF_RUNS ?? 3);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
const WARMUP_MS = 2000;
const RUN_MS = 250;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString("en-US");

/**
 * (a), (a+), (a') Every gold path from a fresh session, repeated until a run lasts about 250 ms. Warm: the
 * same compiled packs throughout, so a level is prepared once and later sessions of it reuse that
 * (as in an app or a solver). Cold: the packs stay loaded, as the reference keeps its loaded games, but
 * a level's preparation is forgotten as soon as its session is done (timed; it costs a map deletion),
 * so every session prepares its level and runs its load-time cascade, and, as with the reference's
 * engines, which are dropped after their level, nothing of it outlives the session.
 */
async function goldReplay({ dir, only }, cold) {
  const { loadCorpus, replayAll: replay } = await import("./corpus.mjs");
  const packs = await loadCorpus(dir, only);
  let levelCount = 0;
  let goldSteps = 0;
  for (const p of packs) {
    levelCount += p.levels.length;
    for (const l of p.levels) goldSteps += l.gold.length;
  }
  const replayAll = () => replay(packs, cold);
  // The JIT needs a while to settle on a workload this varied: warm up by time, not by rounds.
  for (const until = performance.now() + WARMUP_MS; performance.now() < until; ) {
    replayAll();
  }
  const rates = [];
  for (let r = 0; r < RUNS; r++) {
    let ms = 0;
    let steps = 0;
    while (ms < RUN_MS) {
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
    [
      join(import.meta.dirname, "reference.py"),
      engineRoot,
      corpus.dir,
      String(REF_RUNS),
      ...(corpus.only ? [corpus.only.join(",")] : []),
    ],
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

/**
 * A process serving per-pack timings line by line (`servePacks` in `per-pack.mjs`, `reference.py
 * --serve`): `sizes` is its first line, `time(name)` asks for one pack's rate.
 */
async function packServer(command, args) {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`${command} ${args.join(" ")} ended early`);
    return JSON.parse(value);
  };
  const sizes = await next();
  return {
    sizes,
    async time(name) {
      child.stdin.write(`${name}\n`);
      return (await next()).rate;
    },
    close: () => child.stdin.end(),
  };
}

const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/**
 * (p) The per-pack table. Per trial, each pack is timed by our warm server, our cold server and the
 * reference in turn, so a ratio's two figures are taken seconds apart; the table gives, per pack, the
 * median over the trials and the range.
 */
async function printPerPack(refRoot) {
  const ours = (mode) => packServer(process.execPath, [import.meta.filename, "pack-server", mode]);
  const servers = { warm: await ours("warm"), cold: await ours("cold") };
  if (refRoot) {
    const slicing = [PACK_WARMUP_MS / 1000, SLICES, SLICE_MS / 1000].map(String);
    const script = join(import.meta.dirname, "reference.py");
    servers.ref = await packServer(process.env.GP_REF_PYTHON ?? "python3", [
      script,
      refRoot,
      packsDir,
      "--serve",
      ...slicing,
    ]);
  }
  const shape = (sizes) => sizes.map((r) => `${r.name}:${r.levels}/${r.actions}`).join(" ");
  const packs = servers.warm.sizes;
  for (const server of Object.values(servers)) {
    // A pack one side skipped or loaded differently would make its ratio meaningless.
    if (shape(server.sizes) !== shape(packs)) {
      throw new Error(`per-pack workloads differ:\n${shape(packs)}\n${shape(server.sizes)}`);
    }
  }
  const trials = [];
  for (let t = 0; t < TRIALS; t++) {
    const trial = { warm: [], cold: [], ref: [] };
    for (const { name } of packs) {
      for (const [side, server] of Object.entries(servers)) trial[side].push(await server.time(name));
    }
    trials.push(trial);
  }
  for (const server of Object.values(servers)) server.close();

  const times = (x) => `${x.toFixed(0)}×`;
  const cell = (xs, f) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`.padEnd(18);
  console.log(
    `(p) per pack, gold-path replay, fresh session per level (${TRIALS} trials; per trial and pack each ` +
      `side warms for ${PACK_WARMUP_MS} ms, then takes the fastest of ${SLICES} slices of ≥ ${SLICE_MS} ms of CPU time); ` +
      `median over trials (range):`,
  );
  const what = refRoot ? "ours / reference" : "ours, steps/s";
  console.log(
    `    ${"pack".padEnd(22)} lvls acts  ${`warm, ${what}`.padEnd(18)}  ${`cold, ${what}`.padEnd(18)}` +
      (refRoot ? "  reference steps/s" : ""),
  );
  const value = (t, side, i) => (refRoot ? t[side][i] / t.ref[i] : t[side][i]);
  const f = refRoot ? times : fmt;
  packs.forEach((r, i) => {
    const warm = trials.map((t) => value(t, "warm", i));
    const cold = trials.map((t) => value(t, "cold", i));
    const ref = refRoot
      ? `  ${cell(
          trials.map((t) => t.ref[i]),
          fmt,
        )}`
      : "";
    console.log(
      `    ${r.name.padEnd(22)} ${String(r.levels).padStart(4)} ${String(r.actions).padStart(4)}  ` +
        `${cell(warm, f)}  ${cell(cold, f)}${ref}`.trimEnd(),
    );
  });
  if (refRoot) {
    const gm = (side) => trials.map((t) => geomean(t[side].map((rate, i) => rate / t.ref[i])));
    console.log(
      `    ${`geometric mean, ${packs.length} packs`.padEnd(32)} ` +
        `${cell(gm("warm"), times)}  ${cell(gm("cold"), times)}`.trimEnd(),
    );
  }
}

const [workload, mode] = process.argv.slice(2);
if (workload === "pack-server") {
  await servePacks(mode === "cold");
} else if (Object.hasOwn(CORPORA, workload ?? "")) {
  console.log(JSON.stringify(await goldReplay(CORPORA[workload], mode === "cold")));
} else if (workload === "live") {
  console.log(JSON.stringify(await liveSession()));
} else {
  const run = (...args) =>
    JSON.parse(execFileSync(process.execPath, [import.meta.filename, ...args], { encoding: "utf8" }).trim());
  const refRoot = process.env.GP_REF_ENGINE;
  const range = (xs, f) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
  const times = (x) => `${x.toFixed(0)}×`;
  await printPerPack(refRoot);
  if (workload === "--per-pack") process.exit(0);
  for (const name of Object.keys(CORPORA)) {
    const corpus = CORPORA[name];
    if (!existsSync(corpus.dir)) continue;
    // Trials one after another, each measuring ours and then the reference: a ratio compares figures
    // taken under the same machine conditions, which drift on a shared VM.
    const trials = [];
    for (let t = 0; t < TRIALS; t++) {
      const warm = run(name);
      const cold = run(name, "cold");
      trials.push({ warm, cold, ref: refRoot ? referenceReplay(refRoot, corpus, warm) : null });
    }
    const { levels, actions } = trials[0].warm;
    console.log(
      `${corpus.label} (${levels} levels, ${actions} gold-path actions; ${TRIALS} trials, each a fresh ` +
        `process per figure, median of ${RUNS} runs in it):`,
    );
    for (const mode of ["warm", "cold"]) {
      const rates = trials.map((t) => t[mode].rate);
      const ratios = refRoot ? trials.map((t) => t[mode].rate / t.ref.rate) : [];
      const vs = refRoot ? `  ${times(median(ratios))} the reference (range ${range(ratios, times)})` : "";
      const what =
        mode === "warm" ? "warm, levels prepared once per pack" : "cold, every session prepares its level";
      console.log(`    ${what}: ${fmt(median(rates))} steps/s (range ${range(rates, fmt)})${vs}`);
    }
    if (refRoot) {
      const rates = trials.map((t) => t.ref.rate);
      console.log(
        `    reference engine (${refRoot}), same workload: ${fmt(median(rates))} steps/s ` +
          `(range ${range(rates, fmt)}; median of ${REF_RUNS} runs per trial)`,
      );
    }
  }
  const live = run("live");
  console.log(
    `(b) live session, plain avatar moves: ${fmt(live.rate)} steps/s (median of ${RUNS}; ${live.detail})`,
  );
  console.log(`engine alone (schema external): ${await bundleSize(["@gridponder/schema"])}`);
  console.log(`engine with the schema validator: ${await bundleSize([])}`);
}
