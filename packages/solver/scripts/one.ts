import { join } from "node:path";
import { loadPackFolder } from "@gridponder/engine/node";
import { solveLevel } from "/work/main/packages/solver/src/index.js";

const [pack, level] = process.argv.slice(2);
const loaded = await loadPackFolder(join("/work/shared/conformance/packs", pack));
if (!loaded.ok) throw new Error("load");
const r = solveLevel(loaded.pack, level, { strategy: process.argv.includes("--astar") ? "astar" : "bfs" });
console.log(
  r.status,
  r.optimalLength,
  r.optimalCount,
  r.statesExpanded,
  r.statesSeen,
  Math.round(r.elapsedMs),
  "ms",
  Math.round(r.statesPerSecond),
  "states/s",
);
