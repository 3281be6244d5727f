import { type GameEvent, type LevelRuntime, type Pack, Session, type TurnResult } from "@gridponder/engine";
import { describe, expect, test } from "vitest";
import { createViewContext, type ViewContext } from "../src/context.js";
import { goldActions } from "../src/hud.js";
import { sampleTrack } from "../src/sample.js";
import { buildScene } from "../src/scene.js";
import { advanceScene, DEFAULT_TIMINGS, LANDING_MS } from "../src/timeline.js";
import type { Timeline, Track } from "../src/types.js";
import { cellOf, eventOf, firstTurn, type PlayedTurn, pieceAt, trackOf } from "./motion-fixtures.js";

const has = (type: string) => (events: readonly GameEvent[]) => events.some((e) => e.type === type);

function stageNames(timeline: Timeline): string[] {
  return timeline.stages.map((s) => s.name);
}

function spritePaths(track: Track): string[] {
  return track.keys.flatMap((k) => (k.appearance?.sprite ? [k.appearance.sprite.path] : []));
}

/** The turn `played` again, seen through another view context (a pack with altered presentation). */
function replayWith(
  ctx: ViewContext,
  played: PlayedTurn,
  options: { level?: (level: LevelRuntime) => LevelRuntime; reducedMotion?: boolean } = {},
): { result: TurnResult; timeline: Timeline } {
  const session = new Session(played.loaded.pack, played.levelId);
  const gold = goldActions(session.level);
  for (let i = 0; i < played.step; i++) session.act(gold[i] as NonNullable<(typeof gold)[number]>);
  const level = options.level ? options.level(session.level) : session.level;
  const prev = buildScene(ctx, level, session.state);
  const result = session.act(gold[played.step] as NonNullable<(typeof gold)[number]>);
  const { timeline } = advanceScene(ctx, level, prev, result, { reducedMotion: options.reducedMotion });
  return { result, timeline };
}

function withKind(pack: Pack, kind: string, change: (def: object) => object): Pack {
  const kinds = new Map(
    [...pack.kinds].map(([name, info]) => [
      name,
      name === kind ? { ...info, def: change(info.def) as typeof info.def } : info,
    ]),
  );
  return { ...pack, kinds };
}

