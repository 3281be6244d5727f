import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gameSchema, levelSchema, manifestSchema, themeSchema } from "../src/index.js";

// The event payloads' schema ships in schemas/ only (the validator does not need it).
const eventsSchema = JSON.parse(
  readFileSync(join(import.meta.dirname, "../schemas/events.schema.json"), "utf8"),
);

type Node = Record<string, unknown>;

/** Every object schema with properties, wherever it sits (definitions, inline configs, branches). */
function* objectSchemas(node: unknown, path: string): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) yield* objectSchemas(child, `${path}/${i}`);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const n = node as Node;
  if (n.properties && typeof n.properties === "object") yield [path, n];
  for (const [key, child] of Object.entries(n)) yield* objectSchemas(child, `${path}/${key}`);
}

// The reference docs are generated from the types' doc comments, so every type and field needs one.
describe("doc comments", () => {
  const docs = {
    manifest: manifestSchema,
    game: gameSchema,
    level: levelSchema,
    theme: themeSchema,
    events: eventsSchema,
  };

  it.each(Object.entries(docs))("every definition of the %s schema is documented", (_name, schema) => {
    const definitions = schema.definitions as Record<string, Node>;
    const undocumented = Object.entries(definitions)
      .filter(([, def]) => typeof def.description !== "string" || def.description.length < 8)
      .map(([name]) => name);
    expect(undocumented).toEqual([]);
    expect(Object.keys(definitions).length).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(docs))("every field of the %s schema is documented", (_name, schema) => {
    const undocumented: string[] = [];
    let fields = 0;
    for (const [path, object] of objectSchemas(schema, "")) {
      // A discriminated union's generated `type` enum merely lists its members; each member documents it.
      const isUnion = Array.isArray(object.allOf);
      for (const [field, prop] of Object.entries(object.properties as Record<string, Node>)) {
        fields++;
        if (isUnion && Array.isArray(prop.enum)) continue;
        if (typeof prop.description !== "string" || prop.description.length < 8)
          undocumented.push(`${path}.${field}`);
      }
    }
    expect(undocumented).toEqual([]);
    expect(fields).toBeGreaterThan(5);
  });
});
