import { join } from "node:path";
import type { PackFiles } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import { loadPack, Session } from "../src/index.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

/**
 * `param_match` remembers the marker cells of each marker layer it has read (the layer seldom
 * changes): a marker a rule places mid-game must count at once, and in the turns after it.
 */
describe("param_match goal", () => {
  it("counts a marker placed during the game, in its turn and later ones", async () => {
    const base = await readPackFolder(MINI);
    const game = JSON.parse(String(base["game.json"] ?? "{}"));
    game.rules = [
      {
        id: "key_plants_flag",
        on: "avatar_entered",
        where: { position_has_tag: { layer: "objects", tag: "pickup" } },
        // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
        then: [
          { destroy: { position: "$event.position", layer: "objects" } },
          { spawn: { kind: "flag", position: [2, 0], layer: "markers" } },
        ],
      },
    ];
    game.levelSequence = [{ type: "level", ref: "flags" }];
    const level = {
      id: "flags",
      title: "Flags",
      board: {
        size: [5, 1],
        layers: {
          ground: [["empty", "empty", "empty", "empty", "empty"]],
          objects: [[null, { kind: "number", value: 1 }, null, "key", null]],
          markers: [[null, "flag", null, null, null]],
        },
      },
      state: { avatar: { enabled: true, position: [0, 0], facing: "right" }, variables: { never: 0 } },
      goals: [
        {
          id: "ones",
          type: "param_match",
          config: {
            markerLayer: "markers",
            markerKind: "flag",
            checkLayer: "objects",
            checkKind: "number",
            checkParam: "value",
            checkValue: 1,
          },
        },
        // Keeps the level from being won, so every turn is played.
        { id: "never", type: "variable_threshold", config: { variable: "never", target: 1 } },
      ],
      solution: { goldPath: [] },
    };
    const files: PackFiles = {
      "manifest.json": base["manifest.json"] ?? "",
      "assets/cover.png": base["assets/cover.png"] ?? "",
      "game.json": JSON.stringify(game),
      "levels/flags.json": JSON.stringify(level),
    };
    const loaded = loadPack(files);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics, null, 1));
    const session = new Session(loaded.pack, "flags");
    const ones = () => {
      const status = session.goalProgress().find((g) => g.id === "ones");
      return [status?.done, status?.progress];
    };
    const right = { action: "move", direction: "right" };
    expect(ones()).toEqual([true, 1]);
    expect(session.act(right).accepted).toBe(true);
    expect(ones()).toEqual([true, 1]);
    // Onto the key: a second flag stands where no number is.
    session.act(right);
    session.act(right);
    expect(session.state.layers[2]?.[2]?.kind).toBe("flag");
    expect(ones()).toEqual([false, 0.5]);
    // A turn that leaves the markers alone reads the new layer again.
    session.act({ action: "move", direction: "left" });
    expect(ones()).toEqual([false, 0.5]);
    // Undone, the first flag is the only one again.
    session.undo();
    session.undo();
    expect(ones()).toEqual([true, 1]);
  });
});
