/**
 * The match format's reference (`pnpm build` runs before the tests) has a section for every
 * expression and effect of the format, whether the schema's unions or the compiler name it, documents
 * every type and field reachable from the match pack files on some page, and serves the match
 * schemas at the URLs their `$id`s name.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EFFECT_KEYS, EXPRESSION_KEYS } from "@gridponder/match";
import { describe, expect, it } from "vitest";
import { loadMatchGames, loadMatchSchemas } from "../scripts/generate.mjs";
import { matchReferenceModel, matchReferencePages } from "../scripts/reference/match.mjs";

const DIST = join(import.meta.dirname, "../dist");

interface Member {
  name: string;
  key: string;
}

function page(path: string): string {
  const file = join(DIST, path, "index.html");
  expect(existsSync(file), `${path} was built`).toBe(true);
  return readFileSync(file, "utf8");
}

/** The ids of a built page's headings. */
function headingIds(html: string): Set<string> {
  return new Set([...html.matchAll(/<h[1-6][^>]*\sid="([^"]+)"/g)].map((m) => m[1] as string));
}

/** The keys that have no section on a built page; a key's section has the key, lower-cased, as its id. */
function withoutSection(path: string, keys: readonly string[]): string[] {
  const ids = headingIds(page(path));
  return keys.filter((key) => !ids.has(key.toLowerCase()));
}

describe("the match format reference", () => {
  const model = matchReferenceModel(loadMatchSchemas());

  it("has a section per member of the game schema's expression union (ExprNode)", () => {
    const keys = model.expressions.map((m: Member) => m.key);
    expect(keys.length).toBeGreaterThanOrEqual(50);
    expect(withoutSection("reference/match/expressions", keys)).toEqual([]);
  });

  it("has a section per member of the game schema's effect union (Effect)", () => {
    const keys = model.effects.map((m: Member) => m.key);
    expect(keys.length).toBeGreaterThanOrEqual(19);
    expect(withoutSection("reference/match/effects", keys)).toEqual([]);
  });

  it("has a section for every expression and effect the compiler accepts", () => {
    expect(withoutSection("reference/match/expressions", EXPRESSION_KEYS)).toEqual([]);
    expect(withoutSection("reference/match/effects", EFFECT_KEYS)).toEqual([]);
  });

  it("documents every type and field reachable from the match pack files", () => {
    const built = matchReferencePages(loadMatchSchemas(), loadMatchGames());
    const text = built.pages.map((p: { content: string }) => p.content).join("\n");
    const defs = built.model.defs as Record<string, { properties?: Record<string, unknown> }>;
    // An expression's or effect's key is its section's heading (tested above); the rest of it is not
    // a field table of its own when it is a single key.
    const keyed = new Set([...built.model.expressions, ...built.model.effects].map((m: Member) => m.name));
    const reachable = new Set<string>();
    const queue = ["MatchManifest", "MatchGame", "MatchLevel", "MatchTheme"];
    while (queue.length > 0) {
      const name = queue.pop() as string;
      if (reachable.has(name)) continue;
      reachable.add(name);
      for (const m of JSON.stringify(defs[name] ?? {}).matchAll(/"#\/definitions\/([^"]+)"/g))
        queue.push(m[1] as string);
    }
    expect(reachable.size).toBeGreaterThan(80);
    const missing: string[] = [];
    for (const name of reachable) {
      const placed = built.model.homes.has(name) || text.includes(`### ${name}\n`);
      if (!placed) missing.push(`type ${name}`);
      if (keyed.has(name)) continue;
      for (const field of Object.keys(defs[name]?.properties ?? {})) {
        if (!text.includes(`| \`${field}\` |`)) missing.push(`field ${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("shows a use from the example games for most expressions and effects", () => {
    const built = matchReferencePages(loadMatchSchemas(), loadMatchGames());
    expect(loadMatchGames().map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(["checkers", "chess", "eights", "tic-tac-toe"]),
    );
    // The four games use most of the format; a walk of them that found little would be broken.
    expect(built.uses.size).toBeGreaterThan(50);
  });

  it("serves the match schemas at the URLs their $id names", () => {
    for (const name of ["manifest", "game", "level", "theme"]) {
      const schema = JSON.parse(readFileSync(join(DIST, "schemas/match", `${name}.schema.json`), "utf8"));
      expect(schema.$id).toBe(`https://gridponder.dev/schemas/match/${name}.schema.json`);
    }
  });
});
