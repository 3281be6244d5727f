import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderText, Session } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";
import { PACKS } from "./corpus.js";

describe("text renderer", () => {
  it("draws the avatar, objects over ground, and a legend", async () => {
    const loaded = await loadPackFolder(join(PACKS, "carrot_quest"));
    if (!loaded.ok) throw new Error("carrot_quest should load");
    const session = new Session(loaded.pack, "fw_001");
    const { width, height } = session.level;
    const text = renderText(loaded.pack, session.state, width, height, { legend: true });
    const rows = text.split("\n");
    const grid = rows.slice(0, height);
    expect(grid.every((r) => [...r].length === width)).toBe(true);
    const [ax, ay] = session.state.avatar.position ?? [-1, -1];
    expect(grid[ay]?.[ax]).toBe("@");
    // fw_001 has a wood crate at [1, 0] and a rock at [3, 1] on the objects layer.
    const kinds = loaded.pack.game.entityKinds;
    expect(grid[0]?.[1]).toBe(kinds.wood?.symbol);
    expect(grid[1]?.[3]).toBe(kinds.rock?.symbol);
    expect(rows).toContain("@ avatar");
  });
});
