/**
 * The built site (`pnpm build` runs before the tests) has a reference section for every system,
 * event, condition, effect, goal and lose-condition type the schema defines, and documents every
 * type and field reachable from the pack files and the event payloads on some reference page.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EVENT_TYPES, levelSchema, SYSTEM_TYPES } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { inlineCode, sourceHash } from "../scripts/csp.mjs";
import { examplesBySystem } from "../scripts/examples.mjs";
import { loadSchemas } from "../scripts/generate.mjs";
import { referenceModel, referencePages } from "../scripts/reference/pages.mjs";

const DIST = join(import.meta.dirname, "../dist");
const EXAMPLES = join(import.meta.dirname, "../examples");

function page(path: string): string {
  const file = join(DIST, path, "index.html");
  expect(existsSync(file), `${path} was built`).toBe(true);
  return readFileSync(file, "utf8");
}

/** The ids of a built page's headings. */
function headingIds(html: string): Set<string> {
  return new Set([...html.matchAll(/<h[1-6][^>]*\sid="([^"]+)"/g)].map((m) => m[1] as string));
}

function unionTypes(union: string): string[] {
  const def = (levelSchema.definitions as Record<string, { properties: { type: { enum: string[] } } }>)[
    union
  ];
  return def?.properties.type.enum ?? [];
}

describe("the DSL reference", () => {
  it("has a page per system type, with its config and an example", () => {
    expect(SYSTEM_TYPES.length).toBeGreaterThanOrEqual(19);
    for (const type of SYSTEM_TYPES) {
      const ids = headingIds(page(`reference/systems/${type}`));
      expect(ids.has("config"), `${type}: config section`).toBe(true);
      expect(ids.has("example"), `${type}: example section`).toBe(true);
    }
  });

  it("has a section per event type", () => {
    const ids = headingIds(page("reference/rules/events"));
    expect(EVENT_TYPES.filter((t) => !ids.has(t))).toEqual([]);
  });

  it("has a section per condition and effect", () => {
    const model = referenceModel(loadSchemas());
    expect(model.conditions.length).toBeGreaterThanOrEqual(8);
    expect(model.effects.length).toBeGreaterThanOrEqual(10);
    const conditions = headingIds(page("reference/rules/conditions"));
    expect(
      model.conditions.map((c: { key: string }) => c.key).filter((k: string) => !conditions.has(k)),
    ).toEqual([]);
    const effects = headingIds(page("reference/rules/effects"));
    expect(model.effects.map((e: { key: string }) => e.key).filter((k: string) => !effects.has(k))).toEqual(
      [],
    );
  });

  it("has a section per goal and lose-condition type", () => {
    const goals = unionTypes("Goal");
    const loses = unionTypes("LoseCondition");
    expect(goals.length).toBeGreaterThanOrEqual(9);
    expect(loses.length).toBeGreaterThanOrEqual(5);
    const goalIds = headingIds(page("reference/goals/goal-types"));
    expect(goals.filter((g) => !goalIds.has(g))).toEqual([]);
    const loseIds = headingIds(page("reference/goals/lose-conditions"));
    expect(loses.filter((l) => !loseIds.has(l))).toEqual([]);
  });

  it("documents every type and field reachable from the files and the events", () => {
    const { pages, model } = referencePages(loadSchemas(), examplesBySystem(EXAMPLES));
    const text = pages.map((p: { content: string }) => p.content).join("\n");
    // A condition's or effect's one field is its key, which is its section's heading (tested above).
    const keyed = new Set([...model.conditions, ...model.effects].map((m: { name: string }) => m.name));
    const defs = model.defs as Record<string, { properties?: Record<string, unknown> }>;
    // Every definition reachable from the roots, through $refs.
    const reachable = new Set<string>();
    const queue = ["Manifest", "GameDefinition", "LevelDefinition", "Theme", "EventPayloads"];
    while (queue.length > 0) {
      const name = queue.pop() as string;
      if (reachable.has(name)) continue;
      reachable.add(name);
      for (const m of JSON.stringify(defs[name] ?? {}).matchAll(/"#\/definitions\/([^"]+)"/g))
        queue.push(m[1] as string);
    }
    reachable.delete("EventPayloads");
    expect(reachable.size).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const name of reachable) {
      const placed = model.homes.has(name) || text.includes(`### ${name}\n`);
      if (!placed) missing.push(`type ${name}`);
      if (keyed.has(name)) continue;
      for (const field of Object.keys(defs[name]?.properties ?? {})) {
        if (!text.includes(`| \`${field}\` |`)) missing.push(`field ${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("serves the JSON Schemas at the URLs their $id names", () => {
    for (const name of ["manifest", "game", "level", "theme", "events"]) {
      const schema = JSON.parse(readFileSync(join(DIST, "schemas", `${name}.schema.json`), "utf8"));
      expect(schema.$id).toBe(`https://gridponder.dev/schemas/${name}.schema.json`);
    }
  });

  it("puts a Content-Security-Policy on every page", () => {
    const htmlFiles: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name.endsWith(".html")) htmlFiles.push(join(dir, entry.name));
      }
    };
    walk(DIST);
    expect(htmlFiles.length).toBeGreaterThan(100);
    const uncovered: string[] = [];
    for (const file of htmlFiles) {
      const html = readFileSync(file, "utf8");
      const policy = /<meta http-equiv="content-security-policy" content="([^"]*)">/i.exec(html)?.[1];
      const scriptSrc = policy?.split(";").find((d) => d.trim().startsWith("script-src "));
      if (policy === undefined || scriptSrc === undefined || scriptSrc.includes("'unsafe-inline'")) {
        uncovered.push(`${file}: no strict script-src`);
        continue;
      }
      // Every inline script and <style> element of the page is allowed by its own hash.
      const { scripts, styles } = inlineCode(html);
      for (const body of [...scripts, ...styles])
        if (!policy.includes(sourceHash(body))) uncovered.push(`${file}: ${body.slice(0, 40)}`);
    }
    expect(uncovered).toEqual([]);
  });
});