describe("turn timelines", () => {
  test("a slide-merge turn moves the tiles, then merges them (number_cells)", async () => {
    const turn = await firstTurn("number_cells", has("tiles_merged"));
    const { timeline } = turn;
    const merged = eventOf(turn.result.events, "tiles_merged");
    const moved = eventOf(turn.result.events, "tile_moved");
    const [mover, target] = (merged.sources as unknown[]).map(cellOf) as [[number, number], [number, number]];
    const moverId = pieceAt(turn.before, "objects", ...mover).id;
    const targetId = pieceAt(turn.before, "objects", ...target).id;

    expect(stageNames(timeline).slice(0, 2)).toEqual(["motion", "merge"]);
    const [motion, merge] = timeline.stages as [Timeline["stages"][0], Timeline["stages"][0]];
    expect(motion.startMs).toBe(0);
    expect(motion.ids).toContain(moverId);
    expect(merge.startMs).toBe(motion.startMs + motion.durationMs);
    expect(merge.ids).toEqual(expect.arrayContaining([moverId, targetId]));
    expect(merge.durationMs).toBe(DEFAULT_TIMINGS.mergeDurationMs);

    // The mover slides cell by cell onto the target during the motion stage...
    const track = trackOf(timeline, moverId);
    const distance = Number(moved.distance);
    expect(sampleTrack(track, motion.durationMs).pose).toMatchObject({
      x: target[0],
      y: target[1],
      opacity: 1,
    });
    expect(motion.durationMs).toBeGreaterThanOrEqual(distance * DEFAULT_TIMINGS.moveDurationMs);
    // ...and is gone by the end of the merge, while the target shows the merged value.
    expect(track.leaves).toBe(true);
    expect(sampleTrack(track, merge.startMs + merge.durationMs).pose.opacity).toBe(0);
    const into = trackOf(timeline, targetId);
    const end = sampleTrack(into, timeline.durationMs);
    expect(end.appearance.key).toBe(pieceAt(turn.after, "objects", ...target).appearance.key);
    expect(sampleTrack(into, merge.startMs).appearance.key).toBe(
      pieceAt(turn.before, "objects", ...target).appearance.key,
    );
  });

  test("a crate pushed onto ice slides on cell by cell; the avatar pushes for one step (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) => {
      const pushes = events.filter((e) => e.type === "object_pushed");
      return pushes.length >= 3 && events.some((e) => e.type === "cell_cleared");
    });
    const pushes = turn.result.events.filter((e) => e.type === "object_pushed");
    const crateId = pieceAt(turn.before, "objects", ...cellOf(pushes[0]?.fromPosition)).id;
    const track = trackOf(turn.timeline, crateId);
    const step = DEFAULT_TIMINGS.moveDurationMs;
    // One key per cell, one cell per moveDurationMs.
    pushes.forEach((p, i) => {
      const [x, y] = cellOf(p.toPosition);
      expect(track.keys.some((k) => k.t === (i + 1) * step && k.pose.x === x && k.pose.y === y)).toBe(true);
      expect(sampleTrack(track, (i + 1) * step).pose).toMatchObject({ x, y });
    });
    const avatar = trackOf(turn.timeline, "avatar");
    expect(sampleTrack(avatar, step / 2).avatarState).toBe("pushing");
    expect(sampleTrack(avatar, step).avatarState).toBe("idle");
    // The avatar and the crate move together during the push.
    const a = sampleTrack(avatar, step / 2).pose;
    const c = sampleTrack(track, step / 2).pose;
    expect(Math.abs(c.x - a.x) + Math.abs(c.y - a.y)).toBeCloseTo(1, 5);
  });

  test("an avatar sliding on ice passes every cell and pushes what it meets (twinseed)", async () => {
    const turn = await firstTurn("twinseed", (events) => {
      const steps = events.filter((e) => e.type === "avatar_entered" && typeof e.direction === "string");
      return steps.length >= 3 && events.some((e) => e.type === "object_pushed");
    });
    const steps = turn.result.events.filter((e) => e.type === "avatar_entered");
    const avatar = trackOf(turn.timeline, "avatar");
    const step = DEFAULT_TIMINGS.moveDurationMs;
    steps.forEach((e, i) => {
      expect(sampleTrack(avatar, (i + 1) * step).pose).toMatchObject({
        x: cellOf(e.position)[0],
        y: cellOf(e.position)[1],
      });
    });
    expect(sampleTrack(avatar, step / 2).avatarState).toBe("moving");
    const push = turn.result.events.findIndex((e) => e.type === "object_pushed");
    const pushingStep = turn.result.events.slice(0, push).filter((e) => e.type === "avatar_entered").length;
    expect(sampleTrack(avatar, pushingStep * step + step / 2).avatarState).toBe("pushing");
    expect(sampleTrack(avatar, turn.timeline.durationMs).avatarState).toBe("idle");
  });

  test("an avatar entering a portal jumps to its partner instead of sliding (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) => events.some((e) => e.viaPortal === true));
    const jump = turn.result.events.find((e) => e.viaPortal === true) as GameEvent;
    const from = cellOf(jump.fromPosition);
    const to = cellOf(jump.position);
    const avatar = trackOf(turn.timeline, "avatar");
    const start = avatar.keys.findIndex(
      (k) => k.pose.x === from[0] && k.pose.y === from[1] && k.pose.scale === 0,
    );
    expect(start).toBeGreaterThan(0);
    const t0 = (avatar.keys[start - 1] as Track["keys"][0]).t;
    const t1 = turn.timeline.durationMs;
    for (let t = t0; t <= t1; t += 5) {
      const { pose } = sampleTrack(avatar, t);
      const atFrom = pose.x === from[0] && pose.y === from[1];
      const atTo = pose.x === to[0] && pose.y === to[1];
      expect(atFrom || atTo, `t=${t} (${pose.x},${pose.y})`).toBe(true);
    }
    expect(sampleTrack(avatar, (t0 + t1) / 2).pose.scale).toBeLessThan(0.05);
    expect(sampleTrack(avatar, t1).pose).toMatchObject({ x: to[0], y: to[1], scale: 1, opacity: 1 });
  });

  test("a rock broken with a pickaxe plays its breaking frames in the destroy stage (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "object_removed" && e.animation === "breaking" && e.kind === "rock"),
    );
    const removed = turn.result.events.find((e) => e.animation === "breaking") as GameEvent;
    const rock = pieceAt(turn.before, "objects", ...cellOf(removed.position));
    const track = trackOf(turn.timeline, rock.id);
    const destroy = turn.timeline.stages.find((s) => s.name === "destroy");
    expect(destroy?.ids).toContain(rock.id);
    expect(stageNames(turn.timeline).indexOf("destroy")).toBeGreaterThan(
      stageNames(turn.timeline).indexOf("motion"),
    );
    const def = turn.loaded.pack.kinds.get("rock")?.def.animations?.breaking;
    const frames = (def?.frames ?? []).map((f) => f.split("/").pop());
    expect(frames.length).toBe(2);
    expect(spritePaths(track).map((p) => p.split("/").pop())).toEqual(frames);
    const start = destroy?.startMs ?? 0;
    const per = (def?.duration ?? 0) / frames.length;
    expect(sampleTrack(track, start + per / 2).appearance.sprite?.path).toMatch(frames[0] as string);
    expect(sampleTrack(track, start + per * 1.5).appearance.sprite?.path).toMatch(frames[1] as string);
    expect(track.leaves).toBe(true);
    expect(sampleTrack(track, turn.timeline.durationMs).pose.opacity).toBe(0);
  });

  test("wood burnt with a torch plays its three burning frames (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "object_removed" && e.animation === "burning"),
    );
    const removed = turn.result.events.find((e) => e.animation === "burning") as GameEvent;
    const wood = pieceAt(turn.before, "objects", ...cellOf(removed.position));
    const frames = spritePaths(trackOf(turn.timeline, wood.id)).map((p) => p.split("/").pop());
    expect(frames).toEqual(["wood_fire_ignites.png", "wood_full_burn.png", "wood_smoke_and_ash.png"]);
    const destroy = turn.timeline.stages.find((s) => s.name === "destroy");
    expect(destroy?.durationMs).toBeGreaterThanOrEqual(1200);
  });

  test("ice melting under a torch keeps the ground piece and animates it into water (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "cell_transformed" && e.animation === "melting"),
    );
    const change = turn.result.events.find((e) => e.animation === "melting") as GameEvent;
    const before = pieceAt(turn.before, "ground", ...cellOf(change.position));
    const after = pieceAt(turn.after, "ground", ...cellOf(change.position));
    expect(after.id).toBe(before.id);
    const track = trackOf(turn.timeline, before.id);
    const transform = turn.timeline.stages.find((s) => s.name === "transform");
    expect(transform?.ids).toContain(before.id);
    expect(sampleTrack(track, (transform?.startMs ?? 0) + 10).appearance.sprite?.path).toMatch(/ice_melting/);
    expect(sampleTrack(track, turn.timeline.durationMs).appearance.key).toBe(after.appearance.key);
  });

  test("falling cells accelerate and squash on landing (fx_support_collapse)", async () => {
    const turn = await firstTurn("fx_support_collapse", has("object_settled"));
    const settled = turn.result.events.filter((e) => e.type === "object_settled");
    const e =
      settled.find((s) => Math.abs(cellOf(s.position)[1] - cellOf(s.fromPosition)[1]) >= 2) ?? settled[0];
    const id = pieceAt(turn.before, String(e?.layer), ...cellOf(e?.fromPosition)).id;
    const track = trackOf(turn.timeline, id);
    const [x, y] = cellOf(e?.position);
    const landing = track.keys.find((k) => k.pose.x === x && k.pose.y === y);
    expect(landing).toBeDefined();
    const t = landing?.t ?? 0;
    // Falls of one collapse start together; the second half of the way takes less than the first.
    const y0 = cellOf(e?.fromPosition)[1];
    const halfway = sampleTrack(track, t / 2).pose.y - y0;
    expect(halfway).toBeLessThan((y - y0) / 2);
    expect(Math.min(...track.keys.map((k) => k.pose.squash))).toBeLessThan(1);
    expect(sampleTrack(track, t + LANDING_MS / 2).pose.squash).toBeLessThan(1);
    expect(sampleTrack(track, t + LANDING_MS).pose.squash).toBe(1);
    const motion = turn.timeline.stages.find((s) => s.name === "motion");
    for (const s of settled) {
      const sid = pieceAt(turn.before, String(s.layer), ...cellOf(s.fromPosition)).id;
      expect(motion?.ids).toContain(sid);
      expect(trackOf(turn.timeline, sid).keys[1]?.t ?? 0).toBeLessThan(t);
    }
  });

  test("a rotated region swaps its objects at once, each turning a quarter (rotate_flip)", async () => {
    const turn = await firstTurn("rotate_flip", (events) =>
      events.some(
        (e) => e.type === "region_transformed" && e.transform === "rotate" && (e.moves as []).length > 0,
      ),
    );
    const region = eventOf(turn.result.events, "region_transformed");
    const motion = turn.timeline.stages.find((s) => s.name === "motion");
    expect(motion?.durationMs).toBe(DEFAULT_TIMINGS.moveDurationMs);
    let moving = 0;
    for (const [from, to] of region.moves as [unknown, unknown][]) {
      const was = turn.before.layers.find((l) => l.id === "objects")?.cells[
        cellOf(from)[1] * turn.before.width + cellOf(from)[0]
      ];
      if (!was || (cellOf(from)[0] === cellOf(to)[0] && cellOf(from)[1] === cellOf(to)[1])) continue;
      const end = sampleTrack(trackOf(turn.timeline, was.id), motion?.durationMs ?? 0).pose;
      expect([end.x, end.y]).toEqual(cellOf(to));
      expect(Math.abs(end.turn)).toBe(1);
      moving++;
    }
    expect(moving).toBeGreaterThan(0);
  });

  test("an item released from a pipe comes out of the pipe's exit in the spawn stage (number_cells)", async () => {
    const turn = await firstTurn("number_cells", has("item_released"));
    const released = eventOf(turn.result.events, "item_released");
    const item = pieceAt(turn.after, "objects", ...cellOf(released.position));
    const track = trackOf(turn.timeline, item.id);
    expect(track.enters).toBe(true);
    const spawn = turn.timeline.stages.find((s) => s.name === "spawn");
    expect(spawn?.ids).toContain(item.id);
    expect(spawn?.durationMs).toBe(DEFAULT_TIMINGS.pathStepDurationMs);
    const [ex, ey] = cellOf(released.fromPosition);
    expect(sampleTrack(track, spawn?.startMs ?? 0).pose).toMatchObject({ x: ex, y: ey });
    expect(sampleTrack(track, (spawn?.startMs ?? 0) + (spawn?.durationMs ?? 0)).pose).toMatchObject({
      x: cellOf(released.position)[0],
      y: cellOf(released.position)[1],
      scale: 1,
      opacity: 1,
    });
    // Before its stage the new item is not drawn.
    expect(sampleTrack(track, 0).pose.opacity).toBe(0);
  });

  test("with reducedMotion every timeline snaps", async () => {
    const turn = await firstTurn("number_cells", has("tiles_merged"), { reducedMotion: true });
    expect(turn.timeline).toMatchObject({ durationMs: 0, tracks: [], stages: [], effects: [] });
    // Identities are carried all the same.
    const merged = eventOf(turn.result.events, "tiles_merged");
    const target = cellOf((merged.sources as unknown[])[1]);
    expect(pieceAt(turn.after, "objects", ...cellOf(merged.position)).id).toBe(
      pieceAt(turn.before, "objects", ...target).id,
    );
  });

  test("a level whose slide system sets emitMotion: false snaps its turns", async () => {
    const turn = await firstTurn("number_cells", has("tiles_merged"));
    const quiet = (level: LevelRuntime): LevelRuntime => ({
      ...level,
      systems: level.systems.map((s) =>
        s.type === "slide_merge"
          ? { ...s, config: { ...(s.config as object), emitMotion: false } as never }
          : s,
      ),
    });
    const { timeline } = replayWith(turn.loaded.ctx, turn, { level: quiet });
    expect(timeline.durationMs).toBe(0);
    expect(timeline.tracks).toEqual([]);
    const { timeline: normal } = replayWith(turn.loaded.ctx, turn);
    expect(normal.durationMs).toBeGreaterThan(0);
  });

  test("durations follow a kind's motion timings", async () => {
    const turn = await firstTurn("number_cells", has("tiles_merged"));
    const moved = eventOf(turn.result.events, "tile_moved");
    const kind = String(moved.kind);
    const pack = withKind(turn.loaded.pack, kind, (def) => ({
      ...def,
      motion: { moveDurationMs: 50, mergeDurationMs: 90 },
    }));
    const ctx = createViewContext(pack, turn.loaded.assets);
    const { timeline } = replayWith(ctx, turn);
    const motion = timeline.stages.find((s) => s.name === "motion");
    const merge = timeline.stages.find((s) => s.name === "merge");
    const longest = Math.max(
      ...turn.result.events.filter((e) => e.type === "tile_moved").map((e) => Number(e.distance)),
    );
    expect(motion?.durationMs).toBe(longest * 50);
    expect(merge?.durationMs).toBe(90);
  });

  test("theme effects play their sprite strip at the event's cell when its stage starts", async () => {
    const turn = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "object_removed" && e.animation === "breaking"),
    );
    const sheet = "assets/sprites/rock_broken.png";
    const pack: Pack = {
      ...turn.loaded.pack,
      theme: {
        ...turn.loaded.pack.theme,
        effects: { object_removed: { sheet, frames: 4, durationMs: 240 } },
      },
    };
    const { result, timeline } = replayWith(createViewContext(pack, turn.loaded.assets), turn);
    const removed = result.events.filter((e) => e.type === "object_removed");
    expect(timeline.effects.length).toBe(removed.length);
    const destroy = timeline.stages.find((s) => s.name === "destroy");
    expect(timeline.effects[0]).toMatchObject({
      event: "object_removed",
      cell: cellOf(removed[0]?.position),
      startMs: destroy?.startMs,
      durationMs: 240,
      frames: 4,
      scale: 1,
    });
    expect(timeline.effects[0]?.sheet.path).toMatch(/rock_broken\.png$/);
    expect(timeline.durationMs).toBeGreaterThanOrEqual((destroy?.startMs ?? 0) + 240);
  });

  test("a rejected turn leaves the scene as it is with an empty timeline", async () => {
    const turn = await firstTurn("carrot_quest", has("object_pushed"));
    const result = turn.controller.session.preview({ action: "nope" });
    const { scene, timeline } = advanceScene(
      turn.loaded.ctx,
      turn.controller.session.level,
      turn.after,
      result,
    );
    expect(scene).toBe(turn.after);
    expect(timeline.durationMs).toBe(0);
  });
  test("a block leaving the board slides out its exit and fades (fx_sliding_blocks)", async () => {
    const turn = await firstTurn("fx_sliding_blocks", has("multi_cell_object_exited"));
    const exited = eventOf(turn.result.events, "multi_cell_object_exited");
    const id = `mco:${String(exited.id)}`;
    const block = turn.before.pieces.find((p) => p.id === id);
    const track = trackOf(turn.timeline, id);
    expect(track.leaves).toBe(true);
    const end = sampleTrack(track, turn.timeline.durationMs).pose;
    expect(end.opacity).toBe(0);
    const dx = Math.sign(end.x - (block?.cell[0] ?? 0));
    const dy = Math.sign(end.y - (block?.cell[1] ?? 0));
    expect({ dx, dy }).toEqual(
      { right: { dx: 1, dy: 0 }, left: { dx: -1, dy: 0 }, up: { dx: 0, dy: -1 }, down: { dx: 0, dy: 1 } }[
        String(exited.direction) as "right"
      ],
    );
  });

  test("actors step one cell per move; a claimed cell appears after the step (fx_individual_actors)", async () => {
    const turn = await firstTurn("fx_individual_actors", (events) =>
      events.some((e) => e.type === "cell_claimed" && e.previousOwner === null),
    );
    const moved = eventOf(turn.result.events, "actor_moved");
    const actor = pieceAt(turn.before, "actors", ...cellOf(moved.fromPosition));
    const motion = turn.timeline.stages.find((s) => s.name === "motion");
    expect(motion).toMatchObject({ startMs: 0, durationMs: DEFAULT_TIMINGS.moveDurationMs });
    expect(sampleTrack(trackOf(turn.timeline, actor.id), motion?.durationMs ?? 0).pose).toMatchObject({
      x: cellOf(moved.position)[0],
      y: cellOf(moved.position)[1],
    });
    const spawn = turn.timeline.stages.find((s) => s.name === "spawn");
    expect(spawn?.startMs).toBe(motion?.durationMs);
    expect(spawn?.durationMs).toBe(DEFAULT_TIMINGS.spawnDurationMs);
  });
  test("without sprites an animated removal still takes the animation's time", async () => {
    const turn = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "object_removed" && e.animation === "breaking" && e.kind === "rock"),
    );
    const { result, timeline } = replayWith(createViewContext(turn.loaded.pack), turn);
    const removed = result.events.find((e) => e.animation === "breaking") as GameEvent;
    const rock = pieceAt(turn.before, "objects", ...cellOf(removed.position));
    const destroy = timeline.stages.find((s) => s.name === "destroy");
    const duration = turn.loaded.pack.kinds.get("rock")?.def.animations?.breaking?.duration;
    expect(destroy?.durationMs).toBe(duration);
    const track = trackOf(timeline, rock.id);
    expect(spritePaths(track)).toEqual([]);
    expect(sampleTrack(track, (destroy?.startMs ?? 0) + (duration ?? 0)).pose.opacity).toBe(0);
  });
});
