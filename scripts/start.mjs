// The main job, for now: validate every pack in packs/ and print a summary of each.
// (The catalog site will take over this command once it exists.)
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { countDiagnostics, formatDiagnostics } from "@gridponder/schema";
import { validatePackFolder } from "@gridponder/schema/node";

const root = join(import.meta.dirname, "..", "packs");
const packs = readdirSync(root).filter((d) => existsSync(join(root, d, "manifest.json")));
const color = process.stdout.isTTY;
let failed = 0;
for (const dir of packs) {
  const result = await validatePackFolder(join(root, dir), { searchPaths: [root] });
  const { errors, warnings } = countDiagnostics(result.diagnostics);
  if (result.diagnostics.length > 0) console.log(formatDiagnostics(result.diagnostics, { color }));
  if (!result.pack) {
    failed++;
    console.log(`✗ ${dir}: ${errors} errors, ${warnings} warnings\n`);
    continue;
  }
  const { manifest, game, levels } = result.pack;
  const stories = game.levelSequence.filter((e) => e.type === "story").length;
  console.log(`✓ ${manifest.title} (${manifest.gameId} ${manifest.version}, DSL ${manifest.dslVersion})`);
  console.log(
    `  ${Object.keys(levels).length} levels, ${stories} story screens, ${Object.keys(game.entityKinds).length} entity kinds`,
  );
  console.log(`  systems: ${game.systems.map((s) => s.type).join(", ")}`);
  console.log(`  ${warnings} warnings\n`);
}
console.log(`${packs.length} packs, ${packs.length - failed} valid, ${failed} invalid`);
process.exit(failed > 0 ? 1 : 0);
