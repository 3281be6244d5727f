import { join } from "node:path";
import { readPackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import { isPos } from "../src/board/geometry.js";
import type { GameEvent } from "../src/contract/events.js";
import type { Pos } from "../src/contract/model.js";
import { type GameState, loadPack, type Pack, Session } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";
import { PACKS } from "./corpus.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

function kindAt(pack: Pack, state: GameState, layer: string, p: Pos, width: number): string | null {
  const li = pack.layerIndex.get(layer) ?? -1;
  return state.layers[li]?.[p[1] * width + p[0]]?.kind ?? null;
}

/** Every gold-path turn of a corpus pack, with the states around it. */
async function turnsOf(name: string) {
  const loaded = await loadPackFolder(join(PACKS, name));
  if (!loaded.ok) throw new Error(name);
  const out: {
    pack: Pack;
    width: number;
    before: GameState;
    after: GameState;
    events: readonly GameEvent[];
  }[] = [];
  for (const id of loaded.pack.levelOrder) {
    const session = new Session(loaded.pack, id);
    for (const step of loaded.pack.levels[id]?.solution.goldPath ?? []) {
      const before = session.state;
      const result = session.act(step as never);
      out.push({
        pack: loaded.pack,
        width: session.level.width,
        before,
        after: result.state,
        events: result.events,
      });
    }
  }
  return out;
}

/** Every event of a type reported on the gold paths of corpus packs, with the turn around it. */
async function eventsOf(names: readonly string[], type: string) {
  const out: (Awaited<ReturnType<typeof turnsOf>>[number] & { e: GameEvent })[] = [];
  for (const name of names)
    for (const turn of await turnsOf(name))
      for (const e of turn.events) if (e.type === type) out.push({ ...turn, e });
  return out;
}

describe("event fields views rely on", () => {
  it("tile_teleport's placement names the cell the tile jumped from (number_cells)", async () => {
    const placed = (await eventsOf(["number_cells"], "object_placed")).filter(({ e }) => e.teleport === true);
    expect(placed.length).toBeGreaterThan(0);
    for (const { pack, width, after, events, e } of placed) {
      expect(isPos(e.fromPosition) && isPos(e.position)).toBe(true);
      const removed = events.find(
        (r) => r.type === "object_removed" && JSON.stringify(r.toPosition) === JSON.stringify(e.position),
      );
      expect(removed?.position).toEqual(e.fromPosition);
      expect(kindAt(pack, after, String(e.layer), e.position as Pos, width)).toBe(e.kind);
    }
  });

  it("region_transformed lists the moves it applied (rotate_flip, diagonal_swipes)", async () => {
    let moves = 0;
    for (const { pack, width, before, after, e } of await eventsOf(
      ["rotate_flip", "diagonal_swipes"],
      "region_transformed",
    )) {
      expect(Array.isArray(e.moves) && Array.isArray(e.layers)).toBe(true);
      for (const layer of e.layers as string[])
        for (const [from, to] of e.moves as [Pos, Pos][]) {
          expect(kindAt(pack, after, layer, to, width)).toBe(kindAt(pack, before, layer, from, width));
          moves++;
        }
    }
    expect(moves).toBeGreaterThan(0);
  });

  it("support_collapse's object_settled names where each cell fell from (fx_support_collapse)", async () => {
    const settled = await eventsOf(["fx_support_collapse"], "object_settled");
    expect(settled.length).toBeGreaterThan(0);
    for (const { pack, width, before, e } of settled)
      expect(kindAt(pack, before, String(e.layer), e.fromPosition as Pos, width)).toBe(e.fromKind);
  });

  it("boxes_merged names the cell the joining box came from (box_builder)", async () => {
    const merged = await eventsOf(["box_builder"], "boxes_merged");
    expect(merged.length).toBeGreaterThan(0);
    for (const { pack, width, before, after, e } of merged) {
      const from = e.fromPosition as Pos;
      expect(kindAt(pack, before, "objects", from, width)).not.toBeNull();
      expect(kindAt(pack, after, "objects", from, width)).toBeNull();
    }
  });

  it("item_released names the emitter's exit cell, next to where the item lands (number_cells)", async () => {
    const released = await eventsOf(["number_cells"], "item_released");
    expect(released.length).toBeGreaterThan(0);
    for (const { pack, width, after, e } of released) {
      const from = e.fromPosition as Pos;
      const to = e.position as Pos;
      expect(Math.abs(from[0] - to[0]) + Math.abs(from[1] - to[1])).toBe(1);
      const emitter = after.multiCellObjects.find((o) => o.id === e.emitterId);
      expect(emitter?.cells).toContainEqual(from);
      expect(kindAt(pack, after, "objects", to, width)).toBe(e.kind);
    }
  });

  it("a move_entity effect's placement names the cell the entity came from", async () => {
    const files = await readPackFolder(MINI);
    files["levels/moving.json"] = JSON.stringify({
      id: "moving",
      title: "moving",
      board: {
        size: [3, 2],
        layers: {
          ground: [
            ["empty", "empty", "empty"],
            ["empty", "empty", "empty"],
          ],
          objects: [
            ["crate", null, null],
            [null, null, null],
          ],
        },
      },
      state: { avatar: { enabled: true, position: [0, 1], facing: "down" }, variables: {} },
      goals: [{ id: "g", type: "all_cleared", config: { kind: "crate" } }],
      solution: { goldPath: [] },
    });
    const game = JSON.parse(String(files["game.json"]));
    // Written as JSON text: a literal object with a `then` key reads as a thenable to the linter.
    game.rules.push(
      JSON.parse(
        '{"id":"slide_crate","on":"avatar_entered","then":[{"move_entity":{"layer":"objects","from":[0,0],"to":[2,0]}}]}',
      ),
    );
    files["game.json"] = JSON.stringify(game);
    const loaded = loadPack(files);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
    const session = new Session(loaded.pack, "moving");
    const result = session.act({ action: "move", direction: "right" });
    const placed = result.events.find((e) => e.type === "object_placed");
    expect(placed).toMatchObject({ position: [2, 0], fromPosition: [0, 0], kind: "crate" });
  });
});
