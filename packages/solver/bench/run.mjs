// Solver benchmark (`pnpm bench`, after `pnpm build`): proves the optimum of every level of the
// conformance corpus, of every fuzz mutant beside it, of the hard set and of the repository's puzzle
// packs, one level at a time as an author runs `gridponder solve` (each level may use every core),
// and prints each level's time, then per set the levels proven, those over 10 s, the median and the
// ten slowest with their states and threads. The sets:
//   tuned     two thirds of the shared levels, the ones the solver's design was measured on;
//   held-out  the other third (a fixed hash of pack/level picks it), kept out of tuning;
//   fuzz      the mutated levels of ../shared/conformance/fuzz, never looked at while tuning;
//   hard      bench/hard: levels of our own making, larger than any published one (make-hard.mjs);
//   packs     the repository's packs/ folder (its match packs, which the solver does not play, named
//             and left out).
// Options: --set tuned|held-out|fuzz|hard|packs (repeatable; default all), --only <substring of
// pack/level>, --time-limit <seconds> (default 60), --workers <n> (threads per level; default one per
// core), --profile default|<level,...> (engine steps against solver states, per second; no sets run
// unless --set is given too).

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CORPUS } from "@gridponder/conformance-corpus";
import { matchPackNames, OWN_PACKS, puzzlePackNames } from "@gridponder/conformance-corpus/packs";
import { loadPackFolder } from "@gridponder/engine/node";
import { solveLevels } from "../dist/node.js";
import { profileLevel } from "./profile.mjs";
import { heldOut } from "./split.mjs";

const { values } = parseArgs({
  options: {
    set: { type: "string", multiple: true },
    only: { type: "string" },
    "time-limit": { type: "string", default: "60" },
    workers: { type: "string" },
    profile: { type: "string" },
  },
});
const SETS = ["tuned", "held-out", "fuzz", "hard", "packs"];
const sets = values.set ?? (values.profile === undefined ? SETS : []);
for (const set of sets)
  if (!SETS.includes(set)) throw new Error(`unknown set ${set}: one of ${SETS.join(", ")}`);
const timeLimitMs = Number(values["time-limit"]) * 1000;
const workers = values.workers ? Number(values.workers) : availableParallelism();
const corpus = CORPUS;

/** Every level of the packs under `dir`, as { set, pack, dir, level }. */
async function levelsUnder(dir, setOf, names = readdirSync(dir).sort()) {
  const found = [];
  for (const name of names) {
    const loaded = await loadPackFolder(join(dir, name)).catch(() => null);
    if (!loaded?.ok) {
      // A pack that does not load would shrink its set unnoticed (a shared sprite collection is no pack).
      if (existsSync(join(dir, name, "game.json"))) console.log(`${join(dir, name)} does not load, left out`);
      continue;
    }
    for (const level of loaded.pack.levelOrder)
      found.push({ set: setOf(name, level), pack: name, dir: join(dir, name), level });
  }
  return found;
}

/**
 * The hard set's folder, made by `make-hard.mjs` when missing (it is derived from the shared corpus,
 * so it is git-ignored rather than committed).
 */
function hardSet() {
  const dir = join(dirname(fileURLToPath(import.meta.url)), "hard");
  if (!existsSync(dir)) {
    console.log("making the hard set (bench/make-hard.mjs)…");
    execFileSync(process.execPath, [join(dirname(dir), "make-hard.mjs")], { stdio: "inherit" });
  }
  return dir;
}

const all = [
  ...(await levelsUnder(join(corpus, "packs"), (pack, level) =>
    heldOut(pack, level) ? "held-out" : "tuned",
  )),
  ...(await levelsUnder(join(corpus, "fuzz/packs"), () => "fuzz")),
  ...(sets.includes("hard") ? await levelsUnder(hardSet(), () => "hard") : []),
  ...(await levelsUnder(OWN_PACKS, () => "packs", puzzlePackNames())),
];
if (sets.includes("packs"))
  console.log(
    `packs: ${matchPackNames().join(", ")} left out (match packs: turns of several players, no puzzle to solve)`,
  );
const chosen = all.filter(
  (l) => sets.includes(l.set) && (!values.only || `${l.pack}/${l.level}`.includes(values.only)),
);

const seconds = (ms) => (ms / 1000).toFixed(2);
// Others' work shares the machine: every timing is printed with the load it ran under.
const load = () => `load ${loadavg()[0].toFixed(2)}`;
const results = [];
const started = performance.now();
for (const entry of chosen) {
  const t0 = performance.now();
  const [r] = await solveLevels(entry.dir, [entry.level], { timeLimitMs, maxMemoryMb: 3072, workers });
  // Wall time as the author waits for it: loading the pack into the threads included.
  const wallMs = performance.now() - t0;
  results.push({ ...entry, ...r, wallMs });
  const verdict =
    r.status === "solved"
      ? `optimum ${r.optimalLength}`
      : `${r.status}${r.bound ? ` (${r.bound}, optimum ≥ ${r.lowerBound})` : ""}`;
  console.log(
    `${entry.set.padEnd(8)} ${`${entry.pack}/${entry.level}`.padEnd(40)} ${verdict.padEnd(34)} ${seconds(wallMs).padStart(7)} s ${r.statesExpanded.toLocaleString("en-US").padStart(12)} states ${r.threads}t  ${r.strategy}${r.heuristic ? ` + ${r.heuristic}` : ""}  ${load()}`,
  );
}

console.log("");
console.log(
  `${chosen.length} levels in ${seconds(performance.now() - started)} s, ${workers} thread(s) per level, ${availableParallelism()} cores, ${load()} at the end`,
);
for (const set of sets) {
  const rs = results.filter((r) => r.set === set);
  if (rs.length === 0) continue;
  const proven = rs.filter((r) => r.status !== "bounded").length;
  const total = rs.reduce((n, r) => n + r.wallMs, 0);
  const search = rs.reduce((n, r) => n + r.elapsedMs, 0);
  const shared = rs.filter((r) => r.threads > 1).length;
  const states = rs.reduce((n, r) => n + r.statesExpanded, 0);
  const sorted = [...rs].sort((a, b) => a.wallMs - b.wallMs);
  const median = sorted[Math.floor(sorted.length / 2)].wallMs;
  console.log("");
  console.log(
    `${set}: ${rs.length} levels, proven ${proven}, unproven ${rs.length - proven}, over 10 s ${rs.filter((r) => r.wallMs > 10_000).length}; total ${seconds(total)} s (search ${seconds(search)} s), median ${seconds(median)} s, ${states.toLocaleString("en-US")} states, ${shared} searched by several threads`,
  );
  console.log(
    `  slowest: ${sorted
      .slice(-10)
      .reverse()
      .map(
        (r) =>
          `${r.pack}/${r.level} ${seconds(r.wallMs)} s ${r.statesExpanded.toLocaleString("en-US")} states ${r.threads}t${r.status === "bounded" ? ` (unproven, ${r.bound})` : ""}`,
      )
      .join("; ")}`,
  );
}

if (values.profile !== undefined) {
  // Levels apart from the sets: a plain breadth-first level, marker levels with and without tables.
  const names =
    values.profile === "default"
      ? ["bb_014", "tw_004", "fw_005", "th_007", "ck07"]
      : values.profile.split(",");
  console.log("");
  console.log(`profile split, one thread, ${load()}:`);
  for (const name of names) {
    const entry = all.find((l) => l.level === name || l.level.startsWith(name));
    if (entry === undefined) console.log(`  ${name}: no such level`);
    else await profileLevel(entry.dir, entry.level, timeLimitMs);
  }
}
