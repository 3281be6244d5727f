import type { Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import type { LevelDefinition } from "@gridponder/schema";
import { type AssetCatalog, ViewController } from "@gridponder/view";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseCell, paintCell, resizeBoard, setAvatar } from "../src/model/level-edits.js";
import { levelScene, withLevel } from "../src/ui/level-scene.js";
import { PACK_NAMES, PACKS_DIR } from "./io-fixtures.js";

const NO_ASSETS: AssetCatalog = { packFiles: [], collections: [] };

/** The scene a player shows at the level's start, from a controller made for it alone. */
function fresh(pack: Pack, level: LevelDefinition, assets: AssetCatalog) {
  try {
    return new ViewController(withLevel(pack, level), level.id, { assets, reducedMotion: true }).scene;
  } catch {
    return null;
  }
}

/** A small deterministic generator, so a failure names edits that can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const packs = new Map<string, Pack>();
beforeAll(async () => {
  for (const slug of PACK_NAMES) {
    const loaded = await loadPackFolder(`${PACKS_DIR}${slug}`);
    if (loaded.ok) packs.set(slug, loaded.pack);
  }
  expect(packs.size).toBeGreaterThan(3);
});

describe("levelScene", () => {
  it("draws what a fresh ViewController shows, through a stroke of paints and erases on every pack", () => {
    let compared = 0;
    for (const [slug, pack] of packs) {
      const next = random(slug.length * 7919);
      const kinds = Object.keys(pack.game.entityKinds);
      const id = pack.levelOrder[0] as string;
      let level = pack.levels[id] as LevelDefinition;
      const [w, h] = level.board.size;
      for (let step = 0; step < 25; step++) {
        const x = Math.floor(next() * w);
        const y = Math.floor(next() * h);
        const kind = kinds[Math.floor(next() * kinds.length)] as string;
        try {
          level = (next() < 0.7 ? paintCell(level, pack.game, x, y, kind) : eraseCell(level, pack.game, x, y))
            .level;
        } catch {
          continue; // an edit the model refuses (a kind with required params) changes nothing
        }
        const drawn = levelScene(pack, level, NO_ASSETS);
        const expected = fresh(pack, level, NO_ASSETS);
        expect(drawn.scene, `${slug}/${id} after ${step + 1} edits`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("follows a change of goals, size, avatar and images between two calls (nothing kept goes stale)", () => {
    // A level with a goal grid (board_match), which the view context keeps by level id.
    const slug = "foundry-numbers";
    const pack = packs.get(slug) as Pack;
    const id = pack.levelOrder.find((l) =>
      pack.levels[l]?.goals.some((g) => g.type === "board_match"),
    ) as string;
    const level = pack.levels[id] as LevelDefinition;
    expect(levelScene(pack, level, NO_ASSETS).scene?.goalGrids.length).toBeGreaterThan(0);
    const variants: [string, LevelDefinition, AssetCatalog][] = [
      ["as loaded", level, NO_ASSETS],
      [
        "a cell painted",
        paintCell(level, pack.game, 0, 0, Object.keys(pack.game.entityKinds)[0] as string).level,
        NO_ASSETS,
      ],
      ["without goals", { ...level, goals: [] }, NO_ASSETS],
      [
        "resized",
        resizeBoard(level, pack.game, level.board.size[0] + 2, level.board.size[1] + 1).level,
        NO_ASSETS,
      ],
      ["avatar moved", setAvatar(level, { position: [0, 0] }).level, NO_ASSETS],
      ["with images", level, { packFiles: ["assets/x.png"], collections: [] }],
      ["as loaded again", level, NO_ASSETS],
    ];
    for (const [what, variant, assets] of variants)
      expect(levelScene(pack, variant, assets).scene, `${slug}: ${what}`).toEqual(
        fresh(pack, variant, assets),
      );
  });

  it("says why an odd level cannot be drawn instead of throwing, and draws the next good one", () => {
    const pack = packs.values().next().value as Pack;
    const id = pack.levelOrder[0] as string;
    const level = pack.levels[id] as LevelDefinition;
    const hostile = [
      { ...level, goals: [{ id: "g", type: "no_such_goal<script>", config: {} }] },
      { ...level, board: { ...level.board, layers: { __proto__: ["wall"] } } },
      { ...level, board: { ...level.board, size: [0, 0] } },
      { ...level, state: { ...level.state, avatar: { position: [-5, 99_999] } } },
    ] as unknown as LevelDefinition[];
    for (const odd of hostile) {
      const drawn = levelScene(pack, odd, NO_ASSETS);
      const expected = fresh(pack, odd, NO_ASSETS);
      if (expected === null) expect(drawn.error).toEqual(expect.any(String));
      else expect(drawn.scene).toEqual(expected);
    }
    expect(levelScene(pack, level, NO_ASSETS).scene).toEqual(fresh(pack, level, NO_ASSETS));
  });
});
