import { describe, expect, test } from "vitest";
import { ViewController } from "../src/controller.js";
import { goldActions } from "../src/hud.js";
import { sampleTrack } from "../src/sample.js";
import { TRANSITION_MS, transitionScene } from "../src/transition.js";
import { namedPack } from "./corpus.js";
import { cellOf, firstPush, firstTurn, has, pieceAt, trackOf, turnWithEvent } from "./motion-fixtures.js";

describe("undo, redo and reset transitions", () => {
  test("undoing a push slides the same crate and avatar back", async () => {
    const turn = await firstPush("carrot_quest");
    const { crate } = turn;
    const [fx, fy] = turn.from;
    const [tx, ty] = turn.to;
    const timeline = turn.controller.undo();
    expect(timeline?.cause).toBe("undo");
    expect(timeline?.durationMs).toBeGreaterThan(0);
    expect(timeline?.durationMs).toBeLessThanOrEqual(150);
    const back = trackOf(timeline as NonNullable<typeof timeline>, crate.id);
    expect(back.leaves || back.enters).toBe(false);
    expect(sampleTrack(back, 0).pose).toMatchObject({ x: tx, y: ty, opacity: 1 });
    expect(sampleTrack(back, TRANSITION_MS / 2).pose.x).not.toBe(tx);
    expect(sampleTrack(back, TRANSITION_MS).pose).toMatchObject({ x: fx, y: fy, opacity: 1 });
    const avatar = trackOf(timeline as NonNullable<typeof timeline>, "avatar");
    const start = turn.before.avatar?.piece.cell;
    expect(sampleTrack(avatar, TRANSITION_MS).pose).toMatchObject({ x: start?.[0], y: start?.[1] });
    // Only what changed animates.
    const changed = new Set([crate.id, "avatar"]);
    for (const t of timeline?.tracks ?? []) expect(changed.has(t.id), t.id).toBe(true);
    expect(turn.controller.scene).toBe(turn.before);
  });

  test("undoing a merge brings the absorbed tile back (fading in) and the target's old value", async () => {
    const turn = await turnWithEvent("number_cells", "tiles_merged");
    const merged = turn.event;
    const [mover, target] = (merged.sources as unknown[]).map(cellOf) as [[number, number], [number, number]];
    const moverId = pieceAt(turn.before, "objects", ...mover).id;
    const targetPiece = pieceAt(turn.before, "objects", ...target);
    const timeline = turn.controller.undo();
    if (!timeline) throw new Error("nothing undone");
    const back = trackOf(timeline, moverId);
    expect(back.enters).toBe(true);
    expect(sampleTrack(back, 0).pose.opacity).toBe(0);
    expect(sampleTrack(back, TRANSITION_MS).pose).toMatchObject({ x: mover[0], y: mover[1], opacity: 1 });
    const into = trackOf(timeline, targetPiece.id);
    expect(sampleTrack(into, TRANSITION_MS).appearance.key).toBe(targetPiece.appearance.key);
  });

  test("undoing a spawn fades the new piece out; redo fades it back in", async () => {
    const turn = await turnWithEvent("number_cells", "item_released");
    const released = turn.event;
    const item = pieceAt(turn.after, "objects", ...cellOf(released.position));
    const undo = turn.controller.undo();
    if (!undo) throw new Error("nothing undone");
    const gone = trackOf(undo, item.id);
    expect(gone.leaves).toBe(true);
    expect(sampleTrack(gone, TRANSITION_MS).pose.opacity).toBe(0);
    const redo = turn.controller.redo();
    if (!redo) throw new Error("nothing redone");
    expect(redo.cause).toBe("redo");
    const again = trackOf(redo, item.id);
    expect(again.enters).toBe(true);
    expect(sampleTrack(again, TRANSITION_MS).pose.opacity).toBe(1);
    expect(turn.controller.scene).toBe(turn.after);
  });

  test("reset slides every moved piece back to where the level starts", async () => {
    const { pack, assets } = await namedPack("carrot_quest");
    const levelId = pack.levelOrder[1] as string;
    const vc = new ViewController(pack, levelId, { assets });
    const start = vc.scene;
    const gold = goldActions(vc.session.level);
    for (const a of gold.slice(0, Math.min(8, gold.length - 1))) vc.act(a);
    const timeline = vc.reset();
    if (!timeline) throw new Error("nothing reset");
    expect(timeline.cause).toBe("reset");
    expect(timeline.durationMs).toBeLessThanOrEqual(150);
    expect(vc.scene).toBe(start);
    for (const tr of timeline.tracks) {
      const home = start.pieces.find((p) => p.id === tr.id);
      if (!home) {
        expect(tr.leaves).toBe(true);
        continue;
      }
      expect(sampleTrack(tr, timeline.durationMs).pose).toMatchObject({
        x: home.cell[0],
        y: home.cell[1],
        opacity: 1,
      });
    }
    expect(timeline.tracks.some((t) => t.id === "avatar")).toBe(true);
  });

  test("with reducedMotion undo, redo and reset snap", async () => {
    const turn = await firstTurn("carrot_quest", has("object_pushed"), { reducedMotion: true });
    for (const timeline of [turn.controller.undo(), turn.controller.redo(), turn.controller.reset()]) {
      expect(timeline).toMatchObject({ durationMs: 0, tracks: [] });
    }
  });

  test("loading another level fades between the boards instead of matching positional ids", async () => {
    const { pack, assets } = await namedPack("carrot_quest");
    const a = new ViewController(pack, pack.levelOrder[0] as string, { assets });
    const b = new ViewController(pack, pack.levelOrder[1] as string, { assets });
    const timeline = transitionScene(a.ctx, a.scene, b.scene, "load");
    expect(timeline.cause).toBe("load");
    expect(timeline.tracks.length).toBe(a.scene.pieces.length + b.scene.pieces.length);
    for (const tr of timeline.tracks) {
      expect(tr.leaves !== tr.enters).toBe(true);
      expect(sampleTrack(tr, timeline.durationMs).pose.opacity).toBe(tr.leaves ? 0 : 1);
    }
  });

  test("a transition between equal scenes snaps", async () => {
    const { pack, assets } = await namedPack("carrot_quest");
    const vc = new ViewController(pack, pack.levelOrder[0] as string, { assets });
    expect(transitionScene(vc.ctx, vc.scene, vc.scene, "reset").durationMs).toBe(0);
  });
});
