import { type GameEvent, type LevelRuntime, type Pack, Session, type TurnResult } from "@gridponder/engine";
import { describe, expect, test } from "vitest";
import { createViewContext, type ViewContext } from "../src/context.js";
import { ViewController } from "../src/controller.js";
import { goldActions } from "../src/hud.js";
import { sampleTrack } from "../src/sample.js";
import { buildScene } from "../src/scene.js";
import { advanceScene, DEFAULT_TIMINGS, LANDING_MS } from "../src/timeline.js";
import type { Timeline, Track } from "../src/types.js";
import { everyLevel } from "./corpus.js";
import {
  cellOf,
  eventOf,
  firstTurn,
  has,
  type PlayedTurn,
  pieceAt,
  traceOf,
  trackOf,
  turnWithEvent,
} from "./motion-fixtures.js";

function stageNames(timeline: Timeline): string[] {
  return timeline.stages.map((s) => s.name);
}

const breaksRock = (events: readonly GameEvent[]) =>
  events.some((e) => e.type === "object_removed" && e.animation === "breaking" && e.kind === "rock");

function lastKey(track: Track): Track["keys"][0] {
  const key = track.keys[track.keys.length - 1];
  if (!key) throw new Error(`track ${track.id} has no keys`);
  return key;
}

/**
 * Checks that the avatar stays on the cell it steps from until `clearing` (the track of what made way
 * for it) has played, then starts moving; returns the time the clearing ends.
 */
