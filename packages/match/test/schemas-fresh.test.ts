import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the generator is a plain .mjs script without type declarations.
import { generateSchemas, renderOutputs } from "../scripts/generate-schemas.mjs";

const root = join(import.meta.dirname, "..");

describe("generated JSON Schemas", () => {
  it("match the TypeScript types (run `pnpm generate` after changing src/types)", () => {
    const files = renderOutputs(generateSchemas()) as Record<string, string>;
    // Four schemas (manifest, game, level, theme) and the module the validator loads.
    expect(Object.keys(files).sort()).toEqual([
      "schemas/game.schema.json",
      "schemas/level.schema.json",
      "schemas/manifest.schema.json",
      "schemas/theme.schema.json",
      "src/generated/schemas.ts",
    ]);
    for (const [rel, text] of Object.entries(files)) {
      expect(readFileSync(join(root, rel), "utf8"), `${rel} is stale`).toBe(text);
    }
  });

  it("keep the types' documentation as descriptions", () => {
    const game = JSON.parse(readFileSync(join(root, "schemas/game.schema.json"), "utf8"));
    expect(game.definitions.MatchGame.properties.pieces.description).toBe("Piece and card types, by id.");
    const level = JSON.parse(readFileSync(join(root, "schemas/level.schema.json"), "utf8"));
    // `MatchLevel.setup` is an inline import type: it must still become the Setup definition.
    expect(level.definitions.MatchLevel.properties.setup).toEqual({ $ref: "#/definitions/Setup" });
    expect(level.definitions.Setup.properties.board.description).toMatch(/rows of characters/);
  });
});
