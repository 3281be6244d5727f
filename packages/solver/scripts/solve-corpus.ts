// Developer tool: solves every level of the conformance corpus (or one pack) from the sources.
// Usage: pnpm exec tsx scripts/solve-corpus.ts [pack] [--astar]
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadPackFolder } from "@gridponder/engine/node";
import { solveLevel } from "../src/index.js";

const packsDir = join(import.meta.dirname, "../../../../shared/conformance/packs");
const only = process.argv.slice(2).find((a) => !a.startsWith("--"));
const strategy = process.argv.includes("--astar") ? "astar" : "bfs";
let total = 0;
for (const name of readdirSync(packsDir).sort()) {
  if (only && name !== only) continue;
  const loaded = await loadPackFolder(join(packsDir, name));
  if (!loaded.ok) continue;
  for (const id of loaded.pack.levelOrder) {
    const r = solveLevel(loaded.pack, id, { strategy, timeLimitMs: 120_000 });
    total += r.elapsedMs;
    console.log(
      `${name}/${id}`.padEnd(34),
      r.status.padEnd(10),
      `opt=${r.optimalLength} gold=${r.gold.length} n=${r.optimalCount}${r.countCapped ? "+" : ""}`.padEnd(
        24,
      ),
      `${r.statesExpanded} states`.padEnd(16),
      `${r.elapsedMs.toFixed(0)} ms`,
      r.gold.wins ? "" : "GOLD FAILS",
    );
  }
}
console.log(`total ${(total / 1000).toFixed(1)} s`);
