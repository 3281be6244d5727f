// Writes the generated parts of the docs site before Astro builds it:
// - public/schemas/: the JSON Schemas of @gridponder/schema, at the stable URLs their `$id`s name;
// - public/examples/: the live examples (docs/examples/*) compiled for the player;
// - src/content/docs/reference/: the DSL reference, from the schemas and the examples.
// All three are git-ignored and rebuilt from scratch each time.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { compileExamples, examplesBySystem } from "./examples.mjs";
import { referencePages } from "./reference/pages.mjs";

const root = join(import.meta.dirname, "..");
const schemaDir = join(
  dirname(createRequire(import.meta.url).resolve("@gridponder/schema/package.json")),
  "schemas",
);

/** The schemas, by file name without `.schema.json`. */
export function loadSchemas() {
  const schemas = {};
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json"))) {
    schemas[file.replace(/\.schema\.json$/, "")] = JSON.parse(readFileSync(join(schemaDir, file), "utf8"));
  }
  return schemas;
}

export async function generate() {
  const publicSchemas = join(root, "public/schemas");
  rmSync(publicSchemas, { recursive: true, force: true });
  mkdirSync(publicSchemas, { recursive: true });
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")))
    copyFileSync(join(schemaDir, file), join(publicSchemas, file));

  const examples = process.env.GRIDPONDER_DOCS_EXAMPLES ?? join(root, "examples");
  const publicExamples = join(root, "public/examples");
  rmSync(publicExamples, { recursive: true, force: true });
  await compileExamples(examples, publicExamples);

  const out = join(root, "src/content/docs/reference");
  rmSync(out, { recursive: true, force: true });
  const { pages } = referencePages(loadSchemas(), examplesBySystem(examples));
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
