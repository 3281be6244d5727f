import { readFileSync } from "node:fs";
import { join } from "node:path";

// The reference docs state each system's phases and events from the schema's `@gpPhases` and
// `@gpEmits` tags; these tests hold those tags to what the engine does.
const definitions = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../schema/schemas/game.schema.json"), "utf8"),
).definitions as Record<
  string,
  { properties?: { type?: { const?: string } }; gpPhases?: string[]; gpEmits?: string[] }
>;

export const documented = new Map<string, { phases: string[]; emits: string[] }>();
for (const def of Object.values(definitions)) {
  const type = def.properties?.type?.const;
  if (type !== undefined && def.gpPhases)
    documented.set(type, { phases: def.gpPhases, emits: def.gpEmits ?? [] });
}

export const PHASES = ["action", "movement", "cascade", "npc"] as const;
