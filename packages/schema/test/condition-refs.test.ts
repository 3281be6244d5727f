/**
 * A name in a field that more than one branch of a union declares (`hasItem` is in both shapes of an
 * `avatar` condition) is one reference, reported once when it names nothing.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostics, type PackFiles, validatePack } from "../src/index.js";
import { readPackFolder } from "../src/node.js";

const MINI = join(import.meta.dirname, "fixtures/valid/mini");
const mini: PackFiles = await readPackFolder(MINI);

/** The mini pack with one more rule, testing the avatar with `avatar`. */
function withAvatarCondition(avatar: Record<string, unknown>): PackFiles {
  const game = JSON.parse(mini["game.json"] as string);
  game.rules.push({
    id: "drop_key",
    on: "avatar_entered",
    if: { avatar },
    // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
    then: [{ clear_inventory: {} }],
  });
  return { ...mini, "game.json": JSON.stringify(game, null, 2) };
}

describe("an unknown kind in an avatar condition", () => {
  it.each([
    ["the item-only shape", { hasItem: "kye" }],
    ["the shape with a cell", { at: [0, 0], hasItem: "kye" }],
  ])("is reported once, at its pointer, in %s", (_shape, avatar) => {
    const result = validatePack(withAvatarCondition(avatar));
    const shown = formatDiagnostics(result.diagnostics);
    const unknown = result.diagnostics.filter((d) => d.code === "unknown-kind");
    expect(
      unknown.map((d) => [d.file, d.pointer, d.severity, d.message]),
      shown,
    ).toEqual([
      ["game.json", "/rules/1/if/avatar/hasItem", "error", 'unknown entity kind "kye" (did you mean "key"?)'],
    ]);
    expect(result.diagnostics, shown).toHaveLength(1);
  });

  it("is no finding when the kind exists", () => {
    const result = validatePack(withAvatarCondition({ hasItem: "key" }));
    expect(result.diagnostics, formatDiagnostics(result.diagnostics)).toEqual([]);
  });
});
