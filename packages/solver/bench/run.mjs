// Solver benchmark (`pnpm bench`): proves the optimum of every level of the conformance corpus, the
// levels of each pack spread over worker threads (one per core), and prints every level's time, the
// slowest ones and the totals. Bounds: 60 s per level, 3 GB heap per worker.
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { loadPackFolder } from "@gridponder/engine/node";
import { solveLevels } from "../dist/node.js";

const packsDir = join(import.meta.dirname, "../../../../shared/conformance/packs");
const results = [];
const started = performance.now();
for (const name of readdirSync(packsDir).sort()) {
  const loaded = await loadPackFolder(join(packsDir, name)).catch(() => null);
  if (!loaded?.ok) continue;
  const solved = await solveLevels(join(packsDir, name), loaded.pack.levelOrder, {
    timeLimitMs: 60_000,
    maxMemoryMb: 3072,
  });
  for (const r of solved) {
    results.push({ pack: name, ...r });
    const verdict =
      r.status === "solved"
        ? `optimum ${r.optimalLength}`
        : `${r.status}${r.bound ? ` (${r.bound}, optimum ≥ ${r.lowerBound})` : ""}`;
    console.log(
      `${`${name}/${r.level}`.padEnd(36)} ${verdict.padEnd(36)} ${(r.elapsedMs / 1000).toFixed(2).padStart(7)} s  ${r.statesExpanded.toLocaleString("en-US").padStart(11)} states`,
    );
  }
}
const wall = (performance.now() - started) / 1000;
const proven = results.filter((r) => r.status !== "bounded");
const slowest = [...results].sort((a, b) => b.elapsedMs - a.elapsedMs).slice(0, 5);
const states = results.reduce((n, r) => n + r.statesExpanded, 0);
const search = results.reduce((n, r) => n + r.elapsedMs, 0) / 1000;
console.log("");
console.log(
  `levels: ${results.length}, proven: ${proven.length}, stopped by a bound: ${results.length - proven.length}`,
);
console.log(
  `wall time: ${wall.toFixed(1)} s on ${availableParallelism()} cores; search time: ${search.toFixed(1)} s; ${Math.round(states / search).toLocaleString("en-US")} states/s`,
);
console.log(
  `over 10 s: ${results.filter((r) => r.elapsedMs > 10_000).length}; over 60 s or unproven: ${results.filter((r) => r.elapsedMs > 60_000 || r.status === "bounded").length}`,
);
console.log(
  `slowest: ${slowest.map((r) => `${r.pack}/${r.level} ${(r.elapsedMs / 1000).toFixed(1)} s (${r.status}${r.bound ? `, ${r.bound}` : ""}, ${r.strategy}${r.heuristic ? ` + ${r.heuristic}` : ""})`).join("; ")}`,
);
