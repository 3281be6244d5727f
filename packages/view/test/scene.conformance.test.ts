import { type ActionInput, Session } from "@gridponder/engine";
import { expandGoldPathStep } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { appearanceOf } from "../src/appearance.js";
import { isHexColor } from "../src/colors.js";
import { createViewContext } from "../src/context.js";
import { buildScene, withIds } from "../src/scene.js";
import type { Piece, Scene } from "../src/types.js";
import { BASE_COLLECTION, corpusPack, everyLevel, withTheme } from "./corpus.js";

async function sceneOf(pack: string, level: string, actions: readonly ActionInput[] = []) {
  const loaded = await corpusPack(pack);
  const session = new Session(loaded.pack, level);
  for (const a of actions) expect(session.act(a).accepted).toBe(true);
  return { ...loaded, session, scene: buildScene(loaded.ctx, session.level, session.state) };
}

const at = (scene: Scene, layer: string, x: number, y: number) =>
  scene.layers.find((l) => l.id === layer)?.cells[y * scene.width + x] ?? null;

function checkScene(scene: Scene) {
  for (const p of scene.pieces) {
    expect(isHexColor(p.appearance.color), `${p.id} ${p.appearance.color}`).toBe(true);
    expect(p.appearance.opacity).toBeGreaterThanOrEqual(0);
    expect(p.appearance.opacity).toBeLessThanOrEqual(1);
    if (p.appearance.tint !== null) expect(isHexColor(p.appearance.tint)).toBe(true);
  }
  expect(new Set(scene.pieces.map((p) => p.id)).size).toBe(scene.pieces.length);
  for (const r of scene.outlines) expect(isHexColor(r.color)).toBe(true);
  for (const g of scene.goalGrids) for (const c of g.cells) if (c) expect(isHexColor(c.color)).toBe(true);
}

