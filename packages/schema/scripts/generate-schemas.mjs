// Generates the JSON Schemas of the four pack files from the TypeScript types in src/types.
// Output: schemas/<file>.schema.json (shipped for editors) and src/generated/schemas.ts (used by
// the validator at run time). Both are committed; test/schemas-fresh.test.ts fails when they are
// stale. `node scripts/generate-schemas.mjs --check` exits 1 instead of writing when they differ.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGenerator } from "ts-json-schema-generator";
import { renderSchemaFiles, schemaDocuments, writeSchemaFiles } from "./schema-files.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The root type of each pack file and the schema it becomes. */
export const SCHEMA_ROOTS = [
  { file: "manifest", type: "Manifest", title: "Gridponder pack manifest (manifest.json)" },
  { file: "game", type: "GameDefinition", title: "Gridponder game definition (game.json)" },
  { file: "level", type: "LevelDefinition", title: "Gridponder level (levels/<id>.json)" },
  { file: "theme", type: "Theme", title: "Gridponder theme (theme.json)" },
  // Not a pack file: the payload of every event, by type, for the reference docs and for tools that
  // read traces. Shipped in schemas/ only, so the validator bundle does not carry it.
  {
    file: "events",
    type: "EventPayloads",
    title: "Gridponder event payloads, by event type",
    runtime: false,
  },
];

// The cap the generated schemas give map keys; test/limits.test.ts checks it is src/limits.ts's.
export { MAX_NAME_LENGTH } from "./schema-files.mjs";

export function generateSchemas() {
  const generator = createGenerator({
    path: join(root, "src/types/**/*.ts"),
    tsconfig: join(root, "tsconfig.json"),
    extraTags: ["gpRef", "deprecationMessage", "gpPhases", "gpEmits"],
    additionalProperties: false,
    strictTuples: true,
    skipTypeCheck: true,
  });
  return schemaDocuments(
    generator,
    SCHEMA_ROOTS,
    (file) => `https://gridponder.dev/schemas/${file}.schema.json`,
  );
}

export function renderOutputs(schemas) {
  return renderSchemaFiles(schemas, {
    preamble:
      "/** A JSON Schema document (draft-07). */\n" +
      "export type JsonSchemaObject = Record<string, unknown>;\n\n",
    atRuntime: (name) => SCHEMA_ROOTS.find((root) => root.file === name)?.runtime !== false,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeSchemaFiles(root, renderOutputs(generateSchemas()));
