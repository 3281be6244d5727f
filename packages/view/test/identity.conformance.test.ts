import { describe, expect, test } from "vitest";
import { goldActions } from "../src/hud.js";
import { cellOf, eventOf, firstPush, firstTurn, pieceAt, traceOf, turnWithEvent } from "./motion-fixtures.js";

describe("identity across turns", () => {
  test("a pushed crate is the same object at its new cell (carrot_quest)", async () => {
    const turn = await firstPush("carrot_quest");
    const { crate } = turn;
    const [fx, fy] = turn.from;
    const moved = pieceAt(turn.after, "objects", ...turn.to);
    expect(moved.id).toBe(crate.id);
    expect(moved.kind).toBe(crate.kind);
    expect(turn.after.layers.find((l) => l.id === "objects")?.cells[fy * turn.after.width + fx]).toBeNull();
    // Nothing else on the board changed identity.
    const others = turn.before.pieces.filter((p) => p.id !== crate.id).map((p) => p.id);
    const after = new Set(turn.after.pieces.map((p) => p.id));
    for (const id of others) expect(after.has(id)).toBe(true);
  });

  test("a pushed crate keeps its id in the repository's own pack (lantern-cellar)", async () => {
    const { crate, after } = await firstPush("lantern-cellar");
    const end = after.pieces.find((p) => p.id === crate.id);
    expect(end).toBeDefined();
    expect(end?.cell).not.toEqual(crate.cell);
  });

  test("a slide-merge turns two ids into one: the target keeps its id (number_cells)", async () => {
    const turn = await turnWithEvent("number_cells", "tiles_merged");
    const merged = turn.event;
    const [mover, target] = (merged.sources as unknown[]).map(cellOf) as [[number, number], [number, number]];
    const moverId = pieceAt(turn.before, "objects", ...mover).id;
    const targetId = pieceAt(turn.before, "objects", ...target).id;
    expect(moverId).not.toBe(targetId);
    const result = pieceAt(turn.after, "objects", ...cellOf(merged.position));
    expect(result.id).toBe(targetId);
    expect(turn.after.pieces.some((p) => p.id === moverId)).toBe(false);
  });

  test("an avatar through a portal jumps (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "avatar_entered" && e.viaPortal === true),
    );
    const { trace } = traceOf(turn);
    const jump = trace.motions.find((m) => m.id === "avatar" && m.mode === "jump");
    const entered = turn.result.events.find((e) => e.type === "avatar_entered" && e.viaPortal === true);
    expect(jump?.path).toEqual([cellOf(entered?.fromPosition), cellOf(entered?.position)]);
  });

  test("a tile on a teleporter jumps to the partner and keeps its id (number_cells tile_teleport)", async () => {
    const turn = await firstTurn("number_cells", (events) =>
      events.some((e) => e.type === "object_placed" && e.teleport === true),
    );
    const placed = turn.result.events.find((e) => e.type === "object_placed" && e.teleport === true);
    const from = cellOf(placed?.fromPosition);
    const to = cellOf(placed?.position);
    const { trace, scene } = traceOf(turn);
    const jump = trace.motions.find((m) => m.mode === "jump" && m.phase === "npc");
    expect(jump?.path).toEqual([from, to]);
    expect(pieceAt(scene, "objects", ...to).id).toBe(jump?.id);
  });

  test("a region rotation carries every object along its mapping (rotate_flip)", async () => {
    const turn = await firstTurn("rotate_flip", (events) =>
      events.some((e) => e.type === "region_transformed" && Array.isArray(e.moves) && e.moves.length > 0),
    );
    const region = eventOf(turn.result.events, "region_transformed");
    let checked = 0;
    for (const [from, to] of region.moves as [unknown, unknown][]) {
      const [fx, fy] = cellOf(from);
      const [tx, ty] = cellOf(to);
      const was = turn.before.layers.find((l) => l.id === "objects")?.cells[fy * turn.before.width + fx];
      const now = turn.after.layers.find((l) => l.id === "objects")?.cells[ty * turn.after.width + tx];
      if (!was) continue;
      expect(now?.id).toBe(was.id);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  test("boxes that join are two objects becoming one (box_builder)", async () => {
    const turn = await turnWithEvent("box_builder", "boxes_merged");
    const merged = turn.event;
    const before = new Set(turn.before.pieces.filter((p) => p.layer === "objects").map((p) => p.id));
    const after = turn.after.pieces.filter((p) => p.layer === "objects");
    const joined = pieceAt(turn.after, "objects", ...cellOf(merged.position));
    expect(before.has(joined.id)).toBe(true);
    expect(after.length).toBe(before.size - 1);
    expect(after.every((p) => before.has(p.id))).toBe(true);
  });

  test("falling cells keep their ids and land where the engine put them (fx_support_collapse)", async () => {
    const turn = await turnWithEvent("fx_support_collapse", "object_settled");
    const settled = turn.result.events.filter((e) => e.type === "object_settled");
    for (const e of settled) {
      const layer = String(e.layer);
      const from = cellOf(e.fromPosition);
      const wasId = pieceAt(turn.before, layer, ...from).id;
      expect(pieceAt(turn.after, layer, ...cellOf(e.position)).id).toBe(wasId);
    }
  });

  test("an item released from a pipe is new and comes out of the pipe's exit (number_cells)", async () => {
    const turn = await turnWithEvent("number_cells", "item_released");
    const released = turn.event;
    const { trace, scene } = traceOf(turn);
    const item = pieceAt(scene, "objects", ...cellOf(released.position));
    expect(turn.before.pieces.some((p) => p.id === item.id)).toBe(false);
    expect(trace.spawns).toContainEqual({ id: item.id, origin: cellOf(released.fromPosition) });
  });

  test("fresh ids continue the chain's numbering instead of reusing one still on the board", async () => {
    const turn = await turnWithEvent("number_cells", "item_released");
    const serial = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
    const gold = goldActions(turn.controller.session.level);
    let spawnsSeen = 0;
    for (let step = turn.step + 1; step < gold.length; step++) {
      const before = turn.controller.scene;
      const largest = Math.max(
        0,
        ...before.pieces.filter((p) => p.id.includes("#")).map((p) => serial(p.id)),
      );
      turn.controller.act(gold[step] as NonNullable<(typeof gold)[number]>);
      const known = new Set(before.pieces.map((p) => p.id));
      for (const p of turn.controller.scene.pieces) {
        if (known.has(p.id)) continue;
        expect(p.id).toMatch(/^objects#\d+$/);
        expect(serial(p.id)).toBeGreaterThan(largest);
        spawnsSeen++;
      }
    }
    expect(spawnsSeen).toBeGreaterThan(0);
  });
  test("actors keep their ids as they move; claimed territory is new (fx_individual_actors)", async () => {
    const turn = await turnWithEvent("fx_individual_actors", "actor_moved");
    const moved = turn.event;
    const actor = pieceAt(turn.before, "actors", ...cellOf(moved.fromPosition));
    expect(pieceAt(turn.after, "actors", ...cellOf(moved.position)).id).toBe(actor.id);
    const claimed = turn.result.events.find((e) => e.type === "cell_claimed" && e.previousOwner === null);
    if (claimed) {
      const layer = turn.loaded.pack.kinds.get(String(claimed.ownerKind))?.layer as string;
      const mark = pieceAt(turn.after, layer, ...cellOf(claimed.position));
      expect(turn.before.pieces.some((p) => p.id === mark.id)).toBe(false);
    }
  });

  test("NPCs keep their ids as they step, and animate one cell (wisp-hollow)", async () => {
    const turn = await turnWithEvent("wisp-hollow", "npc_moved");
    const moved = turn.event;
    const wisp = pieceAt(turn.before, String(moved.layer), ...cellOf(moved.fromPosition));
    expect(pieceAt(turn.after, String(moved.layer), ...cellOf(moved.toPosition)).id).toBe(wisp.id);
    const keys = turn.timeline.tracks.find((t) => t.id === wisp.id)?.keys ?? [];
    expect(keys.length).toBeGreaterThan(1);
    const [from, to] = [keys[0]?.pose, keys.at(-1)?.pose];
    expect([from?.x, from?.y]).toEqual(cellOf(moved.fromPosition));
    expect([to?.x, to?.y]).toEqual(cellOf(moved.toPosition));
  });

  test("captured and flooded cells keep their ids and change their look (fx_flank_capture, flood_colors)", async () => {
    const capture = await firstTurn("fx_flank_capture", (events) =>
      events.some((e) => e.type === "cell_transformed"),
    );
    for (const e of capture.result.events.filter((x) => x.type === "cell_transformed")) {
      const was = pieceAt(capture.before, String(e.layer), ...cellOf(e.position));
      const now = pieceAt(capture.after, String(e.layer), ...cellOf(e.position));
      expect(now.id).toBe(was.id);
      expect([was.kind, now.kind]).toEqual([e.fromKind, e.toKind]);
    }
    const flood = await turnWithEvent("flood_colors", "cells_flooded");
    const flooded = flood.event;
    for (const p of flooded.positions as unknown[]) {
      const was = pieceAt(flood.before, String(flooded.layer), ...cellOf(p));
      const now = pieceAt(flood.after, String(flooded.layer), ...cellOf(p));
      expect(now.id).toBe(was.id);
      expect(now.appearance.key).not.toBe(was.appearance.key);
    }
  });

  test("a removal or change names the mover that enters its cell after it (carrot_quest, twinseed)", async () => {
    // The rock breaks, then the avatar steps where it stood: the removal makes way for that step.
    const rock = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "object_removed" && e.animation === "breaking"),
    );
    const broken = traceOf(rock);
    const removal = broken.trace.removals.find((r) => r.animation === "breaking");
    const removed = eventOf(rock.result.events, "object_removed");
    expect(removal).toMatchObject({
      cell: cellOf(removed.position),
      event: rock.result.events.indexOf(removed),
    });
    const step = broken.trace.motions[removal?.makesWayFor ?? -1];
    expect(step).toMatchObject({ id: "avatar", mode: "step" });
    expect(step?.path[step.path.length - 1]).toEqual(cellOf(removed.position));
    // A crate pushed into water sinks after it arrived: nothing waits for its removal or the bridge.
    const sinking = await firstTurn("carrot_quest", (events) => {
      const bridged = events.findIndex((e) => e.type === "cell_transformed" && e.fromKind === "water");
      return bridged > 0 && !events.slice(bridged).some((e) => e.type === "avatar_entered");
    });
    const sunk = traceOf(sinking).trace;
    expect(sunk.removals.length).toBe(1);
    expect(sunk.removals[0]?.makesWayFor).toBeNull();
    expect(sunk.changes.map((c) => c.makesWayFor)).toEqual([null]);
    // The avatar walking onto the bridge a sunk crate made waits for both.
    const bridge = await firstTurn("twinseed", (events) => {
      const bridged = events.findIndex((e) => e.type === "cell_transformed" && e.fromKind === "water");
      return bridged > 0 && events.slice(bridged).some((e) => e.type === "avatar_entered");
    });
    const { trace } = traceOf(bridge);
    const last = trace.motions.length - 1;
    expect(trace.motions[last]?.id).toBe("avatar");
    expect(trace.removals.map((r) => r.makesWayFor)).toEqual([last]);
    expect(trace.changes.map((c) => c.makesWayFor)).toEqual([last]);
  });
});
