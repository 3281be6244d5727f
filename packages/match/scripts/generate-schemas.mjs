// Generates the JSON Schemas of the four match pack files from the TypeScript types in src/types.
// Output: schemas/<file>.schema.json (shipped for editors, and read by the docs' format reference) and
// src/generated/schemas.ts (used by the validator at run time). Both are committed;
// test/schemas-fresh.test.ts fails when they are stale. `node scripts/generate-schemas.mjs --check`
// exits 1 instead of writing when they differ.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Context,
  createFormatter,
  createParser,
  createProgram,
  DEFAULT_CONFIG,
  SchemaGenerator,
  ts,
} from "ts-json-schema-generator";
import { renderSchemaFiles, schemaDocuments, writeSchemaFiles } from "../../schema/scripts/schema-files.mjs";

/** The root type of each pack file and the schema it becomes. */
export const SCHEMA_ROOTS = [
  { file: "manifest", type: "MatchManifest", title: "Gridponder match pack manifest (manifest.json)" },
  { file: "game", type: "MatchGame", title: "Gridponder match game (game.json)" },
  { file: "level", type: "MatchLevel", title: "Gridponder match position (levels/<id>.json)" },
  { file: "theme", type: "MatchTheme", title: "Gridponder match theme (theme.json)" },
];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Reads an inline import type (`import("./game.js").Setup`, as `MatchLevel.setup` is written), which
 * the generator has no parser for: the imported declaration is parsed as a named reference would be,
 * so it becomes the same `#/definitions/Setup`.
 */
class ImportTypeNodeParser {
  constructor(checker, child) {
    this.checker = checker;
    this.child = child;
  }
  supportsNode(node) {
    return node.kind === ts.SyntaxKind.ImportType && node.qualifier !== undefined && !node.isTypeOf;
  }
  createType(node, context) {
    let symbol = this.checker.getSymbolAtLocation(node.qualifier);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    if (!declaration) throw new Error(`cannot resolve ${node.getText()}`);
    const sub = new Context(node);
    for (const arg of node.typeArguments ?? []) sub.pushArgument(this.child.createType(arg, context));
    return this.child.createType(declaration, sub);
  }
}

function createSchemaGenerator() {
  const config = {
    ...DEFAULT_CONFIG,
    path: join(root, "src/types/**/*.ts"),
    tsconfig: join(root, "tsconfig.json"),
    additionalProperties: false,
    strictTuples: true,
    skipTypeCheck: true,
  };
  const program = createProgram(config);
  const checker = program.getTypeChecker();
  const parser = createParser(program, config, (chain) => {
    chain.addNodeParser(new ImportTypeNodeParser(checker, chain));
  });
  return new SchemaGenerator(program, parser, createFormatter(config), config);
}

export function generateSchemas() {
  const generator = createSchemaGenerator();
  return schemaDocuments(
    generator,
    SCHEMA_ROOTS,
    (file) => `https://gridponder.dev/schemas/match/${file}.schema.json`,
  );
}

export function renderOutputs(schemas) {
  return renderSchemaFiles(schemas, {
    preamble: 'import type { JsonSchemaObject } from "@gridponder/schema";\n\n',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeSchemaFiles(root, renderOutputs(generateSchemas()));
