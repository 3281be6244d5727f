import { Session } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { sceneText } from "../src/render/text.js";
import { buildScene } from "../src/scene.js";
import { corpusPack, everyLevel } from "./corpus.js";

async function startText(pack: string, level: string): Promise<string[]> {
  const loaded = await corpusPack(pack);
  const session = new Session(loaded.pack, level);
  return sceneText(loaded.ctx, buildScene(loaded.ctx, session.level, session.state), { legend: true }).split(
    "\n",
  );
}

describe("sceneText", () => {
  it("draws the avatar, the topmost piece, void ground, and a legend of display names", async () => {
    expect(await startText("carrot_quest", "fw_ice_007")).toEqual([
      "##...O##",
      "#R.....#",
      "P≈RW..@#",
      ".ICWWIRM",
      "..IOIRI.",
      "...R.PR#",
      "#I..RW.#",
      "###.R..T",
      "@ avatar",
      "# void",
      ". empty",
      "O portal",
      "R rock",
      "P pickaxe",
      "≈ water",
      "W wood",
      "I ice",
      "C carrot",
      "M metal crate",
      "T torch",
    ]);
  });

  it("draws multi-cell objects on every cell they cover, and numbers by their last digit's column", async () => {
    expect(await startText("fx_sliding_blocks", "sb_002")).toEqual([
      "#h..C",
      "..C.C",
      "RRCCE",
      "...C.",
      "..CC#",
      "# void",
      "h hatch",
      ". floor",
      "C car",
      "R hero car",
      "E exit floor",
    ]);
    expect(await startText("number_cells", "nc_005")).toEqual([
      "│..2.",
      "│....",
      "│.#..",
      "#.5.3",
      "│ pipe",
      ". empty",
      "n number",
      "# void",
    ]);
  });

  it("draws every level's grid from its scene: one column per cell, each one a piece there", async () => {
    for (const { loaded, levelId, session } of await everyLevel()) {
      const scene = buildScene(loaded.ctx, session.level, session.state);
      const rows = sceneText(loaded.ctx, scene, { blank: "?" }).split("\n");
      const where = `${loaded.name}/${levelId}`;
      expect(rows, where).toHaveLength(scene.height);
      const avatar = scene.avatar?.enabled ? scene.avatar.piece.cell : null;
      for (const [y, row] of rows.entries()) {
        const cells = [...row];
        expect(cells, where).toHaveLength(scene.width);
        for (const [x, char] of cells.entries()) {
          const here = scene.pieces.filter(
            (p) => p.role !== "avatar" && p.cells.some(([px, py]) => px === x && py === y),
          );
          if (avatar && avatar[0] === x && avatar[1] === y) expect(char, where).toBe("@");
          else if (here.length > 0)
            expect(
              here.map((p) => p.symbol.at(-1)),
              `${where} ${x},${y}`,
            ).toContain(char);
          else if (scene.void[y * scene.width + x]) expect(char, where).not.toBe("?");
          else expect(char, where).toBe("?");
        }
      }
    }
  });
});
