// What each system type costs a turn, from a sampling CPU profile: every gold path of the given pack
// folders is replayed (a fresh session per level, levels prepared once) for SECONDS seconds (1) after a
// warm-up of as long, under the V8 profiler (a sample every 100 µs), each pack in a process of its own
// (`--together`: all in one, where the JIT sees every system at once and everything runs slower). A
// sample counts for the system type whose hook (`action`, `movement`, `cascade`, `npc` in
// `src/systems/` or `src/plugins/`) is the innermost on its stack, so time an NPC hook spends resolving
// its events through another system's cascade hook counts for that system; the profiler sees inlined
// functions as their own frames. The profiler slows a run down, and samples are taken by wall time:
// the samples of a profiled run are scaled to the CPU time the same replay takes without the profiler.
// A type's time per turn is its share of that time over the turns played by levels that enable it.
// A profiling aid, not the benchmark:
//   node bench/systems.mjs [--together] [packs dir ...]
//   (default: the conformance corpus, its fuzz corpus and the repository's own packs)
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { Session as Inspector } from "node:inspector/promises";
import { basename, join } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { validatePackFolder } from "@gridponder/schema/node";
import { prepareValidated } from "../dist/assembly/load.js";
import { builtinRegistry, Session } from "../dist/index.js";

const SECONDS = Number(process.env.SECONDS ?? 1);
const HOOKS = new Set(["action", "movement", "cascade", "npc"]);
const args = process.argv.slice(2);
const child = args[0] === "--pack";
const together = args.includes("--together");
const dirs = args.filter((a) => !a.startsWith("--"));
if (dirs.length === 0)
  dirs.push(join(CORPUS, "packs"), join(CORPUS, "fuzz/packs"), join(import.meta.dirname, "../../../packs"));
const folders = child
  ? dirs
  : dirs.flatMap((dir) =>
      existsSync(dir)
        ? readdirSync(dir)
            .sort()
            .map((name) => join(dir, name))
            .filter((f) => existsSync(join(f, "manifest.json")))
        : [],
    );

/** Profiles the gold paths of these pack folders in this process: per type, turns and CPU ms. */
async function measure(packFolders) {
  const work = [];
  for (const folder of packFolders) {
    const loaded = prepareValidated(await validatePackFolder(folder));
    if (!loaded.ok) continue;
    const { pack } = loaded;
    for (const id of Object.keys(pack.levels).sort()) {
      const gold = pack.levels[id].solution?.goldPath ?? [];
      if (gold.length === 0) continue;
      const types = new Set(new Session(pack, id).level.systems.map((s) => s.type));
      work.push({ pack, id, gold, types });
    }
  }
  const replay = () => {
    for (const { pack, id, gold } of work) {
      const s = new Session(pack, id);
      for (const a of gold) s.act(a);
    }
  };
  if (work.length === 0) return { levels: 0, turns: 0, ms: 0, types: {} };
  for (const until = performance.now() + SECONDS * 1000; performance.now() < until; ) replay();
  // First without the profiler, for the CPU time a round really takes.
  const timed = (run) => {
    let rounds = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    while (performance.now() - t0 < SECONDS * 1000) {
      run();
      rounds++;
    }
    const { user, system } = process.cpuUsage(cpu0);
    return { rounds, cpuMs: (user + system) / 1000 };
  };
  const plain = timed(replay);
  const inspector = new Inspector();
  inspector.connect();
  await inspector.post("Profiler.enable");
  await inspector.post("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.post("Profiler.start");
  const { rounds } = timed(replay);
  const { profile } = await inspector.post("Profiler.stop");
  inspector.disconnect();
  // Samples are taken by wall time, and the profiler slows the run down (on this machine by half or
  // more): each sample's time is scaled so that a profiled round adds up to what a plain round costs.
  let sampled = 0;
  for (const dt of profile.timeDeltas) sampled += dt / 1000;
  const scale = plain.cpuMs / plain.rounds / (sampled / rounds);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const types = {};
  for (const { gold, types: used } of work)
    for (const type of used) {
      types[type] ??= { turns: 0, ms: 0 };
      types[type].turns += gold.length * rounds;
    }
  let ms = 0;
  profile.samples.forEach((id, i) => {
    const t = ((profile.timeDeltas[i] ?? 0) / 1000) * scale;
    ms += t;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const type = hookType(nodes.get(at).callFrame);
      if (type !== null && types[type]) {
        types[type].ms += t;
        break;
      }
    }
  });
  const turns = work.reduce((n, w) => n + w.gold.length, 0) * rounds;
  return { levels: work.length, turns, ms, types };
}

/** The system type a frame is a hook of, or null: `systems/ice-slide.js` `cascade` is `ice_slide`'s. */
function hookType({ functionName, url }) {
  if (!HOOKS.has(functionName)) return null;
  const m = /\/(?:systems|plugins)\/(?:([a-z-]+)\/index|([a-z-]+))\.js$/.exec(url);
  return m ? (m[1] ?? m[2]).replaceAll("-", "_") : null;
}

if (child) {
  console.log(JSON.stringify(await measure(folders)));
} else {
  const runs = together
    ? [await measure(folders)]
    : folders.map((f) =>
        JSON.parse(execFileSync(process.execPath, [import.meta.filename, "--pack", f], { encoding: "utf8" })),
      );
  const total = { levels: 0, turns: 0, ms: 0 };
  const byType = new Map();
  for (const r of runs) {
    total.levels += r.levels;
    total.turns += r.turns;
    total.ms += r.ms;
    for (const [type, { turns, ms }] of Object.entries(r.types)) {
      const t = byType.get(type) ?? { turns: 0, ms: 0, packs: 0, packMs: 0 };
      byType.set(type, {
        turns: t.turns + turns,
        ms: t.ms + ms,
        packs: t.packs + 1,
        packMs: t.packMs + r.ms,
      });
    }
  }
  console.log(
    `${folders.length} packs, ${total.levels} levels with a gold path` +
      `${together ? ", all in one process" : ", each pack in its own process"}: ` +
      `${((total.ms * 1000) / total.turns).toFixed(2)} µs of CPU time a turn on average`,
  );
  console.log(
    `    ${"system type".padEnd(20)} ${"packs".padStart(5)}  ${"µs per turn".padStart(11)}  ` +
      "share of the time of the packs using it",
  );
  for (const def of builtinRegistry.systems.values()) {
    const t = byType.get(def.type);
    const us = t === undefined ? "-" : ((t.ms * 1000) / t.turns).toFixed(2);
    const share = t === undefined ? "" : `${((100 * t.ms) / t.packMs).toFixed(0)} %`;
    console.log(
      `    ${def.type.padEnd(20)} ${String(t?.packs ?? 0).padStart(5)}  ${us.padStart(11)}  ${share}`,
    );
  }
}
