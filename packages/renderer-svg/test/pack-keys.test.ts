/**
 * Names from pack data that are also names of `Object.prototype` (`constructor`, `toString`, …) must be
 * ordinary names everywhere: in the validator, the engine, the view model and the SVG thumbnails the
 * catalog builds. `__proto__` is reserved: refused with a located diagnostic.
 *
 * Each row takes a shipped pack and puts a name into one keyed field of the DSL (by renaming a name
 * that field holds, everywhere it is referred to, or by an edit). The same pack with a plain name is
 * the reference: validation, every gold path played through the view controller, the HUD, the input
 * model, the timelines, the text rendering and the SVG of every start and end must come out the same,
 * with only the name differing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectRowHolds, isOwnPack, ROWS } from "./pack-keyed-fields.js";

describe("names of Object.prototype in keyed fields of the DSL", () => {
  for (const [title, row] of Object.entries(ROWS).filter(([, row]) => isOwnPack(row))) {
    it(`${title} (${row.pack}): plays as a plain name does; __proto__ is refused where it is`, () => {
      expectRowHolds(row);
    });
  }
});

/**
 * Every object of the DSL whose keys a pack chooses (a JSON Schema `additionalProperties` schema), as
 * `Definition.property` paths (`.*` for the values of such an object).
 */
function keyedFields(): Set<string> {
  const found = new Set<string>();
  const visit = (schema: unknown, path: string) => {
    if (schema === null || typeof schema !== "object") return;
    const s = schema as Record<string, unknown>;
    const extra = s.additionalProperties;
    if (extra !== null && typeof extra === "object") {
      found.add(path);
      visit(extra, `${path}.*`);
    }
    for (const [name, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
      visit(child, `${path}.${name}`);
    for (const union of ["anyOf", "allOf", "oneOf"])
      for (const branch of (s[union] ?? []) as unknown[]) visit(branch, path);
  };
  for (const file of ["manifest", "game", "level", "theme"]) {
    const schema = JSON.parse(
      readFileSync(join(import.meta.dirname, `../../schema/schemas/${file}.schema.json`), "utf8"),
    ) as { definitions: Record<string, unknown> };
    for (const [name, definition] of Object.entries(schema.definitions)) visit(definition, name);
  }
  return found;
}

describe("the table of keyed fields", () => {
  it("has a row for every object of the DSL whose keys a pack chooses", () => {
    const covered = new Set(Object.values(ROWS).flatMap((row) => row.fields));
    const missing = [...keyedFields()].filter((field) => !covered.has(field));
    expect(missing).toEqual([]);
  });
});
