// Writes the generated parts of the docs site before Astro builds it:
// - public/schemas/: the JSON Schemas of @gridponder/schema, and those of @gridponder/match in
//   public/schemas/match/, at the stable URLs their `$id`s name;
// - public/examples/: the live examples (docs/examples/*) compiled for the player;
// - src/content/docs/reference/: the DSL reference, from the schemas and the examples, and the match
//   format's reference in reference/match/, from its schemas and the example games in packs/.
// All three are git-ignored and rebuilt from scratch each time.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compileExamples, examplesBySystem } from "./examples.mjs";
import { matchReferencePages } from "./reference/match.mjs";
import { referencePages } from "./reference/pages.mjs";

const root = join(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const schemaDir = join(dirname(require.resolve("@gridponder/schema/package.json")), "schemas");
const matchSchemaDir = join(dirname(require.resolve("@gridponder/match/package.json")), "schemas");

/** The example games of the match format, which its reference and guides quote. */
export const MATCH_PACKS = process.env.GRIDPONDER_DOCS_MATCH_PACKS ?? join(root, "../packs");

function schemasIn(dir) {
  const schemas = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".schema.json"))) {
    schemas[file.replace(/\.schema\.json$/, "")] = JSON.parse(readFileSync(join(dir, file), "utf8"));
  }
  return schemas;
}

/** The schemas, by file name without `.schema.json`. */
export function loadSchemas() {
  return schemasIn(schemaDir);
}

/** The match format's schemas (manifest, game, level, theme), by file name without `.schema.json`. */
export function loadMatchSchemas() {
  return schemasIn(matchSchemaDir);
}

/**
 * The example match games: the packs of the folder whose manifest says `"format": "match"` (puzzle
 * packs sit beside them), each with its name and its top-level JSON files, parsed, by file name.
 */
export function loadMatchGames(dir = MATCH_PACKS) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const files = {};
      for (const file of readdirSync(join(dir, name)).filter((f) => f.endsWith(".json")))
        files[file] = JSON.parse(readFileSync(join(dir, name, file), "utf8"));
      return { name, files };
    })
    .filter((pack) => pack.files["manifest.json"]?.format === "match");
}

export async function generate() {
  const publicSchemas = join(root, "public/schemas");
  rmSync(publicSchemas, { recursive: true, force: true });
  mkdirSync(publicSchemas, { recursive: true });
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")))
    copyFileSync(join(schemaDir, file), join(publicSchemas, file));
  mkdirSync(join(publicSchemas, "match"));
  for (const file of readdirSync(matchSchemaDir).filter((f) => f.endsWith(".schema.json")))
    copyFileSync(join(matchSchemaDir, file), join(publicSchemas, "match", file));

  const examples = process.env.GRIDPONDER_DOCS_EXAMPLES ?? join(root, "examples");
  const publicExamples = join(root, "public/examples");
  rmSync(publicExamples, { recursive: true, force: true });
  await compileExamples(examples, publicExamples);

  const out = join(root, "src/content/docs/reference");
  rmSync(out, { recursive: true, force: true });
  const { pages: dslPages } = referencePages(loadSchemas(), examplesBySystem(examples));
  const { pages: matchPages } = matchReferencePages(loadMatchSchemas(), loadMatchGames());
  const pages = [...dslPages, ...matchPages];
  for (const page of pages) {
    mkdirSync(dirname(join(out, page.path)), { recursive: true });
    writeFileSync(join(out, page.path), page.content);
  }
  return pages.length;
}

if (process.argv[1] === import.meta.filename) {
  const count = await generate();
  console.log(`docs: ${count} reference pages generated`);
}
