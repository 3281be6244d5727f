// Developer tool: replays the conformance traces from the sources (no build needed).
// Usage: pnpm exec tsx scripts/conformance.ts [pack[/level]] [--verbose]
import { formatLevelReport, levelPasses } from "../src/index.js";
import { runConformance } from "../src/node.js";
import { PACKS, TRACES } from "../test/corpus.js";

const filter = process.argv.slice(2).find((a) => !a.startsWith("--"));
const verbose = process.argv.includes("--verbose");
const reports = await runConformance(PACKS, TRACES);
let runs = 0;
let matched = 0;
let levels = 0;
for (const r of reports) {
  runs += r.runs;
  matched += r.runsMatched;
  if (levelPasses(r, { requireGold: true })) levels++;
  const name = `${r.pack}/${r.level}`;
  if (filter && !name.startsWith(filter)) continue;
  console.log(formatLevelReport(r));
  if (verbose)
    for (const e of r.eventMismatches)
      console.log(`  events ${e.run}@${e.step}: expected ${e.expected.join(",")} got ${e.actual.join(",")}`);
}
console.log(`${levels}/${reports.length} levels pass, ${matched}/${runs} runs match`);