describe("buildScene", () => {
  it("builds every level of every pack, at the start and along the gold path", async () => {
    let levels = 0;
    for (const { loaded, session } of await everyLevel()) {
      checkScene(buildScene(loaded.ctx, session.level, session.state));
      for (const step of session.level.def.solution.goldPath) {
        session.act(expandGoldPathStep(step) as ActionInput);
        checkScene(buildScene(loaded.ctx, session.level, session.state));
      }
      levels++;
    }
    expect(levels).toBeGreaterThan(100);
  });

  it("lists layer pieces in layer then row-major order with positional ids, then the avatar", async () => {
    const { scene, pack } = await sceneOf("carrot_quest", "fw_001");
    expect(scene.layers.map((l) => l.id)).toEqual(pack.game.layers.map((l) => l.id));
    const layerPieces = scene.pieces.filter((p) => p.role !== "avatar");
    const order = layerPieces.map((p) => [p.layerIndex, p.cell[1], p.cell[0]] as const);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    expect(order).toEqual(sorted);
    for (const p of layerPieces) expect(p.id).toBe(`${p.layer}@${p.cell[0]},${p.cell[1]}`);
    const ground = scene.layers[0];
    expect(ground?.exactlyOne).toBe(true);
    expect(ground?.cells.every((c) => c === null || c.role === "ground")).toBe(true);
    const last = scene.pieces[scene.pieces.length - 1];
    expect(last?.id).toBe("avatar");
    expect(last?.layerIndex).toBe(pack.layers.length);
    expect(scene.avatar?.piece).toBe(last);
    expect(scene.avatar?.visible).toBe(true);
    expect(scene.avatar?.sprite?.collection).toBe(BASE_COLLECTION);
  });

  it("marks void cells and draws no ground there", async () => {
    const { scene } = await sceneOf("number_cells", "nc_002");
    expect(scene.void.slice(0, 9)).toEqual([false, false, false, true, false, false, true, false, false]);
    expect(at(scene, "ground", 0, 1)).toBeNull();
    expect(at(scene, "ground", 1, 1)?.kind).toBe("empty");
    expect(scene.pieces.some((p) => p.kind === "void")).toBe(false);
  });

  it("keeps void cells that have art of their own (box_builder's trees)", async () => {
    const { scene } = await sceneOf("box_builder", "bb_009");
    const trees = scene.pieces.filter((p) => p.kind === "void");
    expect(trees.length).toBeGreaterThan(0);
    for (const t of trees) {
      expect(scene.void[t.cell[1] * scene.width + t.cell[0]]).toBe(true);
      expect(t.appearance.sprite?.path).toBe("sprites/tiles/oak.png");
    }
  });

  it("outlines each connected region of an outlined kind (flood_colors' cell_flooded)", async () => {
    const loaded = await corpusPack("flood_colors");
    const session = new Session(loaded.pack, "fl_001");
    expect(session.act({ action: "flood_red" }).accepted).toBe(true);
    const scene = buildScene(loaded.ctx, session.level, session.state);
    const flooded = (x: number, y: number) => at(scene, "objects", x, y)?.kind === "cell_flooded";
    expect(scene.outlines).toHaveLength(1);
    const region = scene.outlines[0];
    expect(region?.kind).toBe("cell_flooded");
    expect(region?.color).toBe("#222222");
    expect(region?.width).toBe(3);
    const cells = scene.layers[1]?.cells.flatMap((p) => (p?.kind === "cell_flooded" ? [p.cell] : [])) ?? [];
    expect(cells.length).toBeGreaterThan(1);
    expect(region?.cells).toEqual(cells);
    // Exactly the sides of flooded cells whose neighbour is not flooded.
    const expected = new Set<string>();
    for (const [x, y] of cells) {
      if (!flooded(x, y - 1)) expected.add([x, y, x + 1, y].join());
      if (!flooded(x + 1, y)) expected.add([x + 1, y, x + 1, y + 1].join());
      if (!flooded(x, y + 1)) expected.add([x, y + 1, x + 1, y + 1].join());
      if (!flooded(x - 1, y)) expected.add([x, y, x, y + 1].join());
    }
    expect(new Set(region?.edges.map((e) => e.join()))).toEqual(expected);
    expect(region?.edges).toHaveLength(expected.size);
  });

  it("gives a one-exit pipe its queue from the exit backwards, and advances it as items leave", async () => {
    const loaded = await corpusPack("number_cells");
    const session = new Session(loaded.pack, "nc_004");
    const before = buildScene(loaded.ctx, session.level, session.state).pieces.find(
      (p) => p.id === "mco:pipe_1",
    );
    expect(before?.role).toBe("multi_cell");
    expect(before?.cells).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    // The exit is [2, 0]: the next item (7) sits there, 5 behind it.
    expect(before?.queue).toEqual([7, 5]);
    expect(before?.queueCells).toEqual([null, 5, 7]);
    // No ground piece is drawn under the pipe.
    const scene = buildScene(loaded.ctx, session.level, session.state);
    expect(at(scene, "ground", 0, 0)).toBeNull();
    let after = before;
    for (const step of session.level.def.solution.goldPath) {
      session.act(expandGoldPathStep(step) as ActionInput);
      after = buildScene(loaded.ctx, session.level, session.state).pieces.find((p) => p.id === "mco:pipe_1");
      if ((after?.queue?.length ?? 0) < 2) break;
    }
    expect(after?.queue).toEqual([5]);
    expect(after?.queueCells).toEqual([null, null, 5]);
  });

  it("shows a two-exit pipe's slots per cell, with the per-cell sprites of the level", async () => {
    const { scene } = await sceneOf("number_cells", "nc_011");
    const pipe = scene.pieces.find((p) => p.id === "mco:pipe_1");
    expect(pipe?.queueCells).toEqual([3, 2, 5, null, null]);
    expect(pipe?.queue).toEqual([3, 2, 5]);
    expect(pipe?.cellSprites).toHaveLength(5);
    expect(pipe?.cellSprites?.[0]).toEqual({ collection: null, path: "assets/pipe_straight_h.png" });
    expect(pipe?.appearance.form).toBe("block");
  });

  it("marks the selected sliding block", async () => {
    const loaded = await corpusPack("fx_sliding_blocks");
    const session = new Session(loaded.pack, "sb_001");
    const plain = buildScene(loaded.ctx, session.level, session.state);
    const blocks = plain.pieces.filter((p) => p.role === "multi_cell");
    expect(blocks.map((b) => b.id)).toEqual(["mco:hero", "mco:v1", "mco:v2", "mco:h1"]);
    expect(blocks.every((b) => b.selected === false)).toBe(true);
    const selected = buildScene(loaded.ctx, session.level, session.state, { selectedObjectId: "v1" });
    const marked = selected.pieces.filter((p) => p.selected);
    expect(marked.map((p) => p.id)).toEqual(["mco:v1"]);
    // Sliding blocks leave the ground under them drawn.
    expect(at(selected, "ground", 3, 1)?.kind).toBe("floor");
  });

  it("marks the actor individual_actors has selected", async () => {
    const { scene } = await sceneOf("fx_individual_actors", "ia_001", [
      { action: "tap_cell", position: [0, 0] },
    ]);
    const selected = scene.pieces.filter((p) => p.selected);
    expect(selected.map((p) => p.id)).toEqual(["actors@0,0"]);
    expect(selected[0]?.appearance.form).toBe("figure");
  });

  it("shows the overlay cursor and a board_match goal's target grid", async () => {
    const { scene, ctx } = await sceneOf("diagonal_swipes", "ds_001");
    expect(scene.overlay?.cell).toEqual([0, 0]);
    expect(scene.overlay?.size).toEqual([2, 2]);
    expect(isHexColor(scene.overlay?.color ?? "")).toBe(true);
    expect(scene.goalGrids).toHaveLength(1);
    const grid = scene.goalGrids[0];
    expect(grid?.goalId).toBe("match");
    expect([grid?.width, grid?.height]).toEqual([3, 3]);
    expect(grid?.cells.filter((c) => c !== null)).toHaveLength(1);
    expect(grid?.cells[2]).toBe(appearanceOf(ctx, "num_8", null));
  });

  it("reports the avatar's carried item, and hides an avatar the theme makes invisible", async () => {
    const loaded = await corpusPack("carrot_quest");
    const session = new Session(loaded.pack, "fw_001");
    // Walk the gold paths until the avatar carries something.
    let carried: Scene["avatar"] = null;
    for (const id of loaded.pack.levelOrder) {
      const s = new Session(loaded.pack, id);
      for (const step of s.level.def.solution.goldPath) {
        s.act(expandGoldPathStep(step) as ActionInput);
        if (s.state.avatar.item) {
          carried = buildScene(loaded.ctx, s.level, s.state).avatar;
          break;
        }
      }
      if (carried) break;
    }
    expect(carried?.item?.kind).toMatch(/torch|pickaxe/);
    expect(carried?.item?.appearance).toBe(appearanceOf(loaded.ctx, carried?.item?.kind as string, null));
    const hidden = createViewContext(withTheme(loaded.pack, { avatar: { visible: false } }), loaded.assets);
    const scene = buildScene(hidden, session.level, session.state);
    expect(scene.avatar?.visible).toBe(false);
    expect(scene.pieces.some((p) => p.role === "avatar")).toBe(false);
  });

  it("shows a disabled avatar as not visible (flood_colors)", async () => {
    const { scene } = await sceneOf("flood_colors", "fl_001");
    expect(scene.avatar?.enabled).toBe(false);
    expect(scene.avatar?.visible).toBe(false);
    expect(scene.pieces.some((p) => p.role === "avatar")).toBe(false);
  });
});

describe("withIds", () => {
  it("renames every piece consistently in pieces, layers and the avatar", async () => {
    const { scene } = await sceneOf("carrot_quest", "fw_001");
    const renamed = withIds(scene, (p: Piece) => `v-${p.id}`);
    expect(renamed.pieces.map((p) => p.id)).toEqual(scene.pieces.map((p) => `v-${p.id}`));
    const pieces = new Set(renamed.pieces);
    for (const layer of renamed.layers)
      for (const cell of layer.cells) if (cell) expect(pieces.has(cell)).toBe(true);
    expect(pieces.has(renamed.avatar?.piece as Piece)).toBe(true);
    expect(renamed.avatar?.piece.id).toBe("v-avatar");
    // The original is untouched, and an identity renaming keeps the very same pieces.
    expect(scene.pieces[0]?.id).not.toMatch(/^v-/);
    const same = withIds(scene, (p) => p.id);
    expect(same.pieces.every((p, i) => p === scene.pieces[i])).toBe(true);
  });
});
