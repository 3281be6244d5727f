import { stableStringify } from "@gridponder/engine";
import { describe, expect, test } from "vitest";
import { ViewController } from "../src/controller.js";
import { goldActions } from "../src/hud.js";
import { buildScene, withIds } from "../src/scene.js";
import type { Piece, Scene } from "../src/types.js";
import { everyLevel, namedPack } from "./corpus.js";

/** A piece without its id, for comparing scenes built different ways. */
function anonymous(p: Piece): string {
  const { id: _id, ...rest } = p;
  return stableStringify(rest);
}

function expectSameButIds(actual: Scene, expected: Scene, where: string): void {
  expect(actual.pieces.length, where).toBe(expected.pieces.length);
  actual.pieces.forEach((p, i) => {
    expect(anonymous(p), `${where}: piece ${i}`).toBe(anonymous(expected.pieces[i] as Piece));
  });
  actual.layers.forEach((layer, li) => {
    layer.cells.forEach((p, ci) => {
      const q = expected.layers[li]?.cells[ci] ?? null;
      expect(p === null, `${where}: layer ${layer.id} cell ${ci}`).toBe(q === null);
      // Layer cells and the piece list name the same pieces.
      if (p) expect(actual.pieces).toContain(p);
    });
  });
  const { pieces: _a, layers: _b, avatar: aa, ...restA } = actual;
  const { pieces: _c, layers: _d, avatar: ea, ...restE } = expected;
  expect(stableStringify(restA), where).toBe(stableStringify(restE));
  expect(aa?.piece.id ?? null).toBe(aa ? "avatar" : null);
  expect(stableStringify(aa ? { ...aa, piece: anonymous(aa.piece) } : null)).toBe(
    stableStringify(ea ? { ...ea, piece: anonymous(ea.piece) } : null),
  );
}

describe("ViewController over every corpus gold path", () => {
  test("ids stay unique and scenes match the states they show", async () => {
    let turns = 0;
    let moved = 0;
    for (const { loaded, levelId } of await everyLevel()) {
      const vc = new ViewController(loaded.pack, levelId, { assets: loaded.assets });
      const gold = goldActions(vc.session.level);
      for (let step = 0; step < gold.length; step++) {
        const before = vc.scene;
        const { result, timeline } = vc.act(gold[step] as NonNullable<(typeof gold)[number]>);
        const where = `${loaded.name}/${levelId} step ${step}`;
        expect(timeline, where).not.toBeNull();
        const scene = vc.scene;
        const ids = scene.pieces.map((p) => p.id);
        expect(new Set(ids).size, where).toBe(ids.length);
        const fresh = withIds(buildScene(vc.ctx, vc.session.level, result.state), (p) => p.id);
        expectSameButIds(scene, fresh, where);
        // Timelines start from the previous scene and end on the new one; tracks are well formed.
        expect(timeline?.from).toBe(before);
        expect(timeline?.to).toBe(scene);
        for (const track of timeline?.tracks ?? []) {
          for (let k = 1; k < track.keys.length; k++)
            expect(track.keys[k]?.t, `${where} ${track.id}`).toBeGreaterThanOrEqual(
              track.keys[k - 1]?.t ?? 0,
            );
          const last = track.keys[track.keys.length - 1];
          expect(last?.t ?? 0, `${where} ${track.id}`).toBeLessThanOrEqual(timeline?.durationMs ?? 0);
          if (!track.leaves && last) {
            const end = scene.pieces.find((p) => p.id === track.id);
            expect([last.pose.x, last.pose.y], `${where} ${track.id}`).toEqual([end?.cell[0], end?.cell[1]]);
            expect(last.pose.opacity, `${where} ${track.id}`).toBe(1);
          }
          if (track.leaves) expect(scene.pieces.some((p) => p.id === track.id)).toBe(false);
        }
        // Whatever leaves or arrives is animated: a leaving track for each, an entering one for each.
        const tracks = new Map((timeline?.tracks ?? []).map((t) => [t.id, t]));
        const now = new Set(ids);
        for (const p of before.pieces)
          if (!now.has(p.id)) expect(tracks.get(p.id)?.leaves, `${where} ${p.id} leaves`).toBe(true);
        const was = new Set(before.pieces.map((p) => p.id));
        for (const id of ids)
          if (!was.has(id)) expect(tracks.get(id)?.enters, `${where} ${id} enters`).toBe(true);
        for (const p of scene.pieces) {
          const was = before.pieces.find((q) => q.id === p.id);
          if (was && (was.cell[0] !== p.cell[0] || was.cell[1] !== p.cell[1])) moved++;
        }
        turns++;
      }
      expect(vc.session.won, `${loaded.name}/${levelId}`).toBe(true);
    }
    expect(turns).toBeGreaterThan(1000);
    expect(moved).toBeGreaterThan(turns / 2);
  });
});

