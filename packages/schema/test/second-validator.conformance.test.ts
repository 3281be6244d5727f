import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { isMatchPack, OWN_PACKS } from "@gridponder/conformance-corpus/packs";
import { registerSchema, validate } from "@hyperjump/json-schema/draft-07";
import { beforeAll, describe, expect, it } from "vitest";
import { gameSchema, levelSchema, manifestSchema, themeSchema } from "../src/generated/schemas.js";

// An independent, strictly spec-following draft-07 validator (not Ajv, which the package's own
// validator uses): an editor or another tool given our `$schema` URLs must accept every real pack.
const SCHEMAS = { manifest: manifestSchema, game: gameSchema, level: levelSchema, theme: themeSchema };
type FileKind = keyof typeof SCHEMAS;

const SHARED = CORPUS;
const ROOTS = [join(SHARED, "packs"), join(SHARED, "fuzz/packs"), OWN_PACKS];

/** Every pack file with a schema under the puzzle pack folders of `root`, with the schema it follows. */
function packFiles(root: string): { file: string; kind: FileKind }[] {
  const out: { file: string; kind: FileKind }[] = [];
  for (const name of readdirSync(root).sort()) {
    const dir = join(root, name);
    if (!existsSync(join(dir, "manifest.json")) || isMatchPack(dir)) continue;
    out.push(
      { file: join(dir, "manifest.json"), kind: "manifest" },
      { file: join(dir, "game.json"), kind: "game" },
    );
    if (existsSync(join(dir, "theme.json"))) out.push({ file: join(dir, "theme.json"), kind: "theme" });
    const levels = join(dir, "levels");
    if (!existsSync(levels)) continue;
    for (const level of readdirSync(levels).sort()) {
      if (level.endsWith(".json")) out.push({ file: join(levels, level), kind: "level" });
    }
  }
  return out;
}

interface Failure {
  readonly instanceLocation: string;
  readonly absoluteKeywordLocation: string;
}

async function check(kind: FileKind, value: unknown): Promise<readonly Failure[]> {
  const output = await validate(String(SCHEMAS[kind].$id), value as never, "BASIC");
  return output.valid ? [] : ((output.errors ?? []) as Failure[]);
}

beforeAll(() => {
  for (const schema of Object.values(SCHEMAS)) registerSchema(schema as never);
});

describe("the generated JSON Schemas, checked by a second validator", () => {
  for (const root of ROOTS) {
    const files = packFiles(root);
    it(`accept every pack file under ${root.slice(root.lastIndexOf("/", root.lastIndexOf("/") - 1) + 1)} (${files.length} files)`, async () => {
      expect(files.length).toBeGreaterThan(0);
      const rejected: string[] = [];
      for (const { file, kind } of files) {
        const failures = await check(kind, JSON.parse(readFileSync(file, "utf8")));
        for (const f of failures.slice(0, 3)) {
          rejected.push(`${file.slice(root.length + 1)} ${f.instanceLocation}: ${f.absoluteKeywordLocation}`);
        }
      }
      expect(rejected).toEqual([]);
    });
  }

  it("reject what the types do not describe, so the check above can fail", async () => {
    const game = JSON.parse(readFileSync(join(SHARED, "packs/number_cells/game.json"), "utf8"));
    expect(await check("game", game)).toEqual([]);
    game.systems[0].config.slideDistance = 2;
    const unknown = await check("game", game);
    expect(unknown.map((f) => f.instanceLocation)).toContain("#/systems/0/config/slideDistance");
    delete game.systems[0].config.slideDistance;
    game.systems[0].config.mergeLimit = "once";
    const wrongType = await check("game", game);
    expect(wrongType.map((f) => f.instanceLocation)).toContain("#/systems/0/config/mergeLimit");
  });
});
