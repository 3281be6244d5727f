// Solver benchmark (`pnpm bench`, after `pnpm build`): proves the optimum of every level of the
// conformance corpus and of every fuzz mutant beside it, one level at a time as an author runs
// `gridponder solve` (each level may use every core), and prints each level's time, then totals and
// the ten slowest levels for three sets reported apart:
//   tuned     two thirds of the shared levels, the ones the solver's design was measured on;
//   held-out  the other third (a fixed hash of pack/level picks it), kept out of tuning;
//   fuzz      the mutated levels of ../shared/conformance/fuzz, never looked at while tuning.
// Options: --set tuned|held-out|fuzz (repeatable; default all three), --only <substring of pack/level>,
// --time-limit <seconds> (default 60), --workers <n> (threads per level; default one per core).
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CORPUS } from "@gridponder/conformance-corpus";
import { loadPackFolder } from "@gridponder/engine/node";
import { solveLevels } from "../dist/node.js";
import { heldOut } from "./split.mjs";

const { values } = parseArgs({
  options: {
    set: { type: "string", multiple: true },
    only: { type: "string" },
    "time-limit": { type: "string", default: "60" },
    workers: { type: "string" },
  },
});
const sets = values.set ?? ["tuned", "held-out", "fuzz"];
const timeLimitMs = Number(values["time-limit"]) * 1000;
const workers = values.workers ? Number(values.workers) : availableParallelism();
const corpus = CORPUS;

/** Every level of the packs under `dir`, as { set, pack, dir, level }. */
async function levelsUnder(dir, setOf) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const loaded = await loadPackFolder(join(dir, name)).catch(() => null);
    if (!loaded?.ok) continue;
    for (const level of loaded.pack.levelOrder)
      found.push({ set: setOf(name, level), pack: name, dir: join(dir, name), level });
  }
  return found;
}

const all = [
  ...(await levelsUnder(join(corpus, "packs"), (pack, level) =>
    heldOut(pack, level) ? "held-out" : "tuned",
  )),
  ...(await levelsUnder(join(corpus, "fuzz/packs"), () => "fuzz")),
];
const chosen = all.filter(
  (l) => sets.includes(l.set) && (!values.only || `${l.pack}/${l.level}`.includes(values.only)),
);

const seconds = (ms) => (ms / 1000).toFixed(2);
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
    `${entry.set.padEnd(8)} ${`${entry.pack}/${entry.level}`.padEnd(40)} ${verdict.padEnd(34)} ${seconds(wallMs).padStart(7)} s ${r.statesExpanded.toLocaleString("en-US").padStart(12)} states  ${r.strategy}${r.heuristic ? ` + ${r.heuristic}` : ""}`,
  );
}

console.log("");
console.log(
  `${chosen.length} levels in ${seconds(performance.now() - started)} s, ${workers} thread(s) per level, ${availableParallelism()} cores`,
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
          `${r.pack}/${r.level} ${seconds(r.wallMs)} s${r.status === "bounded" ? ` (unproven, ${r.bound})` : ""}`,
      )
      .join("; ")}`,
  );
}