function expectWaitsForClearing(turn: PlayedTurn, clearing: Track): number {
  const entered = turn.result.events.filter((e) => e.type === "avatar_entered").pop() as GameEvent;
  const [fx, fy] = cellOf(entered.fromPosition);
  const avatar = trackOf(turn.timeline, "avatar");
  const done = lastKey(clearing).t;
  const waitFrom = avatar.keys.find((k) => k.pose.x === fx && k.pose.y === fy)?.t ?? 0;
  for (let t = waitFrom; t <= done; t += 10)
    expect(sampleTrack(avatar, t).pose).toMatchObject({ x: fx, y: fy });
  expect(sampleTrack(avatar, done).pose).toMatchObject({ x: fx, y: fy });
  const moving = sampleTrack(avatar, done + DEFAULT_TIMINGS.moveDurationMs / 2);
  expect(moving.avatarState).toBe("moving");
  expect([moving.pose.x, moving.pose.y]).not.toEqual([fx, fy]);
  return done;
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

  test("a rock broken with a pickaxe breaks before the avatar steps into its cell (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", breaksRock);
    const removed = turn.result.events.find((e) => e.animation === "breaking") as GameEvent;
    const rock = pieceAt(turn.before, "objects", ...cellOf(removed.position));
    const track = trackOf(turn.timeline, rock.id);
    // Both play in the motion stage; nothing is left for the destroy stage.
    const motion = turn.timeline.stages.find((s) => s.name === "motion");
    expect(motion?.ids).toEqual(expect.arrayContaining([rock.id, "avatar"]));
    expect(turn.timeline.stages.some((s) => s.name === "destroy")).toBe(false);
    // The breaking frames play from the start of the turn...
    const def = turn.loaded.pack.kinds.get("rock")?.def.animations?.breaking;
    const frames = (def?.frames ?? []).map((f) => f.split("/").pop());
    expect(frames.length).toBe(2);
    expect(spritePaths(track).map((p) => p.split("/").pop())).toEqual(frames);
    const per = (def?.duration ?? 0) / frames.length;
    expect(sampleTrack(track, per / 2).appearance.sprite?.path).toMatch(frames[0] as string);
    expect(sampleTrack(track, per * 1.5).appearance.sprite?.path).toMatch(frames[1] as string);
    expect(track.leaves).toBe(true);
    // ...while the avatar waits; it steps into the cell once the rock is gone.
    const gone = expectWaitsForClearing(turn, track);
    expect(gone).toBeGreaterThanOrEqual(def?.duration ?? 0);
    expect(turn.timeline.durationMs).toBe(gone + DEFAULT_TIMINGS.moveDurationMs);
    expect(sampleTrack(trackOf(turn.timeline, "avatar"), turn.timeline.durationMs).pose).toMatchObject({
      x: rock.cell[0],
      y: rock.cell[1],
    });
  });

  test("wood burnt with a torch burns in three frames before the avatar steps in (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "object_removed" && e.animation === "burning"),
    );
    const removed = turn.result.events.find((e) => e.animation === "burning") as GameEvent;
    const wood = pieceAt(turn.before, "objects", ...cellOf(removed.position));
    const track = trackOf(turn.timeline, wood.id);
    const frames = spritePaths(track).map((p) => p.split("/").pop());
    expect(frames).toEqual(["wood_fire_ignites.png", "wood_full_burn.png", "wood_smoke_and_ash.png"]);
    expect(expectWaitsForClearing(turn, track)).toBeGreaterThanOrEqual(1200);
  });

  test("a crate that sinks makes a bridge before the avatar walks onto it (twinseed)", async () => {
    const turn = await firstTurn("twinseed", (events) => {
      const bridged = events.findIndex((e) => e.type === "cell_transformed" && e.fromKind === "water");
      return bridged > 0 && events.slice(bridged).some((e) => e.type === "avatar_entered");
    });
    const events = turn.result.events;
    const push = eventOf(events, "object_pushed");
    const water = cellOf(push.toPosition);
    const crate = trackOf(turn.timeline, pieceAt(turn.before, "objects", ...cellOf(push.fromPosition)).id);
    const ground = trackOf(turn.timeline, pieceAt(turn.before, "ground", ...water).id);
    const step = DEFAULT_TIMINGS.moveDurationMs;
    // The crate is pushed into the water with the avatar's first step, then sinks...
    expect(sampleTrack(crate, step).pose).toMatchObject({ x: water[0], y: water[1], opacity: 1 });
    const sunk = lastKey(crate).t;
    expect(sampleTrack(crate, sunk).pose.opacity).toBe(0);
    // ...then the water becomes a bridge...
    const waterLook = pieceAt(turn.before, "ground", ...water).appearance.key;
    const bridgeLook = pieceAt(turn.after, "ground", ...water).appearance.key;
    expect(bridgeLook).not.toBe(waterLook);
    expect(sampleTrack(ground, sunk).appearance.key).toBe(waterLook);
    const built = lastKey(ground).t;
    expect(built).toBeGreaterThan(sunk);
    expect(sampleTrack(ground, built).appearance.key).toBe(bridgeLook);
    // ...and only then the avatar takes its second step, onto the bridge; all in the motion stage.
    expect(expectWaitsForClearing(turn, ground)).toBe(built);
    expect(sampleTrack(trackOf(turn.timeline, "avatar"), turn.timeline.durationMs).pose).toMatchObject({
      x: water[0],
      y: water[1],
    });
    expect(stageNames(turn.timeline)).toEqual(["motion"]);
  });

  test("a crate pushed into water arrives, sinks, then leaves a bridge (carrot_quest)", async () => {
    const turn = await firstTurn("carrot_quest", (events) => {
      const bridged = events.findIndex((e) => e.type === "cell_transformed" && e.fromKind === "water");
      return bridged > 0 && !events.slice(bridged).some((e) => e.type === "avatar_entered");
    });
    const push = eventOf(turn.result.events, "object_pushed");
    const water = cellOf(push.toPosition);
    const crateId = pieceAt(turn.before, "objects", ...cellOf(push.fromPosition)).id;
    const groundId = pieceAt(turn.before, "ground", ...water).id;
    // Nothing waits for the sinking: it plays after the push, in the destroy stage, the bridge after it.
    expect(stageNames(turn.timeline)).toEqual(["motion", "destroy"]);
    const [motion, destroy] = turn.timeline.stages as [Timeline["stages"][0], Timeline["stages"][0]];
    expect(motion.ids).toContain(crateId);
    expect(destroy.ids).toEqual([crateId, groundId]);
    const crate = trackOf(turn.timeline, crateId);
    const ground = trackOf(turn.timeline, groundId);
    expect(sampleTrack(crate, destroy.startMs).pose).toMatchObject({ x: water[0], y: water[1], opacity: 1 });
    const sunk = lastKey(crate).t;
    expect(sampleTrack(ground, sunk).appearance.key).toBe(
      pieceAt(turn.before, "ground", ...water).appearance.key,
    );
    expect(lastKey(ground).t).toBeGreaterThan(sunk);
    expect(destroy.startMs + destroy.durationMs).toBe(lastKey(ground).t);
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
    const turn = await turnWithEvent("number_cells", "item_released");
    const released = turn.event;
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

  test("theme effects play their sprite strip at the event's cell when its change shows", async () => {
    const sheet = "assets/sprites/rock_broken.png";
    const withEffect = (pack: Pack): Pack => ({
      ...pack,
      theme: { ...pack.theme, effects: { object_removed: { sheet, frames: 4, durationMs: 240 } } },
    });
    // A crate sinking after its push: the effect starts with the destroy stage.
    const sinking = await firstTurn("carrot_quest", (events) =>
      events.some((e) => e.type === "cell_transformed" && e.fromKind === "water"),
    );
    const { result, timeline } = replayWith(
      createViewContext(withEffect(sinking.loaded.pack), sinking.loaded.assets),
      sinking,
    );
    const removed = result.events.filter((e) => e.type === "object_removed");
    expect(timeline.effects.length).toBe(removed.length);
    const destroy = timeline.stages.find((s) => s.name === "destroy");
    expect(destroy?.startMs).toBeGreaterThan(0);
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
    // A rock broken before the avatar steps in: the effect starts with the breaking, at once.
    const rock = await firstTurn("carrot_quest", breaksRock);
    const broken = replayWith(createViewContext(withEffect(rock.loaded.pack), rock.loaded.assets), rock);
    const rockRemoved = eventOf(broken.result.events, "object_removed");
    expect(broken.timeline.effects).toHaveLength(1);
    expect(broken.timeline.effects[0]).toMatchObject({ cell: cellOf(rockRemoved.position), startMs: 0 });
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
    const turn = await turnWithEvent("fx_sliding_blocks", "multi_cell_object_exited");
    const exited = turn.event;
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
    const turn = await firstTurn("carrot_quest", breaksRock);
    const { result, timeline } = replayWith(createViewContext(turn.loaded.pack), turn);
    const removed = result.events.find((e) => e.animation === "breaking") as GameEvent;
    const rock = pieceAt(turn.before, "objects", ...cellOf(removed.position));
    const duration = turn.loaded.pack.kinds.get("rock")?.def.animations?.breaking?.duration ?? 0;
    const track = trackOf(timeline, rock.id);
    expect(spritePaths(track)).toEqual([]);
    expect(lastKey(track).t).toBe(duration);
    expect(sampleTrack(track, duration / 2).pose.opacity).toBeGreaterThan(0);
    expect(sampleTrack(track, duration).pose.opacity).toBe(0);
    // The avatar waits for the breaking, then takes one step.
    expect(timeline.durationMs).toBe(duration + DEFAULT_TIMINGS.moveDurationMs);
  });

  test("over every corpus gold path, a mover leaves its cell only once what makes way for it has played", async () => {
    let waited = 0;
    for (const { loaded, levelId } of await everyLevel()) {
      const controller = new ViewController(loaded.pack, levelId, { assets: loaded.assets });
      for (const action of goldActions(controller.session.level)) {
        const before = controller.scene;
        const { result, timeline } = controller.act(action as NonNullable<typeof action>);
        if (!timeline) throw new Error(`${loaded.name}/${levelId}: gold step refused`);
        const { trace } = traceOf({ controller, before, result });
        for (const site of [...trace.removals, ...trace.changes]) {
          if (site.makesWayFor === null) continue;
          const where = `${loaded.name}/${levelId} turn ${controller.session.actions.length}: ${site.id}`;
          const motion = trace.motions[site.makesWayFor];
          const clearing = timeline.tracks.find((t) => t.id === site.id);
          const mover = timeline.tracks.find((t) => t.id === motion?.id);
          if (!motion || !clearing || !mover) throw new Error(`${where}: no tracks`);
          // The mover's key that reaches the first cell of this motion, and the key it leaves from.
          const [x, y] = motion.path[1] as [number, number];
          const arrives = mover.keys.findIndex((k) => k.pose.x === x && k.pose.y === y);
          const leaves = mover.keys[arrives - 1]?.t ?? 0;
          expect(leaves, where).toBeGreaterThanOrEqual(lastKey(clearing).t);
          waited++;
        }
      }
    }
    expect(waited).toBeGreaterThanOrEqual(50);
  });
});