describe("ViewController history", () => {
  test("undo brings back the very scene before the turn, redo the one after", async () => {
    const { pack, assets } = await namedPack("carrot_quest");
    const vc = new ViewController(pack, pack.levelOrder[0] as string, { assets });
    const gold = goldActions(vc.session.level);
    const start = vc.scene;
    vc.act(gold[0] as NonNullable<(typeof gold)[number]>);
    const after = vc.scene;
    const undo = vc.undo();
    expect(vc.scene).toBe(start);
    expect(undo?.cause).toBe("undo");
    expect(vc.session.actionCount).toBe(0);
    const redo = vc.redo();
    expect(vc.scene).toBe(after);
    expect(redo?.cause).toBe("redo");
    expect(vc.redo()).toBeNull();
    const reset = vc.reset();
    expect(reset?.cause).toBe("reset");
    expect(vc.scene).toBe(start);
    expect(vc.undo()).toBeNull();
    expect(vc.reset()).toBeNull();
  });

  test("a refused action has no timeline and changes nothing", async () => {
    const { pack, assets } = await namedPack("fx_sliding_blocks");
    const vc = new ViewController(pack, pack.levelOrder[0] as string, { assets });
    const scene = vc.scene;
    // A block move on a cell without a block is refused by the engine.
    const empty = scene.layers[0]?.cells.findIndex(
      (_, i) =>
        !scene.pieces.some(
          (p) => p.role === "multi_cell" && p.cells.some((c) => c[1] * scene.width + c[0] === i),
        ),
    );
    const action = vc.session
      .legalActions()
      .find(
        (a) =>
          Array.isArray(a.position) &&
          (a.position[1] as number) * scene.width + (a.position[0] as number) === empty,
      );
    expect(action).toBeDefined();
    const { result, timeline } = vc.act(action as NonNullable<typeof action>);
    expect(result.accepted).toBe(false);
    expect(timeline).toBeNull();
    expect(vc.scene).toBe(scene);
  });
});

describe("hints", () => {
  test("on the gold path a hint plays to the next stop; off it, it starts over", async () => {
    const { pack, assets } = await namedPack("carrot_quest");
    const levelId = pack.levelOrder.find((id) => (pack.levels[id]?.solution.hintStops?.length ?? 0) > 1);
    expect(levelId).toBeDefined();
    const vc = new ViewController(pack, levelId as string, { assets });
    const gold = goldActions(vc.session.level);
    const stops = vc.session.level.def.solution.hintStops as number[];
    expect(vc.hintActions()).toEqual(gold.slice(0, stops[0]));
    for (const a of vc.hintActions()) vc.act(a);
    expect(vc.hintActions()).toEqual(gold.slice(stops[0], stops[1]));
    expect(vc.hintPlan().reset).toBe(false);

    // Leave the gold path with a move that changes something (it is not the next gold action).
    const next = stableStringify(gold[stops[0] as number]);
    const detour = vc.session
      .legalActions()
      .find((a) => stableStringify(a) !== next && vc.session.preview(a).accepted);
    vc.act(detour as NonNullable<typeof detour>);
    expect(vc.hintActions()).toEqual([]);
    const outcome = vc.handle({ type: "key", key: "h" });
    expect(outcome?.kind).toBe("hint");
    if (outcome?.kind !== "hint") return;
    expect(outcome.timeline?.cause).toBe("reset");
    expect(outcome.actions).toEqual(gold.slice(0, stops[0]));
    expect(vc.session.actionCount).toBe(0);
  });
});

describe("gestures", () => {
  test("a swipe plays the bound action; undo and redo keys run the commands", async () => {
    const { pack, assets } = await namedPack("carrot_quest");
    const vc = new ViewController(pack, pack.levelOrder[0] as string, { assets });
    const gold = goldActions(vc.session.level);
    const first = gold[0] as { action: string; direction: string };
    const played = vc.handle({ type: "swipe", direction: first.direction as "up" });
    expect(played?.kind).toBe("action");
    if (played?.kind === "action") {
      expect(played.action).toEqual(first);
      expect(played.timeline?.cause).toBe("turn");
    }
    const undo = vc.handle({ type: "key", key: "z", ctrl: true });
    expect(undo).toMatchObject({ kind: "command", command: "undo" });
    expect(vc.session.actionCount).toBe(0);
    const redo = vc.handle({ type: "key", key: "y", ctrl: true });
    expect(redo).toMatchObject({ kind: "command", command: "redo" });
    expect(vc.session.actionCount).toBe(1);
  });

  test("in a sliding-block game a tap selects a block and a swipe moves it", async () => {
    const { pack, assets } = await namedPack("fx_sliding_blocks");
    const vc = new ViewController(pack, pack.levelOrder[0] as string, { assets });
    const gold = goldActions(vc.session.level);
    const first = gold[0] as { action: string; position: [number, number]; direction: string };
    const selected = vc.handle({ type: "tap", cell: first.position });
    expect(selected).toEqual({ kind: "select", cell: first.position });
    const block = vc.scene.pieces.find((p) => p.selected === true);
    expect(block?.cells).toContainEqual(first.position);
    const moved = vc.handle({ type: "swipe", direction: first.direction as "up" });
    expect(moved?.kind).toBe("action");
    if (moved?.kind === "action") expect(moved.result.accepted).toBe(true);
    // The selection follows the block it was made on.
    const now = vc.scene.pieces.find((p) => p.id === block?.id);
    expect(now?.selected).toBe(true);
    expect(now?.cells).toContainEqual(vc.selection);
  });
});
