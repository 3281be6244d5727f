import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the generator is a plain .mjs script without type declarations.
import { generateSchemas, renderOutputs } from "../scripts/generate-schemas.mjs";

const root = join(import.meta.dirname, "..");

describe("generated JSON Schemas", () => {
  it("match the TypeScript types (run `pnpm generate` after changing src/types)", () => {
    const files = renderOutputs(generateSchemas()) as Record<string, string>;
    // Five schemas (four pack files and the event payloads) and the module the validator loads.
    expect(Object.keys(files).length).toBe(6);
    for (const [rel, text] of Object.entries(files)) {
      expect(readFileSync(join(root, rel), "utf8"), `${rel} is stale`).toBe(text);
    }
  });
});
