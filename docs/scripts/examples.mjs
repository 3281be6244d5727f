// The live examples: small packs in docs/examples/, compiled for the browser into public/examples/,
// and which one each system's reference page embeds.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compilePackForWeb, writeCompiledPack } from "@gridponder/player/node";

/** The example pack folders, sorted by name. */
export function exampleNames(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, "manifest.json")))
    .sort();
}

/**
 * Compiles every example for the web into `outDir/<name>/pack.json`. An example that does not
 * validate or whose gold path does not win stops the build, naming the problem.
 */
export async function compileExamples(dir, outDir) {
  for (const name of exampleNames(dir)) {
    const result = await compilePackForWeb(join(dir, name));
    if (!result.ok) {
      const found = result.diagnostics.map((d) => `  ${d.file}:${d.pointer}: ${d.message}`).join("\n");
      throw new Error(`docs example ${name} cannot be published:\n${found}`);
    }
    await writeCompiledPack(join(outDir, name), result);
  }
}

/**
 * For each system type, the example its reference page embeds: the example named after the type
 * (`flood_fill` → `flood-fill`) if there is one, else the first that uses it; with the system's
 * entry and the first level of the example's sequence.
 */
export function examplesBySystem(dir) {
  const found = new Map();
  for (const name of exampleNames(dir)) {
    const game = JSON.parse(readFileSync(join(dir, name, "game.json"), "utf8"));
    const first = game.levelSequence.find((entry) => entry.type === "level")?.ref;
    const level =
      first ??
      readdirSync(join(dir, name, "levels"))
        .sort()[0]
        .replace(/\.json$/, "");
    const levelJson = JSON.parse(readFileSync(join(dir, name, "levels", `${level}.json`), "utf8"));
    for (const system of game.systems) {
      const own = name === system.type.replaceAll("_", "-");
      const known = found.get(system.type);
      // The first use wins, unless a later example is the system's own; its first instance wins too.
      if (known !== undefined && (!own || known.name === name)) continue;
      found.set(system.type, { name, level, system, levelJson });
    }
  }
  return found;
}
